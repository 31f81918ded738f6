import { MIN_EXCHANGE_BALANCE_USDT } from '@ctn/contracts/constants';
import type { UidCheck, UidCriterion } from '@ctn/contracts/onboarding';
import { CircleCheck, CircleHelp, CircleX, SearchCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useCheckBingXUid } from '../api/check-bingx-uid';

/** What each criterion says when met, when missing (what to do), and when BingX did not say. */
const TEXT: Record<UidCriterion, { met: string; missing: string; unknown: string }> = {
  INVITED: {
    met: 'Opened BingX through our link',
    missing: 'Open BingX through our link: this account was not invited by us',
    unknown: 'BingX did not say whether this account joined through our link',
  },
  KYC: {
    met: 'KYC completed',
    missing: 'Complete KYC (identity verification) on BingX',
    unknown: 'BingX did not say whether KYC is complete',
  },
  DEPOSIT: {
    met: `Deposited at least ${MIN_EXCHANGE_BALANCE_USDT} USDT`,
    missing: `The balance is below ${MIN_EXCHANGE_BALANCE_USDT} USDT: deposit enough on BingX to hold at least ${MIN_EXCHANGE_BALANCE_USDT} USDT`,
    unknown: 'BingX did not say what this account holds',
  },
};

function criterionText(c: UidCheck['criteria'][number]): string {
  return c.ok === true
    ? TEXT[c.key].met
    : c.ok === false
      ? TEXT[c.key].missing
      : TEXT[c.key].unknown;
}

const VERDICT = {
  yes: 'This UID meets what BingX must confirm: link it above.',
  no: 'This UID cannot be linked yet. Do what is missing, then check again.',
  unknown: 'BingX left something out. Check again in a few minutes.',
};

/**
 * Before paying (the first thing on the payment step, decision 050): what BingX must confirm,
 * for the member to see on their BingX account before sending the fee. The check itself
 * answers only a paid member (decision 040: it is not a probe of strangers' accounts), so it
 * says when it opens.
 */
function BeforePaying() {
  return (
    <>
      <ul className="space-y-2 text-sm">
        {Object.values(TEXT).map((t) => (
          <li key={t.met} className="flex items-start gap-2">
            <SearchCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span className="text-fg">{t.met}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-fg-muted">
        Your BingX account must show all three before it can be linked. Once your subscription is
        paid, enter your UID here and we ask BingX for you, before anything is linked.
      </p>
    </>
  );
}

/**
 * "Check my BingX UID first" on the link step: the criteria of linking, answered one by one
 * without linking. The server tells only what the owner needs to fix their account: no
 * balance, and not whether another member holds the UID (decision 040).
 */
export function UidPrecheck({ paid }: { paid: boolean }) {
  const id = useId();
  return (
    <Card className="space-y-4 p-5 sm:p-6" role="region" aria-labelledby={`${id}-title`}>
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <SearchCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
            Check my BingX UID first
          </h2>
          <p className="text-sm text-fg-muted">
            {paid
              ? 'See what your BingX account still needs before you link it; nothing is linked yet.'
              : 'Before you pay, make sure your BingX account qualifies: the subscription pays off only once your UID is linked.'}
          </p>
        </div>
      </div>
      {paid ? <PaidCheck id={id} /> : <BeforePaying />}
    </Card>
  );
}

/** The check itself: each criterion met, missing or unknown, and what to do. */
function PaidCheck({ id }: { id: string }) {
  const [uid, setUid] = useState('');
  const check = useCheckBingXUid();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (uid.trim() === '' || check.isPending) return;
    check.mutate(uid.trim());
  };
  const result = check.data;
  const verdict = !result
    ? null
    : result.eligible === true
      ? VERDICT.yes
      : result.eligible === null
        ? VERDICT.unknown
        : VERDICT.no;

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id={`${id}-uid`} label="UID to check" className="flex-1">
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              placeholder="12345678"
              value={uid}
              onChange={(event) => setUid(event.target.value)}
            />
          )}
        </Field>
        <Button
          type="submit"
          variant="outline"
          disabled={uid.trim() === ''}
          loading={check.isPending}
          loadingText="Checking..."
        >
          Check
        </Button>
      </form>
      {check.isError ? (
        <Alert variant="error">
          {errorMessage(check.error, 'The check did not work. Please try again.')}
        </Alert>
      ) : null}
      {result ? (
        <div aria-live="polite" className="space-y-3" data-testid="uid-check-result">
          <ul className="space-y-2 text-sm">
            {result.criteria.map((c) => {
              const Icon = c.ok === true ? CircleCheck : c.ok === false ? CircleX : CircleHelp;
              return (
                <li key={c.key} className="flex items-start gap-2">
                  <Icon
                    className={
                      c.ok === true
                        ? 'mt-0.5 size-4 shrink-0 text-success-soft-fg'
                        : c.ok === false
                          ? 'mt-0.5 size-4 shrink-0 text-danger'
                          : 'mt-0.5 size-4 shrink-0 text-fg-subtle'
                    }
                    aria-label={c.ok === true ? 'Met' : c.ok === false ? 'Missing' : 'Unknown'}
                  />
                  <span className="text-fg">{criterionText(c)}</span>
                </li>
              );
            })}
          </ul>
          <p className="text-sm font-semibold text-fg">{verdict}</p>
        </div>
      ) : null}
    </>
  );
}
