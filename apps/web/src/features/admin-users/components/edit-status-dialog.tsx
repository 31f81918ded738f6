import type { AdminUserListItem } from '@ctn/contracts/admin';
import { USER_STATUSES, type UserStatus } from '@ctn/contracts/constants';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { StatusBadge } from '@/components/ui/badge';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { fullName } from '@/lib/format';
import { useUpdateUserStatus } from '../api/update-user-status';
import { NativeSelect } from '@/components/ui/native-select';

type Step = 'edit' | 'confirm';

/**
 * The edit-status flow of admin section 4: choose a status, Update Status (disabled while it
 * equals the current one), confirm in a second dialog, then a toast (5 s).
 */
export function EditStatusDialog({
  user,
  onClose,
}: {
  user: AdminUserListItem | null;
  onClose: () => void;
}) {
  return user ? <EditStatusFlow key={user._id} user={user} onClose={onClose} /> : null;
}

function EditStatusFlow({ user, onClose }: { user: AdminUserListItem; onClose: () => void }) {
  const [step, setStep] = useState<Step>('edit');
  const [status, setStatus] = useState<UserStatus>(user.status);
  const mutation = useUpdateUserStatus();

  const name = fullName(user);
  const unchanged = status === user.status;

  const close = () => {
    if (!mutation.isPending) onClose();
  };

  const next = () => {
    if (unchanged) {
      onClose();
      return;
    }
    setStep('confirm');
  };

  const confirm = () => {
    mutation.mutate(
      { id: user._id, status },
      {
        onSuccess: (data) => {
          toast(`User status updated to ${data.status} successfully!`);
          onClose();
        },
        onError: (error) => {
          toast(
            errorMessage(
              error,
              'Failed to update user status',
              'An error occurred while updating user status',
            ),
            { variant: 'error' },
          );
          onClose();
        },
      },
    );
  };

  return (
    <>
      <Dialog open={step === 'edit'} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent
          title="Edit User Status"
          description={`Change the account status of ${name} (${user.email}).`}
          footer={
            <>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button onClick={next} disabled={unchanged}>
                Update Status
              </Button>
            </>
          }
        >
          <div className="space-y-4">
            <p className="flex items-center gap-2 text-sm text-fg-muted">
              Current status: <StatusBadge status={user.status} />
            </p>
            <div className="space-y-1.5">
              <label htmlFor="admin-user-status" className="text-sm font-medium text-fg">
                New status
              </label>
              <NativeSelect
                id="admin-user-status"
                value={status}
                onChange={(e) => setStatus(e.target.value as UserStatus)}
              >
                {USER_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
        </DialogContent>
      </Dialog>
      <Dialog open={step === 'confirm'} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent
          title="Confirm Status Change"
          description={`Are you sure you want to change the status of ${name} from ${user.status} to ${status}?`}
          hideClose={mutation.isPending}
          footer={
            <>
              <Button
                variant="outline"
                onClick={() => setStep('edit')}
                disabled={mutation.isPending}
              >
                Back
              </Button>
              <Button
                variant={status === 'ACTIVE' ? 'primary' : 'danger'}
                onClick={confirm}
                loading={mutation.isPending}
                loadingText="Updating..."
              >
                Confirm
              </Button>
            </>
          }
        />
      </Dialog>
    </>
  );
}
