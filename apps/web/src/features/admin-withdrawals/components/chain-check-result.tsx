import type { ChainCheck } from '@ctn/contracts/withdrawals';
import { Badge } from '@/components/ui/badge';
import { CHAIN_CHECK_BADGES } from './withdrawal-labels';

/** What the chain says of a hash: the state in its colour and the server's detail text. */
export function ChainCheckResult({ check }: { check: ChainCheck }) {
  const badge = CHAIN_CHECK_BADGES[check.state];
  return (
    <div className="space-y-1" data-chain-check={check.state}>
      <Badge variant={badge.variant}>{badge.label}</Badge>
      <p className="text-xs font-normal break-words text-fg-muted">{check.detail}</p>
    </div>
  );
}
