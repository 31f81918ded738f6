import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { isEmail } from '@ctn/contracts/validation';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard, StatusIcon, textLinkClasses } from '../components/auth-card';

const MESSAGES = {
  failed: 'An error occurred. Please try again.',
  invalidEmail: 'Email is invalid',
} as const;

export function ForgotPasswordPage() {
  const forgotPassword = useForgotPassword();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = email.trim();
    if (!value || forgotPassword.isPending) return;
    if (!isEmail(value)) {
      setFieldError(MESSAGES.invalidEmail);
      return;
    }
    setFormError(null);
    forgotPassword.mutate(
      { email: value },
      { onError: (error) => setFormError(errorMessage(error, MESSAGES.failed)) },
    );
  };

  if (forgotPassword.isSuccess) {
    return (
      <AuthCard
        title="Check your email"
        icon={
          <StatusIcon tone="success">
            <MailCheck className="size-7" aria-hidden="true" />
          </StatusIcon>
        }
        description={SUCCESS_MESSAGES.PASSWORD_RESET_EMAIL_SENT}
      >
        <p className="mb-6 text-center text-sm text-fg-muted">
          The link expires after a short while. If nothing arrives, check your spam folder or
          request a new link.
        </p>
        <Link to={paths.signin} className={buttonClasses({ size: 'lg', fullWidth: true })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Sign In
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgot your password?"
      documentTitle="Forgot Password"
      description="Enter the email address of your account and we will send you a link to reset your password."
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.signin} className={textLinkClasses}>
            Back to Sign In
          </Link>
        </>
      }
    >
      <form
        onSubmit={onSubmit}
        noValidate
        className="space-y-5"
        aria-label="Request a password reset link"
      >
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        <Field id="forgot-email" label="Email address" error={fieldError ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setFieldError(null);
                setFormError(null);
              }}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={email.trim() === ''}
          loading={forgotPassword.isPending}
          loadingText="Sending..."
        >
          Send Reset Link
        </Button>
      </form>
    </AuthCard>
  );
}
