import {
  verifyInclusion,
  webSha256Hex,
  type InclusionClaim,
  type Verification,
} from '@ctn/contracts/merkle-sum';
import type { InclusionProof } from '@ctn/contracts/proof';
import type { UseQueryResult } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatMicroUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';

const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

const FAILURES: Record<Exclude<Verification, { ok: true }>['reason'], string> = {
  LEAF_MISMATCH: 'your leaf is not the hash of your salt, user ID and amount.',
  ROOT_MISMATCH: 'climbing the path does not lead to the published root.',
  BAD_SUM: 'a sum in the proof is not a whole number of micro-USDT.',
};

export interface InclusionProofCardProps {
  title: string;
  description: string;
  /** "balance" or "credit": what the leaf's amount is, in the verdict. */
  amountNoun: string;
  userId: string;
  proof: UseQueryResult<InclusionProof | null>;
  /** The root and total published apart from the proof, which the path must reach. */
  published: { root: string; totalMicroUsdt: string } | null | undefined;
  emptyTitle: string;
  emptyText: string;
}

/**
 * A member's leaf and path in a Merkle sum tree (docs/proof.md), checked in the browser with Web
 * Crypto when they press Verify: the same algorithm as the server's, against the root published
 * apart from their proof.
 */
export function InclusionProofCard(props: InclusionProofCardProps) {
  const { proof } = props;
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-fg">
          <ShieldCheck className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold tracking-tight text-fg">{props.title}</h2>
          <p className="text-sm text-fg-muted">{props.description}</p>
        </div>
      </div>
      {proof.isPending ? (
        <div role="status" aria-label="Loading your proof" className="space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-9 w-28" />
        </div>
      ) : proof.isError ? (
        <div role="alert" className="space-y-2">
          <p className="text-sm font-medium text-danger">
            {errorMessage(proof.error, 'Your proof could not be loaded.')}
          </p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void proof.refetch()}
            loading={proof.isFetching}
            loadingText="Retrying..."
          >
            Retry
          </Button>
        </div>
      ) : proof.data === null ? (
        <div>
          <p className="font-medium text-fg">{props.emptyTitle}</p>
          <p className="text-sm text-fg-muted">{props.emptyText}</p>
        </div>
      ) : (
        <ProofDetails {...props} data={proof.data} />
      )}
    </Card>
  );
}

function ProofDetails({
  data,
  userId,
  amountNoun,
  published,
}: InclusionProofCardProps & { data: InclusionProof }) {
  const [verdict, setVerdict] = useState<{ ok: boolean; text: string } | null>(null);
  const [checking, setChecking] = useState(false);
  const amount = formatMicroUsdt(data.leaf.balanceMicroUsdt);

  async function verify() {
    setChecking(true);
    try {
      const root = published?.root ?? data.root;
      const claim: InclusionClaim = { ...data, root };
      const result = await verifyInclusion(claim, userId, webSha256Hex, published?.totalMicroUsdt);
      setVerdict(
        result.ok
          ? {
              ok: true,
              text: `Verified: your ${amountNoun} of ${amount} is included in root ${shortHash(root)}`,
            }
          : { ok: false, text: `Not verified: ${FAILURES[result.reason]}` },
      );
    } catch {
      setVerdict({ ok: false, text: 'Not verified: this browser could not compute SHA-256.' });
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="space-y-3">
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-fg-muted">Amount in the proof</dt>
        <dd className="font-semibold text-fg tabular-nums">{amount}</dd>
        <dt className="text-fg-muted">Root</dt>
        <dd className="font-mono text-xs break-all text-fg">{data.root}</dd>
        <dt className="text-fg-muted">Built</dt>
        <dd className="text-fg">
          <time dateTime={data.builtAt}>{formatDateTime(data.builtAt)}</time>
        </dd>
      </dl>
      <details className="rounded-xl border border-border p-3 text-xs">
        <summary className="cursor-pointer text-sm font-medium text-fg">
          Your leaf and its path ({data.path.length} steps)
        </summary>
        <div className="mt-2 space-y-2 font-mono break-all text-fg-muted">
          <p>
            leaf {data.leaf.hash}
            <br />
            salt {data.leaf.salt} · amount {data.leaf.balanceMicroUsdt} micro-USDT · user ID{' '}
            {userId}
          </p>
          <ol className="list-decimal space-y-1 pl-5">
            {data.path.map((step, i) => (
              <li key={i}>
                sibling on the {step.side}: {step.hash} · {step.sumMicroUsdt}
              </li>
            ))}
          </ol>
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void verify()} loading={checking} loadingText="Verifying...">
          Verify
        </Button>
        <Link
          to={paths.proof}
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          How it works
        </Link>
      </div>
      {verdict ? (
        <Alert variant={verdict.ok ? 'success' : 'error'}>
          <span className="break-all">{verdict.text}</span>
        </Alert>
      ) : null}
    </div>
  );
}
