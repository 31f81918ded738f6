import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime } from '@/lib/format';
import { useExchangeStatus } from '@/lib/admin/exchange-status';
import { paths } from '@/lib/paths';

/** The admin dashboard's BingX connection card: paused, failing, or fine, with a link to test. */
export function ExchangeStatusCard({ linkToTest = true }: { linkToTest?: boolean }) {
  const status = useExchangeStatus();
  const s = status.data;
  const badge = !s
    ? { variant: 'neutral' as const, label: status.isError ? 'Unknown' : 'Checking' }
    : s.pausedUntil || s.pauses.length > 0
      ? { variant: 'danger' as const, label: 'Paused' }
      : s.lastError
        ? { variant: 'warning' as const, label: 'Errors' }
        : { variant: 'success' as const, label: 'OK' };
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1">
          <CardTitle>BingX Connection</CardTitle>
          <CardDescription>
            {s
              ? `${s.simulator ? 'Simulator' : s.host} · commissions ${s.commissionApi}${s.dateFormat ? ` (${s.dateFormat === 'day' ? 'yyyyMMdd' : 'ms'})` : ''} · ${s.requests} calls since start`
              : 'Reading the connection state...'}
          </CardDescription>
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        {s?.pausedUntil ? (
          <p className="text-danger">
            No calls until {formatDateTime(s.pausedUntil)}: {s.pauseReason}
          </p>
        ) : s?.lastError ? (
          <p className="text-fg-muted">Last error: {s.lastError}</p>
        ) : null}
        {s && s.pauses.length > 0 ? (
          <ul aria-label="Paused lanes and endpoints" className="space-y-1 text-danger">
            {s.pauses.map((p) => (
              <li key={p.scope}>
                <span className="font-mono">{p.scope}</span> paused until {formatDateTime(p.until)}:{' '}
                {p.reason}
              </li>
            ))}
          </ul>
        ) : null}
        {s ? (
          <p className="text-fg-muted">
            Budget {s.ratePerSecond} requests/s · copying proven by{' '}
            <span className="font-mono">{s.copyVolumeFields.join(' + ')}</span>
          </p>
        ) : null}
        {linkToTest ? (
          <Link className="font-medium text-primary hover:underline" to={paths.admin.exchange}>
            Test the connection
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
