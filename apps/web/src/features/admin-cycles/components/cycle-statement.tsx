import type { CycleStatement as Statement } from '@ctn/contracts/cycles';
import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { formatPercent, formatUsd } from '@/lib/format';
import { lockReasonLabel } from '@/lib/admin/lock-reasons';
import { SKIP_REASON_LABELS } from './cycle-labels';
import { CycleRoot } from './cycle-root';
import { Figures, Section } from './figures';
import { FigureTable } from './figure-table';
import { paths } from '@/lib/paths';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** What a completed run credited, and to whom it could not. */
export function CycleStatement({
  statement,
  number,
}: {
  statement: Statement;
  number: number | null;
}) {
  const { byLevel, byType, recipients, locked, skipped } = statement;
  return (
    <div className="space-y-6">
      <Section title="Totals by level">
        <FigureTable
          label="Statement by level"
          headers={['Level', 'Percent', 'Lines', 'Amount', 'Available', 'Locked', 'Held']}
          rows={byLevel.map((l) => ({
            key: l.level,
            cells: [
              l.level,
              formatPercent(l.percent),
              l.lines,
              formatUsd(l.amount),
              formatUsd(l.availableAmount),
              formatUsd(l.lockedAmount),
              formatUsd(l.heldAmount),
            ],
          }))}
          total={[
            'Total',
            '',
            sum(byLevel.map((l) => l.lines)),
            formatUsd(sum(byLevel.map((l) => l.amount))),
            formatUsd(sum(byLevel.map((l) => l.availableAmount))),
            formatUsd(sum(byLevel.map((l) => l.lockedAmount))),
            formatUsd(sum(byLevel.map((l) => l.heldAmount))),
          ]}
        />
      </Section>

      <Section title="By type">
        <FigureTable
          label="Totals by type"
          headers={['Type', 'Lines', 'Amount']}
          rows={byType.map((t) => ({
            key: t.type,
            cells: [
              <StatusBadge key="t" status={t.type} label={t.type} />,
              t.lines,
              formatUsd(t.amount),
            ],
          }))}
        />
      </Section>

      <Section title="Recipients">
        <Figures
          items={[
            ['Credited', recipients.credited],
            ['Available', recipients.available],
            ['Locked', recipients.locked],
            ['Held for a UID review', recipients.held],
          ]}
        />
      </Section>

      <Section title="Locked members">
        {locked.length === 0 ? (
          <p className="text-sm text-fg-muted">No member was credited to a locked balance.</p>
        ) : (
          <FigureTable
            label="Locked members by reason"
            headers={['Reason', 'Members', 'Amount']}
            rows={locked.map((l) => ({
              key: l.reason,
              cells: [lockReasonLabel(l.reason), l.members, formatUsd(l.amount)],
            }))}
          />
        )}
      </Section>

      <Section title="Skipped uplines">
        {skipped.length === 0 ? (
          <p className="text-sm text-fg-muted">No upline was skipped.</p>
        ) : (
          <FigureTable
            label="Skipped uplines by reason"
            headers={['Reason', 'Members', 'Lines']}
            rows={skipped.map((s) => ({
              key: s.reason,
              cells: [SKIP_REASON_LABELS[s.reason], s.members, s.lines],
            }))}
          />
        )}
      </Section>

      {number === null ? null : <CycleRoot number={number} />}

      {number === null ? null : (
        <Link
          to={paths.admin.rewardsOfCycle(number)}
          className={buttonClasses({ variant: 'outline' })}
        >
          <Gift className="size-4" aria-hidden="true" />
          View rewards
        </Link>
      )}
    </div>
  );
}
