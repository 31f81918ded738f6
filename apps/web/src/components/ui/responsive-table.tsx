import type { ReactNode } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from './table';

export interface ResponsiveColumn<Row> {
  /** The column heading, and the label of the figure on a phone card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** The column on a phone card, when it reads differently there (stacked instead of inline). */
  card?: (row: Row) => ReactNode;
  /**
   * Where the column goes on a phone card: `title` leads it, `amount` sits opposite the title in
   * bold (the figure read first, never off-screen), `action` closes it without a label; the rest
   * are label-value lines.
   */
  place?: 'title' | 'amount' | 'action';
  /** Classes of the table cell (alignment, tabular figures). */
  className?: string;
  /** The heading is for screen readers only (a column of buttons). */
  hiddenHeader?: boolean;
}

interface Props<Row> {
  /** What the table lists: the table's region name and the card list's name. */
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly ResponsiveColumn<Row>[];
  /** Below this width the rows are cards: `md` for tables too wide for a small tablet. */
  cardsBelow?: 'sm' | 'md';
  caption?: string;
}

/** Tailwind's breakpoints. */
const WIDE = { sm: '(min-width: 40rem)', md: '(min-width: 48rem)' } as const;

/**
 * A table a member reads on any screen (decision 050): from the breakpoint up a table, below it
 * one card per row with the amount beside the row's title, so at 375 px no figure needs a
 * sideways scroll. One component, so the pages do not keep twin renderings of the same rows.
 */
export function ResponsiveTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  cardsBelow = 'sm',
  caption,
}: Props<Row>) {
  // One rendering at a time: twin DOMs would double every row (and every button) on the page.
  const wide = useMediaQuery(WIDE[cardsBelow]);
  const title = columns.find((c) => c.place === 'title');
  const amount = columns.find((c) => c.place === 'amount');
  const actions = columns.filter((c) => c.place === 'action');
  const lines = columns.filter((c) => c.place === undefined);
  if (wide)
    return (
      <Table label={label}>
        {caption ? <caption className="sr-only">{caption}</caption> : null}
        <TableHead>
          <tr>
            {columns.map((c) => (
              <TableHeaderCell key={c.header} className={c.className}>
                {c.hiddenHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </TableHeaderCell>
            ))}
          </tr>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              {columns.map((c) => (
                <TableCell key={c.header} className={c.className}>
                  {c.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  return (
    <ul aria-label={label} className="space-y-3">
      {rows.map((row) => (
        <li
          key={rowKey(row)}
          className="min-w-0 space-y-2 rounded-xl border border-border bg-surface p-4 text-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 text-fg">{title ? cardCell(title, row) : null}</div>
            {amount ? (
              <div className="shrink-0 text-right font-semibold whitespace-nowrap text-fg tabular-nums">
                {cardCell(amount, row)}
              </div>
            ) : null}
          </div>
          {lines.length > 0 ? (
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-fg-muted">
              {lines.map((c) => (
                <div key={c.header} className="contents">
                  <dt>{c.header}</dt>
                  <dd className="min-w-0 text-right break-words text-fg">{cardCell(c, row)}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          {actions.map((c) => (
            <div key={c.header}>{cardCell(c, row)}</div>
          ))}
        </li>
      ))}
    </ul>
  );
}

const cardCell = <Row,>(column: ResponsiveColumn<Row>, row: Row) =>
  (column.card ?? column.cell)(row);
