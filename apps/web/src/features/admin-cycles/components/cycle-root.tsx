import { Skeleton } from '@/components/ui/skeleton';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatMicroUsdt } from '@/lib/format';
import { useCycleRoot } from '@/lib/proof';
import { Figures, Section } from './figures';

/**
 * The completed cycle's published Merkle root of its lines (docs/proof.md): one leaf per member
 * credited, the total being what the cycle paid. Members verify their line on their statement.
 */
export function CycleRoot({ number }: { number: number }) {
  const root = useCycleRoot(number);
  return (
    <Section title="Published root of its lines">
      {root.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : root.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-sm font-medium text-danger">
            {errorMessage(root.error, "The cycle's root could not be loaded.")}
          </p>
          <Button variant="outline" size="sm" onClick={() => void root.refetch()}>
            Retry
          </Button>
        </div>
      ) : root.data === null ? (
        <p className="text-sm text-fg-muted">
          Not published yet: the root is published within a minute of the cycle completing.
        </p>
      ) : (
        <Figures
          items={[
            [
              'Root',
              <span key="root" className="font-mono text-xs break-all">
                {root.data.root}
              </span>,
            ],
            ['Total of its lines', formatMicroUsdt(root.data.totalMicroUsdt)],
            ['Members (leaves)', root.data.leafCount],
            ['Published', formatDateTime(root.data.builtAt)],
          ]}
        />
      )}
    </Section>
  );
}
