import type { ComplianceMode, ComplianceStatus } from '@ctn/contracts/compliance';
import { useState } from 'react';
import { ShadowRunFigures } from '@/components/admin/shadow-run-figures';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useComplianceStatus, useSetComplianceMode } from '@/lib/admin/compliance-status';
import { errorMessage } from '@/lib/api-client';
import { refusalText } from '@/lib/refusal-text';
import { SettingRow } from './setting-switch';

const MODE_TEXT: Record<ComplianceMode, string> = { shadow: 'Shadow', enforce: 'Enforce' };

/**
 * The compliance mode (decision 038): shadow records what each daily run would do, enforce
 * applies it. Switching to enforce shows the last shadow run's figures first and asks to
 * confirm; COMPLIANCE_MODE in the server environment wins and disables the switch.
 */
export function ComplianceModeCard() {
  const status = useComplianceStatus();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Compliance Mode</CardTitle>
        <CardDescription>
          Shadow: each daily run records who it would lock, remind, forfeit or release, and changes
          nothing. Enforce: it applies them and mails the members.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {status.isPending ? (
          <div role="status">
            <span className="sr-only">Loading the compliance mode...</span>
            <Skeleton className="h-12 w-full" />
          </div>
        ) : !status.data ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(
                status.error,
                'Failed to load the compliance mode',
                'An error occurred while loading the compliance mode',
              )}
            </Alert>
            <Button variant="outline" onClick={() => void status.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <ModeSwitch status={status.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ModeSwitch({ status }: { status: ComplianceStatus }) {
  const { mode, lastShadowRun } = status;
  const [open, setOpen] = useState(false);
  const save = useSetComplianceMode();
  const next: ComplianceMode = mode.effective === 'shadow' ? 'enforce' : 'shadow';
  const confirm = () =>
    save.mutate(next, {
      onSuccess: () => {
        setOpen(false);
        toast(next === 'enforce' ? 'Compliance is enforced' : 'Compliance runs in shadow');
      },
    });
  return (
    <>
      <SettingRow
        id="setting-compliance-mode"
        label="Mode"
        description={
          mode.fromEnvironment
            ? `Set by COMPLIANCE_MODE=${mode.effective} in the server environment, which wins over this setting: change it there.`
            : mode.effective === 'shadow'
              ? 'Nothing is locked, forfeited, released or mailed to members yet.'
              : 'Members are locked, reminded, forfeited and released, and mailed.'
        }
      >
        <div className="flex shrink-0 flex-col items-end gap-2">
          <Badge variant={mode.effective === 'shadow' ? 'warning' : 'success'}>
            {MODE_TEXT[mode.effective]}
          </Badge>
          <Button
            variant="outline"
            size="sm"
            disabled={mode.fromEnvironment}
            onClick={() => {
              save.reset();
              setOpen(true);
            }}
          >
            {next === 'enforce' ? 'Switch to enforce' : 'Switch to shadow'}
          </Button>
        </div>
      </SettingRow>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={
            next === 'enforce' ? 'Switch compliance to enforce?' : 'Switch compliance to shadow?'
          }
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button
                variant={next === 'enforce' ? 'danger' : 'primary'}
                loading={save.isPending}
                loadingText="Switching..."
                onClick={confirm}
              >
                {next === 'enforce' ? 'Enforce compliance' : 'Switch to shadow'}
              </Button>
            </>
          }
        >
          <div className="space-y-4 text-sm">
            {next === 'enforce' ? (
              <>
                {lastShadowRun ? (
                  <ShadowRunFigures run={lastShadowRun} />
                ) : (
                  <Alert variant="warning">
                    No shadow run yet: nothing shows what enforcing will do.
                  </Alert>
                )}
                <p className="text-fg">
                  From the next run, members are locked, reminded, forfeited and released as the
                  shadow run shows, and mailed. The switch is recorded in the audit log.
                </p>
              </>
            ) : (
              <p className="text-fg">
                From the next run nothing is locked, forfeited or released and no member is mailed:
                each run only records what it would do. Running locks stay as they are. The switch
                is recorded in the audit log.
              </p>
            )}
            {save.isError ? (
              <Alert variant="error">
                {refusalText(
                  save.error,
                  'Failed to switch the compliance mode',
                  'An error occurred while switching the compliance mode',
                )}
              </Alert>
            ) : null}
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
