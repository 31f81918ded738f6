import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button, type ButtonVariant } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';

/**
 * The confirmation every review action goes through: what will happen, the fields it needs, the
 * refusal of the last attempt, Cancel and the confirming button. It cannot be closed while the
 * decision is on its way.
 */
export function ReviewDialog({
  title,
  description,
  confirmLabel,
  pendingLabel,
  variant = 'primary',
  pending,
  confirmDisabled = false,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
  variant?: ButtonVariant;
  pending: boolean;
  /** Keeps the confirming button off until the fields say the action may go (ticked checks). */
  confirmDisabled?: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent
        title={title}
        description={description}
        hideClose={pending}
        footer={
          <>
            <Button variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button
              variant={variant}
              onClick={onConfirm}
              disabled={confirmDisabled}
              loading={pending}
              loadingText={pendingLabel}
            >
              {confirmLabel}
            </Button>
          </>
        }
      >
        {children || error ? (
          <div className="space-y-4">
            {children}
            {error ? <Alert variant="error">{error}</Alert> : null}
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
