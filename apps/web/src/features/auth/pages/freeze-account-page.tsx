import { CircleCheck, CircleX, ShieldAlert } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { AuthCard, StatusIcon } from '../components/auth-card';
import { useFreezeAccount, useFreezeState } from '../api/freeze-account';

export const FREEZE_TEXT = {
  checking: 'Checking your link...',
  ready:
    'Freezing stops every withdrawal from this account and signs it out on every device. Pending withdrawal requests stay pending and cannot be paid. Only our support team can lift the freeze, after checking with you.',
  frozen:
    'Your account is frozen: withdrawals are stopped and every session is signed out. Our administrators have been told. Reset your password, then contact support to lift the freeze.',
  invalid:
    'This link is invalid or has expired. Use the link of a newer email, or contact support.',
  failed: 'The link could not be checked. Please try again.',
  freezeFailed: 'Your account could not be frozen. Please try again.',
} as const;

/**
 * "Not me? Freeze my account" (decision 040), opened from a security or money mail, signed out:
 * the link is checked first (checking, then ready or already frozen, or invalid), and nothing
 * changes until the owner confirms with the button (a mail scanner opening links freezes nothing).
 */
export function FreezeAccountPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const state = useFreezeState(token);
  const freeze = useFreezeAccount();

  const onFreeze = () => {
    if (!token || freeze.isPending) return;
    // Every session of the account ends on the server; a tab signed in here hears it at its next call.
    freeze.mutate(token);
  };

  const toSignIn = (
    <Link
      to={paths.signin}
      className={buttonClasses({ variant: 'outline', size: 'lg', fullWidth: true })}
    >
      Go to Sign In
    </Link>
  );

  if (token && state.isPending) {
    return (
      <AuthCard
        title="Freeze my account"
        icon={
          <StatusIcon tone="info">
            <Spinner className="size-7" />
          </StatusIcon>
        }
      >
        <Alert variant="info">{FREEZE_TEXT.checking}</Alert>
      </AuthCard>
    );
  }

  if (freeze.isSuccess || state.data?.state === 'FROZEN') {
    return (
      <AuthCard
        title="Account frozen"
        documentTitle="Freeze my account"
        icon={
          <StatusIcon tone="success">
            <CircleCheck className="size-7" aria-hidden="true" />
          </StatusIcon>
        }
      >
        <div className="space-y-5">
          <Alert variant="success">{FREEZE_TEXT.frozen}</Alert>
          <Link
            to={paths.forgotPassword}
            className={buttonClasses({ size: 'lg', fullWidth: true })}
          >
            Reset my password
          </Link>
        </div>
      </AuthCard>
    );
  }

  if (!token || state.isError) {
    return (
      <AuthCard
        title="Link not valid"
        documentTitle="Freeze my account"
        icon={
          <StatusIcon tone="danger">
            <CircleX className="size-7" aria-hidden="true" />
          </StatusIcon>
        }
      >
        <div className="space-y-4">
          <Alert variant="error">
            {token
              ? errorMessage(state.error, FREEZE_TEXT.invalid, FREEZE_TEXT.failed)
              : FREEZE_TEXT.invalid}
          </Alert>
          {token ? (
            <Button variant="outline" size="lg" fullWidth onClick={() => void state.refetch()}>
              Try again
            </Button>
          ) : null}
          {toSignIn}
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Not you? Freeze your account"
      documentTitle="Freeze my account"
      icon={
        <StatusIcon tone="danger">
          <ShieldAlert className="size-7" aria-hidden="true" />
        </StatusIcon>
      }
    >
      <div className="space-y-5">
        <p className="text-center text-sm text-fg-muted">
          Account: <span className="font-semibold text-fg">{state.data?.maskedEmail}</span>
        </p>
        <Alert variant="warning">{FREEZE_TEXT.ready}</Alert>
        {freeze.isError ? (
          <Alert variant="error">{errorMessage(freeze.error, FREEZE_TEXT.freezeFailed)}</Alert>
        ) : null}
        <Button
          variant="danger"
          size="lg"
          fullWidth
          loading={freeze.isPending}
          loadingText="Freezing..."
          onClick={onFreeze}
        >
          Freeze my account
        </Button>
        {toSignIn}
      </div>
    </AuthCard>
  );
}
