import type { ComplianceAction, ComplianceDecision } from '@ctn/contracts/compliance';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ShadowRunFigures } from '@/components/admin/shadow-run-figures';
import { ListCard } from '@/components/list-card';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { SimplePagination } from '@/components/ui/simple-pagination';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { lockReasonLabel } from '@/lib/admin/lock-reasons';
import { countOf, formatDate, formatUsdt } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useListFilters } from '@/lib/use-list-filters';
import { useShadowDecisions } from '../api/get-shadow-decisions';

const ACTION: Record<ComplianceAction, [string, BadgeVariant]> = {
  LOCK: ['Would lock', 'danger'],
  REMIND: ['Would remind', 'warning'],
  FORFEIT: ['Would forfeit', 'danger'],
  RELEASE: ['Would release', 'success'],
  CONCERN: ['First concern', 'info'],
  UNKNOWN: ['Exchange unknown', 'neutral'],
};

const NO_FILTERS = { keys: [] } as const;

/** /admin/compliance/runs/{id}: one shadow run's decisions and their evidence (decision 038). */
export function AdminComplianceRunPage() {
  const { id = '' } = useParams();
  const runId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  return (
    <div className="space-y-6">
      <PageTitle title="Shadow Compliance Run" />
      <Link to={paths.admin.dashboard} className={buttonClasses({ variant: 'outline' })}>
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to dashboard
      </Link>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          Shadow Compliance Run
        </h1>
        <p className="text-fg-muted">What an enforced run would have done, and why</p>
      </div>
      {runId === null ? <Alert variant="error">Invalid run ID</Alert> : <Decisions runId={runId} />}
    </div>
  );
}

function Decisions({ runId }: { runId: number }) {
  const filters = useListFilters(NO_FILTERS);
  const decisions = useShadowDecisions(runId, filters.page);
  return (
    <>
      {decisions.data ? <ShadowRunFigures run={decisions.data.run} /> : null}
      <ListCard
        title="Decisions"
        query={decisions}
        loading={<TableSkeleton label="Loading decisions..." columns={4} />}
        failedText="Failed to fetch the decisions"
        exceptionText="An error occurred while fetching the decisions"
        isEmpty={(data) => data.decisions.length === 0}
        emptyText="No member would be locked, reminded, forfeited or released"
        pagination={({ pagination }) => (
          <SimplePagination
            label="Decision pages"
            pagination={pagination}
            onPage={filters.setPage}
            summary={countOf(pagination.totalRecords, 'decision')}
          />
        )}
      >
        {(data) => (
          <Table label="Decisions">
            <TableHead>
              <TableRow>
                <TableHeaderCell>Member</TableHeaderCell>
                <TableHeaderCell>Decision</TableHeaderCell>
                <TableHeaderCell>Why</TableHeaderCell>
                <TableHeaderCell>Exchange figures seen</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.decisions.map((d) => (
                <TableRow key={d.member.id}>
                  <TableCell>
                    <Link
                      to={paths.admin.user(d.member.id)}
                      className="font-medium text-primary underline-offset-2 hover:underline"
                    >
                      {d.member.name}
                    </Link>
                    <p className="text-xs text-fg-muted">{d.member.email}</p>
                  </TableCell>
                  <TableCell>
                    <Badge variant={ACTION[d.action][1]}>{ACTION[d.action][0]}</Badge>
                    <p className="mt-1 text-xs text-fg-muted">{detailOf(d)}</p>
                  </TableCell>
                  <TableCell className="text-sm">
                    {d.reasons.length > 0
                      ? d.reasons.map(lockReasonLabel).join(', ')
                      : (d.evidence.unknownReason ?? 'Compliant again')}
                  </TableCell>
                  <TableCell className="text-xs">
                    <Evidence decision={d} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </ListCard>
    </>
  );
}

function detailOf(d: ComplianceDecision): string {
  if (d.action === 'REMIND' && d.mailDay !== null) return `Day ${d.mailDay} reminder`;
  if (d.amount !== null) return formatUsdt(d.amount);
  if (d.evidence.lockedSince) return `Locked since ${formatDate(d.evidence.lockedSince)}`;
  return '';
}

/** The figures the decision was made on; unknown stays unknown, never 0. */
function Evidence({ decision: { evidence } }: { decision: ComplianceDecision }) {
  const copying =
    evidence.copying === null ? 'unknown' : evidence.copying ? 'volume seen' : 'no volume';
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-fg-muted">
      <dt>UID</dt>
      <dd className="font-mono text-fg">{evidence.bingxUid ?? 'not linked'}</dd>
      <dt>Balance</dt>
      <dd className="text-fg">
        {evidence.balanceUsdt === null ? 'unknown' : `${evidence.balanceUsdt} USDT`}
      </dd>
      <dt>Copy trading</dt>
      <dd className="text-fg">{copying}</dd>
      <dt>Paid until</dt>
      <dd className="text-fg">{evidence.paidUntil ? formatDate(evidence.paidUntil) : 'never'}</dd>
    </dl>
  );
}
