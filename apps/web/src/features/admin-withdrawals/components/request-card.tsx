import type { WithdrawalReview } from '@ctn/contracts/withdrawals';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, formatUsd } from '@/lib/format';
import { InfoCard, Row } from '@/components/admin/info-card';
import { ChainCheckResult } from './chain-check-result';
import { CopyButton } from './copy-button';
import { AddressLink, TxLink } from '@/components/explorer-links';
import { WithdrawalStatusBadge } from '@/components/admin/withdrawal-status';
import { PAYOUT_BADGES } from './withdrawal-labels';

/** The request itself: amount, full wallet address, times, status, hash, payout, chain check. */
export function RequestCard({ review }: { review: WithdrawalReview }) {
  const { withdrawal: w, explorerUrl, chainCheck } = review;
  const payout = PAYOUT_BADGES[w.payout];
  return (
    <InfoCard title="Request">
      <Row label="Request ID">
        <span className="font-mono text-xs">{w._id}</span>
      </Row>
      <Row label="Amount">
        <span className="text-base font-semibold tabular-nums">{formatUsd(w.amount)}</span>
      </Row>
      <Row label="Asset">{w.asset}</Row>
      <Row label="Wallet Address">
        <span className="flex flex-col gap-1 sm:items-end">
          <AddressLink explorerUrl={explorerUrl} address={w.walletAddress} />
          <CopyButton text={w.walletAddress} label="Copy wallet address" />
        </span>
      </Row>
      <Row label="Status">
        <WithdrawalStatusBadge status={w.status} />
      </Row>
      {w.reason ? (
        <Row label="Reason">
          <span className="text-danger">{w.reason}</span>
        </Row>
      ) : null}
      <Row label="Requested">{formatDateTime(w.requestedAt)}</Row>
      <Row label="Processed">{formatDateTime(w.processedAt)}</Row>
      <Row label="Transaction">
        {w.transactionHash ? (
          <TxLink explorerUrl={explorerUrl} hash={w.transactionHash} />
        ) : (
          <span className="text-fg-subtle">—</span>
        )}
      </Row>
      <Row label="Payout">
        <Badge variant={payout.variant} data-payout={w.payout}>
          {payout.label}
        </Badge>
      </Row>
      {chainCheck ? (
        <Row label="On-chain Check">
          <ChainCheckResult check={chainCheck} />
        </Row>
      ) : null}
    </InfoCard>
  );
}
