import type { OtpRequestResponse } from '@ctn/contracts/withdrawals';
import { sanitiseOtpInput } from '@ctn/contracts/validation';
import { Clock } from 'lucide-react';
import { useId, useRef, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatTime, formatUsdt } from '@/lib/format';
import { canVerify, type WithdrawalDraft } from '../lib/withdrawal-form';
import { ResendCodeButton } from './resend-code-button';
import { StepFooter } from './step-footer';

export type SubmitPhase = 'verifying' | 'submitting';

export interface CodeStepError {
  text: string;
  /** The code is void (expired, too many attempts): offer a new one next to the message. */
  newCode: boolean;
}

export interface WithdrawalCodeStepProps {
  draft: WithdrawalDraft;
  otp: OtpRequestResponse;
  code: string;
  onCode: (code: string) => void;
  /**
   * The member signs in with a second factor: every withdrawal also needs a current code of the
   * authenticator app (or a recovery code), asked here beside the mailed one (decision 040).
   */
  twoFactor: boolean;
  totp: string;
  onTotp: (totp: string) => void;
  error: CodeStepError | null;
  /** A quiet confirmation (a new code was mailed). */
  notice: string | null;
  phase: SubmitPhase | null;
  resending: boolean;
  onVerify: () => void;
  onBack: () => void;
  /** Resolves true once a new code is on its way. */
  onResend: () => Promise<boolean>;
}

/** Step two (member sections 2 and 5, "OTP"): the 6-digit code, then Verify & Submit. */
export function WithdrawalCodeStep({
  draft,
  otp,
  code,
  onCode,
  twoFactor,
  totp,
  onTotp,
  error,
  notice,
  phase,
  resending,
  onVerify,
  onBack,
  onResend,
}: WithdrawalCodeStepProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const busy = phase !== null || resending;
  const ready = canVerify(code, busy) && (!twoFactor || totp.trim() !== '');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ready) onVerify();
  };

  const resend = () => {
    void onResend().then((sent) => {
      // The new code goes where the old one was; the resend button may be gone by now.
      if (sent) inputRef.current?.focus();
    });
  };

  const resendButton = (label: string, variant: 'link' | 'outline') => (
    <ResendCodeButton
      key={otp.resendAvailableAt}
      resendAvailableAt={otp.resendAvailableAt}
      label={label}
      variant={variant}
      sending={resending}
      disabled={phase !== null}
      onResend={resend}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Verification" className="space-y-5">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border border-border bg-surface-muted px-3.5 py-3 text-sm">
        <dt className="text-fg-muted">Amount</dt>
        <dd className="text-right font-semibold text-fg tabular-nums">
          {formatUsdt(draft.amount)}
        </dd>
        <dt className="text-fg-muted">To</dt>
        <dd className="text-right font-mono text-xs break-all text-fg">{draft.walletAddress}</dd>
      </dl>

      <p className="flex items-center gap-2 text-sm text-fg-muted">
        <Clock className="size-4 shrink-0" aria-hidden="true" />
        <span id={`${id}-expiry`}>Code expires at {formatTime(otp.expiresAt)}</span>
      </p>

      <Field id={`${id}-code`} label="Verification code">
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            // Lands here from the form step, so the code can be typed or pasted at once.
            autoFocus
            aria-describedby={[control['aria-describedby'], `${id}-expiry`]
              .filter(Boolean)
              .join(' ')}
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="000000"
            readOnly={phase !== null}
            value={code}
            onChange={(event) => onCode(sanitiseOtpInput(event.target.value))}
            className="h-14 text-center font-mono text-2xl tracking-[0.5em] tabular-nums"
          />
        )}
      </Field>

      {twoFactor ? (
        <Field
          id={`${id}-totp`}
          label="Authenticator code"
          hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="000000"
              readOnly={phase !== null}
              value={totp}
              onChange={(event) => onTotp(event.target.value.slice(0, 32))}
              className="font-mono tabular-nums"
            />
          )}
        </Field>
      ) : null}

      {error ? (
        <Alert variant="error">
          <p>{error.text}</p>
          {error.newCode ? (
            <div className="mt-2">{resendButton('Request a new code', 'outline')}</div>
          ) : null}
        </Alert>
      ) : null}
      {notice ? <Alert variant="success">{notice}</Alert> : null}

      {error?.newCode ? null : (
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
          <p className="text-fg-muted">No email? Check your spam folder.</p>
          {resendButton('Resend code', 'link')}
        </div>
      )}

      <StepFooter>
        <Button variant="outline" onClick={onBack} disabled={phase !== null}>
          Back
        </Button>
        <Button
          type="submit"
          disabled={!ready}
          loading={phase !== null}
          loadingText={phase === 'verifying' ? 'Verifying...' : 'Submitting...'}
        >
          Verify &amp; Submit
        </Button>
      </StepFooter>
    </form>
  );
}
