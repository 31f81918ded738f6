import type { CyclePreview } from '@ctn/contracts/cycles';
import { formatPercent, formatUsd } from '@/lib/format';
import { Figures, Section } from './figures';
import { FigureTable } from './figure-table';

/** What a run would pay with today's member states and schedule. */
export function PayoutPreview({ preview }: { preview: CyclePreview }) {
  const lines = preview.payoutByLevel.reduce((sum, l) => sum + l.lines, 0);
  return (
    <Section title="Payout preview">
      {preview.payoutByLevel.length === 0 ? (
        <p className="text-sm text-fg-muted">Nothing to pay: no upline would receive a reward.</p>
      ) : (
        <FigureTable
          label="Payout by level"
          headers={['Level', 'Percent', 'Lines', 'Amount']}
          rows={preview.payoutByLevel.map((l) => ({
            key: l.level,
            cells: [l.level, formatPercent(l.percent), l.lines, formatUsd(l.amount)],
          }))}
          total={['Total payout', '', lines, formatUsd(preview.totalPayout)]}
        />
      )}
      <Figures
        items={[
          ['Total payout', formatUsd(preview.totalPayout)],
          ['Recipients available', preview.recipients.available],
          ['Recipients locked', preview.recipients.locked],
          ['Recipients skipped', preview.recipients.skipped],
        ]}
      />
    </Section>
  );
}
