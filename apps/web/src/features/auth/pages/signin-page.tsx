import { loginRequestSchema, type LoginRequest } from '@ctn/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage } from '@/lib/api-client';
import { afterSignInPath, emailFrom, paths } from '@/lib/paths';
import { useStartSession } from '@/lib/session';
import { writePendingUser } from '@/lib/pending-user';
import { useLogin } from '../api/login';
import { AuthCard, textLinkClasses } from '../components/auth-card';

const SIGNIN_MESSAGES = {
  failed: 'Invalid email or password. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export function SigninPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const startSession = useStartSession();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const [rememberMe, setRememberMe] = useState(false);
  // Shown once the password proved right on an account with two-factor sign-in.
  const [needsCode, setNeedsCode] = useState(false);

  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    // Coming from a verified email, the address is filled in already.
    defaultValues: { email: emailFrom(location.state), password: '', totpCode: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  // Typing clears the field's message and the sign-in error (member section 5).
  const clearOnChange = (name: keyof LoginRequest) => ({
    onChange: () => {
      clearErrors(name);
      setFormError(null);
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    const { totpCode, ...credentials } = values;
    const input = needsCode && totpCode ? { ...credentials, totpCode } : credentials;
    login.mutate(input, {
      onSuccess: (result) => {
        if (result.kind === 'two-factor-required') {
          if (needsCode) setFormError('Enter the 6-digit code from your authenticator app.');
          setNeedsCode(true);
          return;
        }
        if (result.kind === 'verification-required') {
          writePendingUser(result.pendingUser);
          void navigate(paths.verifyEmail);
          return;
        }
        startSession(result.token, result.user, result.firstSignIn);
        void navigate(afterSignInPath(result.user, location.state), { replace: true });
      },
      onError: (error) =>
        setFormError(errorMessage(error, SIGNIN_MESSAGES.failed, SIGNIN_MESSAGES.unexpected)),
    });
  });

  return (
    <AuthCard
      title="Welcome back"
      documentTitle="Sign In"
      description="Sign in to track your copy trading and referral earnings."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} className={textLinkClasses}>
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Sign in">
        {formError ? <Alert variant="error">{formError}</Alert> : null}

        <Field id="signin-email" label="Email address" error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder="you@example.com"
              {...register('email', clearOnChange('email'))}
            />
          )}
        </Field>

        <Field
          id="signin-password"
          label="Password"
          error={errors.password?.message}
          labelAside={
            <Link to={paths.forgotPassword} className={`text-sm ${textLinkClasses}`}>
              Forgot password?
            </Link>
          }
        >
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              placeholder="Enter your password"
              {...register('password', clearOnChange('password'))}
            />
          )}
        </Field>

        {needsCode ? (
          <Field
            id="signin-totp"
            label="Authentication code"
            hint="The 6 digits your authenticator app shows now, or one of your recovery codes."
            error={errors.totpCode?.message}
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
                placeholder="123456"
                {...register('totpCode', clearOnChange('totpCode'))}
              />
            )}
          </Field>
        ) : null}

        <Checkbox
          id="signin-remember"
          label="Remember me"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />

        <Button
          type="submit"
          size="lg"
          fullWidth
          loading={login.isPending}
          loadingText="Signing in..."
        >
          {needsCode ? 'Verify and sign in' : 'Sign In'}
        </Button>
      </form>
    </AuthCard>
  );
}
