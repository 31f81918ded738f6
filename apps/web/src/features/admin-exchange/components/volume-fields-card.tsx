import { BarChart3 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableEmpty,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { useCompareVolumeFields } from '../api/exchange-diagnostics';

/**
 * For a sample of linked members, the 30-day total of every volume field BingX's commission rows
 * carry, so an operator sees which field moves for members known to copy, and sets
 * BINGX_COPY_VOLUME_FIELDS from that evidence (decision 037).
 */
export function VolumeFieldsCard() {
  const compare = useCompareVolumeFields();
  const report = compare.data;
  const configured = new Set(report?.copyVolumeFields ?? []);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Copy-trading evidence</CardTitle>
        <CardDescription>
          Every volume field of the commission rows, summed over 30 days, for up to 20 linked
          members (one call each). Copying is proven by the fields marked *: the one that moves for
          members you know copy is the right one.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Button
          type="button"
          variant="secondary"
          loading={compare.isPending}
          loadingText="Reading commissions..."
          onClick={() => compare.mutate()}
        >
          <BarChart3 className="size-4" aria-hidden="true" />
          Compare volume fields
        </Button>
        {compare.isError ? (
          <Alert variant="error">
            {errorMessage(
              compare.error,
              'Failed to compare the volume fields',
              'An error occurred while comparing the volume fields',
            )}
          </Alert>
        ) : null}
        {report ? (
          <Table label={`Volume fields ${report.from} to ${report.to}`}>
            <TableHead>
              <TableRow>
                <TableHeaderCell>UID</TableHeaderCell>
                {report.fields.map((field) => (
                  <TableHeaderCell key={field} className="font-mono">
                    {field}
                    {configured.has(field) ? ' *' : ''}
                  </TableHeaderCell>
                ))}
                <TableHeaderCell>Copying sum</TableHeaderCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {report.members.length === 0 ? (
                <TableEmpty colSpan={report.fields.length + 2}>
                  No member has linked a UID yet.
                </TableEmpty>
              ) : (
                report.members.map((member) => (
                  <TableRow key={member.uid}>
                    <TableCell>
                      <span className="font-mono">{member.uid}</span>
                      <span className="block text-xs text-fg-muted">{member.email}</span>
                    </TableCell>
                    {member.error ? (
                      <TableCell colSpan={report.fields.length + 1} className="text-danger">
                        Not read: {member.error}
                      </TableCell>
                    ) : (
                      <>
                        {report.fields.map((field) => (
                          <TableCell key={field} className="font-mono">
                            {member.totals[field] ?? '—'}
                          </TableCell>
                        ))}
                        <TableCell className="font-mono">{member.copySum ?? 'Unknown'}</TableCell>
                      </>
                    )}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
