import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useListFilters } from '@/lib/use-list-filters';
import { useUidClaims } from '../api/uid-claims';
import { ClaimCard } from '../components/claim-card';

/** Open claims unless `?show=all`. */
const FILTERS = { keys: ['show'] } as const;

/** /admin/uid-claims: members' claims to a BingX UID another account linked, and their review. */
export function AdminUidClaimsPage() {
  const filters = useListFilters(FILTERS);
  const filter = filters.values.show === 'all' ? 'ALL' : 'OPEN';
  const claims = useUidClaims(filter);
  return (
    <div className="space-y-6">
      <PageTitle title="UID Claims" />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">UID Claims</h1>
        <p className="text-fg-muted">
          A member says a BingX UID linked to another account is theirs. Compare both accounts with
          what BingX says about the UID, then unlink it, move it, or reject the claim.
        </p>
      </header>
      <div role="group" aria-label="Show claims" className="flex flex-wrap gap-2">
        {(['OPEN', 'ALL'] as const).map((value) => (
          <Button
            key={value}
            size="sm"
            variant={filter === value ? 'primary' : 'outline'}
            aria-pressed={filter === value}
            onClick={() => filters.setFilter('show', value === 'ALL' ? 'all' : '')}
          >
            {value === 'OPEN' ? 'Open' : 'All'}
          </Button>
        ))}
      </div>
      {claims.isPending ? (
        <p className="flex items-center justify-center gap-2 py-16 text-fg-muted" role="status">
          <Spinner />
          Loading claims...
        </p>
      ) : claims.isError ? (
        <Alert variant="error">
          {errorMessage(
            claims.error,
            'Failed to load claims',
            'An error occurred while loading claims',
          )}
        </Alert>
      ) : claims.data.length === 0 ? (
        <Card>
          <CardContent className="py-12 text-center text-fg-muted">
            {filter === 'OPEN' ? 'No open claims' : 'No claims yet'}
          </CardContent>
        </Card>
      ) : (
        <ul className="space-y-4">
          {claims.data.map((claim) => (
            <li key={claim._id}>
              <ClaimCard claim={claim} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
