import { ArrowLeft } from 'lucide-react';
import type { CycleSource } from '@ctn/contracts/cycles';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney, formatUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useCycleStatement } from '../api/get-cycle-statement';
import { ListError } from '@/components/list-states';

const SOURCE_TEXT: Record<CycleSource, string> = {
  CSV: 'BingX commissions, uploaded by an administrator',
  EXCHANGE: 'BingX commissions, read from BingX',
};
const COLUMNS = ['Level', 'Percent', 'Lines', 'Base', 'Amount', 'Available', 'Locked', 'Held'];

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
        <Statement data={statement.data} />
      )}
    </div>
  );
}

function Statement({ data }: { data: NonNullable<ReturnType<typeof useCycleStatement>['data']> }) {
  return (
    <>
      <Card className="grid grid-cols-2 gap-4 p-5 sm:grid-cols-3 sm:p-6">
        <Fact label="Period">
          {formatDate(`${data.periodStart}T00:00:00Z`)} –{' '}
          {formatDate(`${data.periodEnd}T00:00:00Z`)}
        </Fact>
        <Fact label="Source">{SOURCE_TEXT[data.source]}</Fact>
        <Fact label="Credited">{formatDate(data.completedAt)}</Fact>
        <Fact label="Your total">{formatUsdt(data.total)}</Fact>
        <Fact label="Available">{formatUsdt(data.available)}</Fact>
        <Fact label="Locked">{formatUsdt(data.locked)}</Fact>
        {data.held > 0 ? <Fact label="Held for review">{formatUsdt(data.held)}</Fact> : null}
      </Card>
      {data.locked > 0 ? (
        <Alert variant="warning">
          {formatUsdt(data.locked)} was held because your earnings were locked when the cycle ran.
          It becomes available if you are compliant again within 30 days of the lock, and is
          forfeited after that.
        </Alert>
      ) : null}
      {data.held > 0 ? (
        <Alert variant="warning">
          {formatUsdt(data.held)} is held for review: an administrator is checking that the exchange
          account it comes from belongs to its member. It is released to you when the account is
          cleared, and withdrawn if it is not theirs.
        </Alert>
      ) : null}
      {data.levels.length === 0 ? (
        <p className="text-fg-muted">This cycle credited nothing to you.</p>
      ) : (
        <Table label="Your lines by level">
          <TableHead>
            <tr>
              {COLUMNS.map((c) => (
                <TableHeaderCell key={c}>{c}</TableHeaderCell>
              ))}
            </tr>
          </TableHead>
          <TableBody>
            {data.levels.map((l) => (
              <TableRow key={l.level}>
                <TableCell>{l.level}</TableCell>
                <TableCell className="tabular-nums">{data.percents[l.level - 1] ?? '—'}%</TableCell>
                <TableCell className="tabular-nums">{l.lines}</TableCell>
                <TableCell className="tabular-nums">{formatMoney(l.base)}</TableCell>
                <TableCell className="font-semibold tabular-nums">
                  {formatMoney(l.amount)}
                </TableCell>
                <TableCell className="tabular-nums">{formatMoney(l.available)}</TableCell>
                <TableCell className="tabular-nums">{formatMoney(l.locked)}</TableCell>
                <TableCell className="tabular-nums">{formatMoney(l.held)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <p className="text-xs text-fg-subtle">
        Amounts in USDT. Each line is a percentage of the base: what the member below you at that
        level generated in trading commissions during the period.
      </p>
    </>
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
