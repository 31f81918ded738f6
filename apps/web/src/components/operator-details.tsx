import type { OperatorFacts } from '@ctn/contracts/operator-facts';
import { Building2 } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useOperatorFacts } from '@/lib/site';

export const OPERATOR_NOT_PUBLISHED = 'Operator details not published yet';

/** "Example Ltd, 1 Harbour Street, registered in Seychelles": only what is published. */
function operatorLine(facts: OperatorFacts): string | null {
  if (facts.legalName === null) return null;
  return [
    facts.legalName,
    facts.address,
    facts.jurisdiction ? `registered in ${facts.jurisdiction}` : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

/**
 * Who runs the platform (decision 049), as Terms, Privacy and About name it: the legal entity,
 * address and jurisdiction and, with `effectiveDate`, when the legal pages took effect. What is
 * not published is said to be so, never invented.
 */
export function OperatorDetails({ effectiveDate = false }: { effectiveDate?: boolean }) {
  const operator = useOperatorFacts();
  if (operator.isPending) return <Skeleton className="h-16 rounded-xl" />;
  // An error is said as plainly as an unpublished fact: nothing is guessed either way.
  const facts = operator.data;
  const line = facts ? operatorLine(facts) : null;
  const effective = facts?.legalEffectiveDate ?? null;
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-border bg-surface p-4 text-sm"
      data-testid="operator-details"
    >
      <Building2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <div className="space-y-1">
        <p className="text-fg">
          {line ? (
            <>
              Operated by <span className="font-semibold">{line}</span>.
              {facts?.jurisdiction && <> Governed by the laws of {facts.jurisdiction}.</>}
            </>
          ) : (
            `${OPERATOR_NOT_PUBLISHED}.`
          )}
        </p>
        {effectiveDate && (
          <p className="text-fg-muted">
            {effective ? (
              <>
                Effective <time dateTime={effective}>{formatDate(`${effective}T12:00:00Z`)}</time>
              </>
            ) : (
              'Effective date not published yet.'
            )}
          </p>
        )}
      </div>
    </div>
  );
}
