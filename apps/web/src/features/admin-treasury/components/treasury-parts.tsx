import type { Holding } from '@ctn/contracts/treasury';
import type { ReactNode } from 'react';
import { AddressLink } from '@/components/explorer-links';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, UNKNOWN_FIGURE } from '@/lib/format';

/**
 * An exact USDT decimal string with thousands separators, never through a float:
 * `1234567.000123` -> `1,234,567.000123 USDT`; at least two decimals.
 */
export function usdtExact(value: string | null): string {
  if (value === null) return UNKNOWN_FIGURE;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}.${fraction.padEnd(2, '0')} USDT`;
}

/** `1.0234` -> `102.34%`; null -> `—`. */
export function coverageText(coverage: string | null): string {
  if (coverage === null) return UNKNOWN_FIGURE;
  return `${(Number(coverage) * 100).toFixed(2)}%`;
}

/** One place's holding: its figure, when it was read, and a stale mark. */
export function HoldingRow({
  label,
  holding,
  address,
  explorerUrl,
  extra,
}: {
  label: string;
  holding: Holding;
  address?: string;
  explorerUrl: string | null;
  extra?: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-0.5">
        <p className="font-medium text-fg">{label}</p>
        {address ? (
          <p className="truncate font-mono text-xs text-fg-muted">
            <AddressLink explorerUrl={explorerUrl} address={address} />
          </p>
        ) : null}
        {extra}
      </div>
      <div className="space-y-0.5 text-left sm:text-right">
        <p className="font-semibold text-fg tabular-nums">{usdtExact(holding.usdt)}</p>
        <p className="text-xs text-fg-muted">
          {holding.asOf ? `Read ${formatDateTime(holding.asOf)}` : 'Never read'}{' '}
          {holding.stale ? <Badge variant="warning">Stale</Badge> : null}
        </p>
      </div>
    </li>
  );
}

/** A label and its figure in a list of liabilities. */
export function Bucket({
  label,
  value,
  strong,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div className="flex items-center justify-between gap-3 py-2 text-sm">
      <dt className={strong ? 'font-semibold text-fg' : 'text-fg-muted'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? 'font-semibold text-fg' : 'text-fg'}`}>
        {usdtExact(value)}
      </dd>
    </div>
  );
}
