import { ShieldCheck } from 'lucide-react';
import { PageTitle } from '@/components/page-title';
import { ListEmpty, ListError, ListSkeleton } from '@/components/list-states';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { useRiskSignals } from '../api/risk';
import { SignalCard } from '../components/signal-card';

/** Signals not yet reviewed unless `?show=all`. */
const FILTERS = { keys: ['show'] } as const;

/** /admin/risk: patterns across accounts worth a look, each marked reviewed once looked at. */
export function AdminRiskPage() {
  const filters = useListFilters(FILTERS);
  const show = filters.values.show === 'all' ? 'all' : 'open';
  const signals = useRiskSignals(show);
  return (
    <div className="space-y-6">
      <PageTitle title="Risk Center" />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Risk Center</h1>
        <p className="text-fg-muted">
          Accounts that share addresses or devices, referral chains through one address, bursts of
          sign-ups, flagged UID links, UID probing and second-factor guessing. Each is a reason to
          look, not a verdict; mark it reviewed once you have.
        </p>
      </header>
      <div role="group" aria-label="Show signals" className="flex flex-wrap gap-2">
        {(['open', 'all'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={show === value ? 'primary' : 'outline'}
            aria-pressed={show === value}
            onClick={() => filters.setFilter('show', value === 'all' ? 'all' : '')}
          >
            {value === 'open' ? 'Not reviewed' : 'All, reviewed too'}
          </Button>
        ))}
      </div>
      {signals.isPending ? (
        <ListSkeleton label="Loading risk signals" />
      ) : signals.isError ? (
        <ListError
          message={errorMessage(
            signals.error,
            'Failed to load risk signals',
            'An error occurred while loading risk signals',
          )}
          onRetry={() => void signals.refetch()}
          retrying={signals.isFetching}
        />
      ) : signals.data.length === 0 ? (
        <ListEmpty
          icon={ShieldCheck}
          title={show === 'open' ? 'Nothing to review' : 'No risk signals'}
        >
          {show === 'open'
            ? 'Every signal found so far has been reviewed.'
            : 'Nothing in the stored sign-ins, withdrawals, sign-ups and checks stands out.'}
        </ListEmpty>
      ) : (
        <ul className="space-y-4">
          {signals.data.map((signal) => (
            <li key={signal.key}>
              <SignalCard signal={signal} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
