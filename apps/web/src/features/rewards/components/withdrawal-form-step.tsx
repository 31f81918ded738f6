import type { OtpRequestResponse } from '@ctn/contracts/withdrawals';
import { CircleCheck, CircleX } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { floorUsdt } from '@ctn/contracts/money-display';
import { formatUsdt, UNKNOWN_FIGURE } from '@/lib/format';
import { useSecondsLeft } from '../lib/use-seconds-left';
import {
  canContinue,
  minimumHint,
  parseAmount,
  walletIndicator,
  WITHDRAWAL_TEXT,
  type WithdrawalFormValues,
} from '../lib/withdrawal-form';
import { StepFooter } from './step-footer';

export interface WithdrawalFormStepProps {
  values: WithdrawalFormValues;
  onValues: (values: WithdrawalFormValues) => void;
  error: string | null;
  /** The code is being requested. */
  busy: boolean;
  balance: number;
  minimum: number;
  onContinue: () => void;
  onCancel: () => void;
  /** The times of a code already mailed for this request: "I have a code" goes back to it. */
  openCode: OtpRequestResponse | null;
  onHaveCode: () => void;
}

export const NETWORK_WARNING =
  'Send only to a USDT address on BNB Smart Chain (BEP20). USDT sent to an address on another network cannot be recovered.';

/** Back to the code already mailed, saying when another can be asked for. */
function HaveCodeButton({
  otp,
  disabled,
  onClick,
}: {
  otp: OtpRequestResponse;
  disabled: boolean;
  onClick: () => void;
}) {
  const wait = useSecondsLeft(otp.resendAvailableAt);
  return (
    <Button variant="link" onClick={onClick} disabled={disabled} className="min-h-10">
      {wait > 0 ? `I have a code · resend in ${wait} s` : 'I have a code'}
    </Button>
  );
}

/** Step one (member section 5, "Withdrawal form"): amount, address, the fixed asset. */
export function WithdrawalFormStep({
  values,
  onValues,
  error,
  busy,
  balance,
  minimum,
  onContinue,
  onCancel,
  openCode,
  onHaveCode,
}: WithdrawalFormStepProps) {
  const id = useId();
  const indicator = walletIndicator(values.walletAddress);
  const amount = parseAmount(values.amount);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Enter submits too; it must obey the same rule as the button.
    if (canContinue(values, busy)) onContinue();
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Withdrawal details" className="space-y-5">
      <Field
        id={`${id}-amount`}
        label="Amount (USDT)"
        hint={`${minimumHint(minimum)} · Available ${formatUsdt(balance)}`}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              // Back from the code step lands here too, not on the body behind the dialog.
              autoFocus
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0.01"
              max={balance}
              placeholder="0.00"
              autoComplete="off"
              readOnly={busy}
              value={values.amount}
              onChange={(event) => onValues({ ...values, amount: event.target.value })}
              className="tabular-nums"
            />
            <Button
              variant="outline"
              // The figure shown as Available, never a micro more (decision 050).
              onClick={() => onValues({ ...values, amount: String(floorUsdt(balance)) })}
              disabled={busy || balance <= 0}
              aria-label={`Withdraw the whole balance, ${formatUsdt(balance)}`}
            >
              Max
            </Button>
          </div>
        )}
      </Field>

      <Field
        id={`${id}-wallet`}
        label="Wallet Address"
        hint={
          // Polite: the indicator only changes when validity flips, not on every key.
          <span aria-live="polite" className="flex items-center gap-1.5">
            {indicator === 'valid' ? (
              <>
                <CircleCheck className="size-4 shrink-0 text-success-soft-fg" aria-hidden="true" />
                <span className="font-medium text-success-soft-fg">
                  {WITHDRAWAL_TEXT.walletValid}
                </span>
              </>
            ) : indicator === 'invalid' ? (
              <>
                <CircleX className="size-4 shrink-0 text-danger" aria-hidden="true" />
                <span className="font-medium text-danger">{WITHDRAWAL_TEXT.walletInvalid}</span>
              </>
            ) : (
              '40 hexadecimal digits, optionally starting with 0x.'
            )}
          </span>
        }
      >
        {(control) => (
          <Input
            {...control}
            aria-invalid={indicator === 'invalid'}
            placeholder="0x..."
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            readOnly={busy}
            value={values.walletAddress}
            onChange={(event) => onValues({ ...values, walletAddress: event.target.value })}
            className="font-mono text-sm"
          />
        )}
      </Field>

      {/* The asset is always USDT (member section 5): shown, never chosen. */}
      <dl className="divide-y divide-border rounded-lg border border-border bg-surface-muted px-3.5 text-sm">
        <div className="flex items-center justify-between gap-3 py-2.5">
          <dt className="text-fg-muted">Asset</dt>
          <dd className="font-semibold text-fg">USDT</dd>
        </div>
        <div className="flex items-center justify-between gap-3 py-2.5">
          <dt className="text-fg-muted">Network</dt>
          <dd className="text-right font-semibold text-fg">BNB Smart Chain (BEP20)</dd>
        </div>
        <div className="flex items-center justify-between gap-3 py-2.5">
          <dt className="text-fg-muted">You receive</dt>
          <dd className="font-semibold text-fg tabular-nums" data-testid="receive-amount">
            {amount !== null && amount > 0 ? formatUsdt(amount) : UNKNOWN_FIGURE}
          </dd>
        </div>
      </dl>
      <Alert variant="warning">{NETWORK_WARNING}</Alert>

      {openCode ? <HaveCodeButton otp={openCode} disabled={busy} onClick={onHaveCode} /> : null}

      {error ? <Alert variant="error">{error}</Alert> : null}

      <StepFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={!canContinue(values, busy)}
          loading={busy}
          loadingText="Requesting OTP..."
        >
          Continue
        </Button>
      </StepFooter>
    </form>
  );
}
