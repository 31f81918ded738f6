import { ArrowLeft } from 'lucide-react';
import type { CycleSource } from '@ctn/contracts/cycles';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { InclusionProofCard } from '@/components/inclusion-proof-card';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ResponsiveTable, type ResponsiveColumn } from '@/components/ui/responsive-table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatExactMoney, formatExactUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCycleRoot, useMyCycleProof } from '@/lib/proof';
import { useAuthenticatedUser } from '@/lib/session';
import { useCycleStatement } from '../api/get-cycle-statement';
import { ListError } from '@/components/list-states';

const SOURCE_TEXT: Record<CycleSource, string> = {
  CSV: 'BingX commissions, uploaded by an administrator',
  EXCHANGE: 'BingX commissions, read from BingX',
};
type Statement = NonNullable<ReturnType<typeof useCycleStatement>['data']>;
type Line = Statement['levels'][number];

// A statement must add up: every micro-USDT of each figure (decision 050).
const figure = (pick: (l: Line) => number) => (l: Line) => formatExactMoney(pick(l));
const columnsOf = (percents: readonly number[]): readonly ResponsiveColumn<Line>[] => [
  { header: 'Level', place: 'title', cell: (l) => l.level, card: (l) => `Level ${l.level}` },
  { header: 'Percent', className: 'tabular-nums', cell: (l) => `${percents[l.level - 1] ?? '—'}%` },
  { header: 'Lines', className: 'tabular-nums', cell: (l) => l.lines },
  { header: 'Base', className: 'tabular-nums', cell: figure((l) => l.base) },
  {
    header: 'Amount',
    place: 'amount',
    className: 'font-semibold tabular-nums',
    cell: figure((l) => l.amount),
    card: (l) => formatExactUsdt(l.amount),
  },
  { header: 'Available', className: 'tabular-nums', cell: figure((l) => l.available) },
  { header: 'Locked', className: 'tabular-nums', cell: figure((l) => l.locked) },
  { header: 'Held', className: 'tabular-nums', cell: figure((l) => l.held) },
];

/**
 * /rewards/cycles/{number}: the member's own statement of a reward cycle (issue 18): period and
 * source, the percentage of each level, their lines grouped by level, and what is held.
 */
export function CycleStatementPage() {
  const number = Number(useParams().number);
  const statement = useCycleStatement(number);
  const title = `Reward cycle #${Number.isInteger(number) ? number : '?'}`;
  return (
    <div className="space-y-6">
      <PageTitle title={title} />
      <Link
        to={paths.rewards}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Rewards &amp; Earnings
      </Link>
      <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
      {statement.isPending && statement.fetchStatus !== 'idle' ? (
        <Skeleton className="h-64 w-full" />
      ) : statement.isError || !statement.data ? (
        <ListError
          message={errorMessage(statement.error, 'This statement could not be loaded.')}
          onRetry={() => void statement.refetch()}
          retrying={statement.isFetching}
        />
      ) : (
        <>
          <Statement data={statement.data} />
          <CycleProof number={number} />
        </>
      )}
    </div>
  );
}

function Statement({ data }: { data: Statement }) {
  return (
    <>
      <Card className="grid grid-cols-2 gap-4 p-5 sm:grid-cols-3 sm:p-6">
        <Fact label="Period">
          {formatDate(`${data.periodStart}T00:00:00Z`)} –{' '}
          {formatDate(`${data.periodEnd}T00:00:00Z`)}
        </Fact>
        <Fact label="Source">{SOURCE_TEXT[data.source]}</Fact>
        <Fact label="Credited">{formatDate(data.completedAt)}</Fact>
        <Fact label="Your total">{formatExactUsdt(data.total)}</Fact>
        <Fact label="Available">{formatExactUsdt(data.available)}</Fact>
        <Fact label="Locked">{formatExactUsdt(data.locked)}</Fact>
        {data.held > 0 ? <Fact label="Held for review">{formatExactUsdt(data.held)}</Fact> : null}
      </Card>
      {data.locked > 0 ? (
        <Alert variant="warning">
          {formatExactUsdt(data.locked)} was held because your earnings were locked when the cycle
          ran. It becomes available if you are compliant again within 30 days of the lock, and is
          forfeited after that.
        </Alert>
      ) : null}
      {data.held > 0 ? (
        <Alert variant="warning">
          {formatExactUsdt(data.held)} is held for review: an administrator is checking that the
          exchange account it comes from belongs to its member. It is released to you when the
          account is cleared, and withdrawn if it is not theirs.
        </Alert>
      ) : null}
      {data.levels.length === 0 ? (
        <p className="text-fg-muted">This cycle credited nothing to you.</p>
      ) : (
        <ResponsiveTable
          label="Your lines by level"
          rows={data.levels}
          rowKey={(l) => String(l.level)}
          columns={columnsOf(data.percents)}
        />
      )}
      <p className="text-xs text-fg-subtle">
        Amounts in USDT. Each line is a percentage of the base: what the member below you at that
        level generated in trading commissions during the period.
      </p>
    </>
  );
}

/** The member's line in the cycle's published root, verified in the browser. */
function CycleProof({ number }: { number: number }) {
  const user = useAuthenticatedUser();
  const proof = useMyCycleProof(number);
  const root = useCycleRoot(number);
  return (
    <InclusionProofCard
      title="Your line in this cycle's root"
      description="Every completed cycle publishes the Merkle root of its lines: one leaf per member credited, with what the cycle credited them in all."
      amountNoun="credit"
      userId={user.userId}
      proof={proof}
      published={root.data}
      emptyTitle="No line of yours in this cycle's root"
      emptyText="The root is published within a minute of the cycle completing; a cycle that credited you nothing has no line of yours."
    />
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <p className="text-xs tracking-wide text-fg-muted uppercase">{label}</p>
      <p className="mt-0.5 font-semibold text-fg">{children}</p>
    </div>
  );
}
