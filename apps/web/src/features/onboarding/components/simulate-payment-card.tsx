import { AMOUNT_STEP } from '@ctn/contracts/constants';
import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { FlaskConical, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { formatUsdt } from '@/lib/format';
import { useSimulatePayment } from '../api/simulate-payment';

const MESSAGES = {
  invalidAmount: 'Enter an amount greater than 0',
  failed: 'Failed to simulate the payment',
} as const;

/**
 * Development only (the server runs the simulated chain): sends a simulated USDT transfer to the
 * member's deposit address and credits it at once. Paying 9.99 and then 0.01 shows credit
 * carrying over to a full fee.
 */
export function SimulatePaymentCard({ feeUsdt }: { feeUsdt: number }) {
  const [amount, setAmount] = useState(String(feeUsdt));
  const [invalid, setInvalid] = useState(false);
  const simulate = useSimulatePayment();
  const [sent, setSent] = useState<number | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) {
      setInvalid(true);
      return;
    }
    setSent(null);
    simulate.mutate(value, { onSuccess: () => setSent(value) });
  };

  return (
    <Card
      role="region"
      aria-labelledby="simulate-payment-title"
      className="border-dashed border-amber-500/50 bg-warning-soft/40"
    >
      <div className="space-y-4 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-warning-soft text-warning-soft-fg">
            <FlaskConical className="size-4" aria-hidden="true" />
          </span>
          <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id="simulate-payment-title" className="font-semibold text-fg">
              Simulate a payment (development only)
            </h2>
            <Badge variant="warning">Development only</Badge>
          </div>
        </div>
        <p className="text-sm text-fg-muted">
          This server runs a simulated chain: no real USDT moves. The amount is sent to your deposit
          address and confirmed at once. Try 9.99, then 0.01, to see the credit carry over.
        </p>
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Simulate a payment"
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <Field
            id="simulate-amount"
            label="Amount (USDT)"
            error={invalid ? MESSAGES.invalidAmount : undefined}
            className="sm:w-56"
          >
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="decimal"
                step={AMOUNT_STEP}
                min={AMOUNT_STEP}
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  setInvalid(false);
                }}
              />
            )}
          </Field>
          <Button
            type="submit"
            variant="outline"
            loading={simulate.isPending}
            loadingText="Sending..."
            className="sm:mt-7"
          >
            <Send className="size-4" aria-hidden="true" />
            Simulate payment
          </Button>
        </form>
        {simulate.isError ? (
          <Alert variant="error">{errorMessage(simulate.error, MESSAGES.failed)}</Alert>
        ) : sent !== null ? (
          <Alert variant="success">
            {SUCCESS_MESSAGES.PAYMENT_SIMULATED} ({formatUsdt(sent)})
          </Alert>
        ) : null}
      </div>
    </Card>
  );
}
