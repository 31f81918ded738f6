import { RefreshButton } from '@/components/ui/refresh-button';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { cyclesKeys } from '../api/get-cycles';
import { CycleDetailView } from '../components/cycle-detail';
import { paths } from '@/lib/paths';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /admin/cycles/{id} (beyond the spec): one cycle's preview, progress or statement. */
export function AdminCycleDetailPage() {
  const { id = '' } = useParams();
  const valid = UUID.test(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cyclesKeys.detail(id) });

  return (
    <div className="space-y-6">
      <PageTitle title="Reward Cycle" />
      <header className="flex flex-wrap items-center justify-between gap-3">
        <Link to={paths.admin.cycles} className={buttonClasses({ variant: 'outline' })}>
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to cycles
        </Link>
        {valid ? <RefreshButton onClick={refresh} /> : null}
      </header>
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Reward Cycle</h1>
        <p className="text-fg-muted">DOWNLINE batch</p>
      </div>
      {valid ? (
        <CycleDetailView
          id={id}
          onDiscarded={() => navigate(paths.admin.cycles, { replace: true })}
        />
      ) : (
        <Alert variant="error">Invalid cycle ID</Alert>
      )}
    </div>
  );
}
