import { TOTP_CODE_LENGTH } from '@ctn/contracts/security';
import { useState, type FormEvent } from 'react';
import { QrCode } from '@/components/qr-code';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import {
  useBeginTwoFactorSetup,
  useEnableTwoFactor,
  useFinishTwoFactorSetup,
} from '../api/account-security';
import { RecoveryCodesList } from './recovery-codes-list';

const FAILED = 'Two-factor authentication could not be set up. Please try again.';

/**
 * Turning two-factor sign-in on: a new secret as a QR code (and as text for apps that cannot
 * scan), a current code to prove the app has it, then the recovery codes, shown once. `onDone`
 * runs after the member confirms they saved the codes.
 */
export function TwoFactorSetup({
  onDone,
  onCancel,
}: {
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const begin = useBeginTwoFactorSetup();
  const enable = useEnableTwoFactor();
  const finish = useFinishTwoFactorSetup();
  const [code, setCode] = useState('');
  // The current password, asked first: a session alone cannot turn the factor on (decision 039).
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (enable.data)
    return (
      <div className="space-y-4">
        <Alert variant="success" title="Two-factor authentication is on">
          Save these recovery codes somewhere safe, away from your phone. Each one signs you in once
          if you lose your authenticator. They are shown only now.
        </Alert>
        <RecoveryCodesList codes={enable.data.recoveryCodes} />
        <Button
          onClick={() => {
            void finish().then(() => onDone?.());
          }}
        >
          I have saved my recovery codes
        </Button>
      </div>
    );

  if (!begin.data) {
    const start = (event: FormEvent) => {
      event.preventDefault();
      if (password === '') {
        setPasswordError('Enter your current password.');
        return;
      }
      setPasswordError(null);
      begin.mutate(password);
    };
    return (
      <form
        onSubmit={start}
        noValidate
        className="space-y-3"
        aria-label="Confirm your password to set up two-factor authentication"
      >
        {begin.error ? (
          <Alert variant="error">{errorMessage(begin.error, FAILED, FAILED)}</Alert>
        ) : null}
        <Field id="two-factor-password" label="Current password" error={passwordError ?? undefined}>
          {(control) => (
            <Input
              {...control}
              type="password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
              autoComplete="current-password"
              className="max-w-80"
            />
          )}
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={begin.isPending} loadingText="Preparing...">
            Set up two-factor authentication
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\s/g, '');
    if (!new RegExp(`^\\d{${TOTP_CODE_LENGTH}}$`).test(digits)) {
      setError('Enter the 6-digit code your app shows.');
      return;
    }
    setError(null);
    enable.mutate(
      { code: digits, password },
      { onError: (e) => setError(errorMessage(e, FAILED, FAILED)) },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-5"
      aria-label="Set up two-factor authentication"
    >
      <ol className="list-decimal space-y-1 pl-5 text-sm text-fg-muted">
        <li>
          Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password...).
        </li>
        <li>Scan the QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <QrCode
          value={begin.data.otpauthUri}
          alt="QR code to add this account to your authenticator app"
        />
        <div className="min-w-0 space-y-2">
          <p className="text-sm font-medium text-fg-muted">Key for typing in</p>
          <p className="font-mono text-sm break-all text-fg" data-testid="totp-secret">
            {begin.data.secret.replace(/(.{4})/g, '$1 ').trim()}
          </p>
        </div>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Field id="two-factor-code" label="Code from the app">
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              setError(null);
            }}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            className="max-w-40"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={enable.isPending} loadingText="Checking...">
          Turn on
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
