import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadExport, type ExportList } from '@/lib/download-export';
import { refusalText } from '@/lib/refusal-text';

/** 'Export CSV': downloads the list under its current filters ('Exporting...' meanwhile). */
export function ExportButton({
  list,
  query,
}: {
  list: ExportList;
  query: Record<string, string | number | null | undefined>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport(list, query);
    } catch (error) {
      toast('Export failed', {
        variant: 'error',
        description: refusalText(error, 'The export failed. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} disabled={busy}>
      <Download className="size-4" aria-hidden="true" />
      {busy ? 'Exporting...' : 'Export CSV'}
    </Button>
  );
}
