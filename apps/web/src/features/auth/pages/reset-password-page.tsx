import { REDIRECT_DELAY_MS } from '@ctn/contracts/constants';
import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { failedPasswordRules, RESET_PASSWORD_MESSAGES } from '@ctn/contracts/validation';
import { CircleCheck, CircleX, KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useResetTokenCheck } from '../api/check-reset-token';
import { useResetPassword } from '../api/reset-password';
import { AuthCard, StatusIcon, textLinkClasses } from '../components/auth-card';
import { PasswordRules } from '../components/password-rules';

const MESSAGES = {
  invalidToken:
    'Password reset token is invalid or has expired. Please request a new password reset.',
  notActive: 'Your account is not active. Please contact support.',
  validation: 'Validation error occurred.',
  failed: 'Failed to reset password. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

const messageDataSchema = z.object({ message: z.string().min(1) });

/** The answers of the link check that mean the link is dead (not a failure to check it). */
const DEAD_LINK_CODES: ReadonlySet<string> = new Set([
  'INVALID_OR_EXPIRED_TOKEN',
  'TOKEN_REQUIRED',
  'ACCOUNT_NOT_ACTIVE',
]);

type PasswordField = 'newPassword' | 'confirmPassword';
type FieldErrors = Partial<Record<PasswordField, string>>;

/** The server's messages per field of a VALIDATION_ERROR (the common-password refusal, say). */
function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error)) return {};
  const { newPassword, confirmPassword } = error.fieldErrors();
  return { newPassword, confirmPassword };
}

/** The text of a failed reset (member section 8, "Reset password"). */
function resetPasswordErrorText(error: unknown): string {
  if (!isApiError(error)) return MESSAGES.unexpected;
  switch (error.code) {
    case 'INVALID_OR_EXPIRED_TOKEN':
    case 'TOKEN_REQUIRED':
      return MESSAGES.invalidToken;
    case 'ACCOUNT_NOT_ACTIVE':
      return MESSAGES.notActive;
    case 'VALIDATION_ERROR': {
      if (error.invalidFields.length > 0)
        return error.invalidFields.map((item) => item.message).join(', ');
      const single = messageDataSchema.safeParse(error.data);
      return single.success ? single.data.message : MESSAGES.validation;
    }
    // More specific than the generic fallback: the server's rule, in the catalogue's words.
    case 'SAME_PASSWORD_ERROR':
    case 'NETWORK_ERROR':
      return error.text;
    default:
      return MESSAGES.failed;
  }
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // The link is checked before the member types: a dead one says so at once (issue 20).
  const check = useResetTokenCheck(token);

  const succeeded = resetPassword.isSuccess;
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(
      () => void navigate(paths.signin, { replace: true }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [succeeded, navigate]);

  if (!token) return <Navigate to={paths.forgotPassword} replace />;

  const rulesFail = failedPasswordRules(newPassword).length > 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (resetPassword.isPending) return;
    if (rulesFail) {
      setFormError(RESET_PASSWORD_MESSAGES.fixRequirements);
      return;
    }
    if (newPassword !== confirmPassword) {
      setFormError(RESET_PASSWORD_MESSAGES.mismatch);
      return;
    }
    setFormError(null);
    setFieldErrors({});
    resetPassword.mutate(
      { token, newPassword, confirmPassword },
      {
        onError: (error) => {
          setFormError(resetPasswordErrorText(error));
          setFieldErrors(serverFieldErrors(error));
        },
      },
    );
  };

  if (succeeded) {
    return (
      <AuthCard
        title="Password reset successful"
        documentTitle="Reset Password"
        icon={
          <StatusIcon tone="success">
            <CircleCheck className="size-7" aria-hidden="true" />
          </StatusIcon>
        }
        description={SUCCESS_MESSAGES.PASSWORD_RESET_SUCCESSFUL}
      >
        <p role="status" className="mb-6 text-center text-sm text-fg-muted">
          Redirecting you to sign in...
        </p>
        <Link to={paths.signin} replace className={buttonClasses({ size: 'lg', fullWidth: true })}>
          Continue to Sign In
        </Link>
      </AuthCard>
    );
  }

  if (check.isPending) {
    return (
      <AuthCard
        title="Checking your reset link..."
        documentTitle="Reset Password"
        icon={
          <StatusIcon tone="info">
            <Spinner className="size-7" />
          </StatusIcon>
        }
      >
        <p role="status" className="text-center text-sm text-fg-muted">
          This only takes a moment.
        </p>
      </AuthCard>
    );
  }

  // Only the server's "no" ends the form: a check that could not be made leaves it open (the
  // reset checks again), with a note.
  const refused = check.isError && isApiError(check.error) && DEAD_LINK_CODES.has(check.error.code);
  if (refused) {
    return (
      <AuthCard
        title="This reset link cannot be used"
        documentTitle="Reset Password"
        icon={
          <StatusIcon tone="danger">
            <CircleX className="size-7" aria-hidden="true" />
          </StatusIcon>
        }
        footer={
          <Link to={paths.signin} className={textLinkClasses}>
            Back to Sign In
          </Link>
        }
      >
        <div className="space-y-5">
          <Alert variant="error">{resetPasswordErrorText(check.error)}</Alert>
          <Link
            to={paths.forgotPassword}
            replace
            className={buttonClasses({ size: 'lg', fullWidth: true })}
          >
            Request a new link
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Set a new password"
      documentTitle="Reset Password"
      icon={
        <StatusIcon tone="primary">
          <KeyRound className="size-7" aria-hidden="true" />
        </StatusIcon>
      }
      description="Choose a strong password you have not used for this account before."
      footer={
        <Link to={paths.signin} className={textLinkClasses}>
          Back to Sign In
        </Link>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Reset password">
        {formError ? <Alert variant="error">{formError}</Alert> : null}
        {check.isError && !formError ? (
          <Alert variant="warning">
            We could not check your reset link just now. You can still set your password.
          </Alert>
        ) : null}

        <Field
          id="reset-new-password"
          label="New password"
          error={fieldErrors.newPassword}
          hint={<PasswordRules password={newPassword} />}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              placeholder="Enter a new password"
              value={newPassword}
              onChange={(event) => {
                setNewPassword(event.target.value);
                setFormError(null);
                setFieldErrors(({ newPassword: _cleared, ...rest }) => rest);
              }}
            />
          )}
        </Field>

        <Field
          id="reset-confirm-password"
          label="Confirm new password"
          error={fieldErrors.confirmPassword}
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              placeholder="Repeat the new password"
              value={confirmPassword}
              onChange={(event) => {
                setConfirmPassword(event.target.value);
                setFormError(null);
                setFieldErrors(({ confirmPassword: _cleared, ...rest }) => rest);
              }}
            />
          )}
        </Field>

        <Button
          type="submit"
          size="lg"
          fullWidth
          disabled={rulesFail}
          loading={resetPassword.isPending}
          loadingText="Resetting password..."
        >
          Reset Password
        </Button>
      </form>
    </AuthCard>
  );
}
