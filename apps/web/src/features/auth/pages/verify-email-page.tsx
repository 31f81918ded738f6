import { REDIRECT_DELAY_MS } from '@ctn/contracts/constants';
import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { isEmail } from '@ctn/contracts/validation';
import { CircleCheck, CircleX, Mail, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, type AlertVariant } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { homePathFor, paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { clearPendingUser, readPendingUser } from '@/lib/pending-user';
import { useResendVerificationEmail } from '../api/resend-verification-email';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard, StatusIcon } from '../components/auth-card';

const MESSAGES = {
  noRegistrationEmail: 'No email found from registration. Please register again.',
  verified: SUCCESS_MESSAGES.EMAIL_VERIFIED,
  verifyFailed: 'Email verification failed. The token may be invalid or expired.',
  verifyException: 'An error occurred during verification. Please try again.',
  resent: SUCCESS_MESSAGES.VERIFICATION_EMAIL_SENT,
  resendFailed: 'Failed to resend verification email.',
  resendException: 'An error occurred while resending the email.',
} as const;

type Status = 'pending' | 'verifying' | 'success' | 'error';

interface Notice {
  variant: AlertVariant;
  text: string;
}

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const session = useSession();
  const [pendingUser] = useState(readPendingUser);
  const { mutate: verify, ...verification } = useVerifyEmail();
  const resend = useResendVerificationEmail();
  const [resendNotice, setResendNotice] = useState<Notice | null>(null);
  // Without a pending user (another device, cleared storage) the member names the address, so
  // the resend can work instead of only saying there is no email.
  const [typedEmail, setTypedEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  const redirectTo =
    session.status === 'authenticated' && session.user.isEmailVerified
      ? homePathFor(session.user)
      : null;

  // With a token, verify once: a ref survives React's development double effects.
  const attemptedToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || redirectTo || attemptedToken.current === token) return;
    attemptedToken.current = token;
    verify({ token });
  }, [token, redirectTo, verify]);

  const status: Status = verification.isSuccess
    ? 'success'
    : verification.isError
      ? 'error'
      : token
        ? 'verifying'
        : 'pending';

  useEffect(() => {
    if (status !== 'success') return;
    clearPendingUser();
    // The sign-in form opens with the address filled in (issue 18): only the password is left.
    const email = pendingUser?.email;
    const timer = setTimeout(
      () => void navigate(paths.signin, { replace: true, ...(email ? { state: { email } } : {}) }),
      REDIRECT_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [status, navigate, pendingUser]);

  if (redirectTo) return <Navigate to={redirectTo} replace />;

  const onResend = () => {
    if (resend.isPending) return;
    const email = pendingUser?.email ?? typedEmail.trim();
    if (!pendingUser) {
      const problem = !email ? 'Email is required' : isEmail(email) ? null : 'Email is invalid';
      if (problem) {
        setEmailError(problem);
        emailInput.current?.focus();
        return;
      }
    }
    setResendNotice(null);
    resend.mutate(
      { email },
      {
        onSuccess: () => setResendNotice({ variant: 'success', text: MESSAGES.resent }),
        onError: (error) =>
          setResendNotice({
            variant: 'error',
            text: errorMessage(error, MESSAGES.resendFailed, MESSAGES.resendException),
          }),
      },
    );
  };

  const resendButton = (
    <Button
      type={pendingUser ? 'button' : 'submit'}
      size="lg"
      fullWidth
      onClick={pendingUser ? onResend : undefined}
      loading={resend.isPending}
      loadingText="Sending..."
    >
      <RefreshCw className="size-4" aria-hidden="true" />
      Resend Verification Email
    </Button>
  );

  const resendControls = (
    <div className="space-y-4">
      {resendNotice ? <Alert variant={resendNotice.variant}>{resendNotice.text}</Alert> : null}
      {pendingUser ? (
        resendButton
      ) : (
        <form
          noValidate
          aria-label="Resend the verification email"
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onResend();
          }}
        >
          <Field
            id="verify-resend-email"
            label="Email address"
            hint="The address you registered with: we send a new link there."
            error={emailError ?? undefined}
          >
            {(control) => (
              <Input
                {...control}
                ref={emailInput}
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={typedEmail}
                onChange={(event) => {
                  setTypedEmail(event.target.value);
                  setEmailError(null);
                  setResendNotice(null);
                }}
              />
            )}
          </Field>
          {resendButton}
        </form>
      )}
    </div>
  );

  const resendFooter = (
    <p>
      Didn&apos;t receive the email? Check your spam folder or{' '}
      <button
        type="button"
        onClick={pendingUser ? onResend : () => emailInput.current?.focus()}
        disabled={resend.isPending}
        className="font-semibold text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
      >
        request a new one
      </button>
    </p>
  );

  const backToSignIn = (
    <Link
      to={paths.signin}
      className={buttonClasses({ variant: 'outline', size: 'lg', fullWidth: true })}
    >
      Back to Sign In
    </Link>
  );

  if (status === 'verifying') {
    return (
      <AuthCard
        title="Verifying Email..."
        documentTitle="Verify Email"
        icon={
          <StatusIcon tone="info">
            <Spinner className="size-7" />
          </StatusIcon>
        }
      >
        <Alert variant="info">
          Please wait while we verify your email address. This only takes a moment.
        </Alert>
      </AuthCard>
    );
  }

  if (status === 'success') {
    return (
      <AuthCard
        title="Email Verified!"
        documentTitle="Verify Email"
        icon={
          <StatusIcon tone="success">
            <CircleCheck className="size-7" aria-hidden="true" />
          </StatusIcon>
        }
      >
        <div className="space-y-5">
          <Alert variant="success">{MESSAGES.verified}</Alert>
          <p className="text-center text-sm text-fg-muted">
            You will be redirected to sign in shortly.
          </p>
          <Link
            to={paths.signin}
            replace
            {...(pendingUser ? { state: { email: pendingUser.email } } : {})}
            className={buttonClasses({ size: 'lg', fullWidth: true })}
          >
            Continue to Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (status === 'error') {
    return (
      <AuthCard
        title="Verification Failed"
        documentTitle="Verify Email"
        icon={
          <StatusIcon tone="danger">
            <CircleX className="size-7" aria-hidden="true" />
          </StatusIcon>
        }
        footer={resendFooter}
      >
        <div className="space-y-4">
          <Alert variant="error">
            {errorMessage(verification.error, MESSAGES.verifyFailed, MESSAGES.verifyException)}
          </Alert>
          {resendControls}
          {backToSignIn}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Verify Your Email"
      documentTitle="Verify Email"
      icon={
        <StatusIcon tone="primary">
          <Mail className="size-7" aria-hidden="true" />
        </StatusIcon>
      }
      footer={resendFooter}
    >
      <div className="space-y-4">
        {pendingUser ? (
          <Alert variant="info">
            We&apos;ve sent a verification email to{' '}
            <strong className="font-semibold break-all">{pendingUser.email}</strong>. Click the link
            in that email to activate your account.
            {pendingUser.referredBy ? (
              <span className="mt-2 block">
                Referred by <strong className="font-semibold">{pendingUser.referredBy}</strong>
                {/* "Alex M." ends its own sentence: no "Alex M..". */}
                {pendingUser.referredBy.endsWith('.') ? '' : '.'} Not who invited you? Register
                again with the right referral code before you verify; the new registration replaces
                this one.
              </span>
            ) : null}
          </Alert>
        ) : (
          <Alert variant="warning">{MESSAGES.noRegistrationEmail}</Alert>
        )}
        {resendControls}
        {backToSignIn}
      </div>
    </AuthCard>
  );
}
