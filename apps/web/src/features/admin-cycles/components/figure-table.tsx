import type { ReactNode } from 'react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';

/** A small table of a cycle: header texts, rows of cells, and an optional total row. */
export function FigureTable({
  label,
  headers,
  rows,
  total,
}: {
  label: string;
  headers: string[];
  rows: { key: string | number; cells: ReactNode[] }[];
  total?: ReactNode[];
}) {
  return (
    <Table label={label}>
      <TableHead>
        <tr>
          {headers.map((h) => (
            <TableHeaderCell key={h}>{h}</TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            {row.cells.map((cell, i) => (
              <TableCell key={i} className="tabular-nums">
                {cell}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {total ? (
          <tr className="bg-surface-muted/60 font-semibold">
            {total.map((cell, i) => (
              <TableCell key={i} className="tabular-nums">
                {cell}
              </TableCell>
            ))}
          </tr>
        ) : null}
      </TableBody>
    </Table>
  );
}
