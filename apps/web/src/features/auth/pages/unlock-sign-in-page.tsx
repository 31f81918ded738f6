import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { CircleCheck, CircleX } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useUnlockSignIn } from '../api/unlock-sign-in';
import { AuthCard, StatusIcon } from '../components/auth-card';

const FAILED = 'This link could not be used. It may be invalid, used or expired.';
const TITLE = 'Resume Sign-In';

/**
 * The link mailed when wrong passwords or codes paused an account (decision 039): following it
 * ends the pause once; the owner then signs in as usual. Four states, as the verify-email page:
 * no token, working, done, failed.
 */
export function UnlockSignInPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const { mutate: unlock, ...unlocking } = useUnlockSignIn();
  // Once per token: a ref survives React's development double effects.
  const attempted = useRef<string | null>(null);
  useEffect(() => {
    if (!token || attempted.current === token) return;
    attempted.current = token;
    unlock({ token });
  }, [token, unlock]);

  const signIn = (
    <Link to={paths.signin} className={buttonClasses({ size: 'lg', fullWidth: true })}>
      Go to Sign In
    </Link>
  );

  if (unlocking.isSuccess)
    return (
      <AuthCard
        title="Sign-In Resumed"
        documentTitle={TITLE}
        icon={
          <StatusIcon tone="success">
            <CircleCheck className="size-7" />
          </StatusIcon>
        }
        footer={signIn}
      >
        <Alert variant="success">{SUCCESS_MESSAGES.SIGN_IN_RESUMED}</Alert>
      </AuthCard>
    );

  if (!token || unlocking.isError)
    return (
      <AuthCard
        title="Link Not Valid"
        documentTitle={TITLE}
        icon={
          <StatusIcon tone="danger">
            <CircleX className="size-7" />
          </StatusIcon>
        }
        footer={signIn}
      >
        <Alert variant="error">
          {token
            ? errorMessage(unlocking.error, FAILED, FAILED)
            : 'This link has no token. Open the link from the email again.'}
        </Alert>
      </AuthCard>
    );

  return (
    <AuthCard
      title="Resuming Sign-In..."
      documentTitle={TITLE}
      icon={
        <StatusIcon tone="info">
          <Spinner className="size-7" />
        </StatusIcon>
      }
    >
      <Alert variant="info">Please wait a moment.</Alert>
    </AuthCard>
  );
}
