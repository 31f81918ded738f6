import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import {
  useDisableTwoFactor,
  useRenewRecoveryCodes,
  useTwoFactorStatus,
} from '../api/account-security';
import { RecoveryCodesList } from './recovery-codes-list';
import { TwoFactorSetup } from './two-factor-setup';

const FAILED = 'That did not work. Please try again.';
type Action = 'none' | 'setup' | 'disable' | 'renew';

/** Two-factor sign-in on the profile: its state, turning it on or off, new recovery codes. */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [action, setAction] = useState<Action>('none');

  return (
    <Card>
      <div className="flex items-start gap-3 p-6 pb-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Two-factor authentication</CardTitle>
          <CardDescription>
            A code from an authenticator app at every sign-in, so a stolen password alone opens
            nothing.
          </CardDescription>
        </div>
      </div>
      <CardContent className="space-y-4">
        {status.isPending ? (
          <Skeleton className="h-10 w-64" />
        ) : status.isError ? (
          <Alert variant="error">
            The two-factor status could not be loaded. Reload the page to try again.
          </Alert>
        ) : !status.data.enabled ? (
          action === 'setup' ? (
            <TwoFactorSetup onDone={() => setAction('none')} onCancel={() => setAction('none')} />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Badge variant="warning">Off</Badge>
              <Button onClick={() => setAction('setup')}>Turn on</Button>
            </div>
          )
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2 text-sm text-fg-muted">
              <Badge variant="success">On</Badge>
              since {status.data.enabledAt ? formatDateTime(status.data.enabledAt) : '—'} ·{' '}
              {status.data.recoveryCodesLeft} recovery codes left
            </p>
            {action === 'none' ? (
              <div className="flex flex-wrap gap-3">
                <Button variant="outline" onClick={() => setAction('renew')}>
                  New recovery codes
                </Button>
                {status.data.required ? null : (
                  <Button variant="danger-outline" onClick={() => setAction('disable')}>
                    Turn off
                  </Button>
                )}
              </div>
            ) : (
              <CodeConfirmation
                action={action}
                withPassword={action === 'disable'}
                onClose={() => setAction('none')}
              />
            )}
            {status.data.required ? (
              <p className="text-sm text-fg-muted">
                Administrators always sign in with a second factor.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Switching off (password and code) or renewing the recovery codes (code). */
function CodeConfirmation({
  action,
  withPassword,
  onClose,
}: {
  action: Action;
  withPassword: boolean;
  onClose: () => void;
}) {
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pending = disable.isPending || renew.isPending;

  if (renew.data)
    return (
      <div className="space-y-3">
        <Alert variant="success">Your new recovery codes; the old ones no longer work.</Alert>
        <RecoveryCodesList codes={renew.data.recoveryCodes} />
        <Button onClick={onClose}>Done</Button>
      </div>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (withPassword && password === '') return setError('Password is required');
    if (code.trim() === '') return setError('Enter the 6-digit code');
    setError(null);
    const onError = (e: unknown) => setError(errorMessage(e, FAILED, FAILED));
    if (action === 'disable') disable.mutate({ password, code }, { onSuccess: onClose, onError });
    else renew.mutate(code, { onError });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={
        action === 'disable' ? 'Turn off two-factor authentication' : 'New recovery codes'
      }
    >
      {action === 'disable' ? (
        <Alert variant="warning">
          Withdrawals are held for 24 hours after two-factor authentication is turned off.
        </Alert>
      ) : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
      {withPassword ? (
        <Field id="two-factor-password" label="Password">
          {(control) => (
            <PasswordInput
              {...control}
              value={password}
              autoComplete="current-password"
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      ) : null}
      <Field id="two-factor-confirm-code" label="Code from the app, or a recovery code">
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="one-time-code"
            className="max-w-48"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button
          type="submit"
          variant={action === 'disable' ? 'danger' : 'primary'}
          loading={pending}
        >
          {action === 'disable' ? 'Turn off' : 'Make new codes'}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
