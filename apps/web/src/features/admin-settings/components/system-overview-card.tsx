import { ACTIVE_USERS_WINDOW_MINUTES } from '@ctn/contracts/accounts';
import { Activity, Database, Server, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSystemOverview } from '../api/get-system-overview';
import { StatCard, StatGrid } from '@/components/ui/stat-card';
import { countOf } from '@/lib/format';

const UNKNOWN = 'Unknown';

/**
 * Admin section 2's System Overview, live: this server, the database, members active in the
 * last 15 minutes and the actions waiting (pending withdrawals + open UID claims). Refreshed
 * every 30 s; a figure the server could not read shows as Unknown, never 0.
 */
export function SystemOverviewCard() {
  const overview = useSystemOverview();
  const data = overview.data;
  const loading = overview.isPending;
  // A failed refresh keeps the last figures: the server is then not known to be online.
  const serverAnswered = data !== undefined && !overview.isError;
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold text-fg">System Overview</h2>
      {overview.isError ? (
        <Alert variant="error">
          <span className="flex flex-wrap items-center justify-between gap-3">
            {errorMessage(
              overview.error,
              'Failed to fetch the system overview',
              'The server did not answer',
            )}
            <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
              Retry
            </Button>
          </span>
        </Alert>
      ) : null}
      <StatGrid label="System Overview">
        <StatCard
          label="Server"
          icon={Server}
          loading={loading}
          value={
            serverAnswered ? (
              <Badge variant="success">Online</Badge>
            ) : (
              <Badge variant="danger">Not answering</Badge>
            )
          }
          hint={data ? `Version ${data.server.version}` : null}
        />
        <StatCard
          label="Database"
          icon={Database}
          loading={loading}
          value={
            !data ? (
              UNKNOWN
            ) : data.database.status === 'connected' ? (
              <Badge variant="success">Connected</Badge>
            ) : (
              <Badge variant="danger">Unreachable</Badge>
            )
          }
          hint={
            typeof data?.database.latencyMs === 'number' ? `${data.database.latencyMs} ms` : null
          }
        />
        <StatCard
          label="Active Users"
          icon={Activity}
          loading={loading}
          value={data?.activeUsers ?? UNKNOWN}
          hint={`Last ${ACTIVE_USERS_WINDOW_MINUTES} minutes`}
        />
        <StatCard
          label="Pending Actions"
          icon={Inbox}
          loading={loading}
          value={data?.pendingActions?.total ?? UNKNOWN}
          hint={
            data?.pendingActions ? (
              <>
                <Link to={paths.admin.withdrawals} className="underline-offset-2 hover:underline">
                  {countOf(data.pendingActions.pendingWithdrawals, 'withdrawal')}
                </Link>
                {' · '}
                <Link to={paths.admin.uidClaims} className="underline-offset-2 hover:underline">
                  {countOf(data.pendingActions.openUidClaims, 'UID claim')}
                </Link>
              </>
            ) : null
          }
        />
      </StatGrid>
    </div>
  );
}
