import type { AdminUidClaim } from '@ctn/contracts/uid-claims';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { useResolveUidClaim } from '../api/uid-claims';
import { refusalText } from '@/lib/refusal-text';
import { ReviewDialog } from '@/components/admin/review-dialog';

export type ClaimAction = 'UNLINK' | 'REASSIGN' | 'REJECT';

const TEXT: Record<ClaimAction, { title: string; confirm: string; pending: string; done: string }> =
  {
    REASSIGN: {
      title: 'Move the UID to the claimant',
      confirm: 'Move UID',
      pending: 'Moving...',
      done: 'UID moved to the claimant',
    },
    UNLINK: {
      title: 'Unlink the UID from its holder',
      confirm: 'Unlink',
      pending: 'Unlinking...',
      done: 'UID unlinked',
    },
    REJECT: {
      title: 'Reject the claim',
      confirm: 'Reject',
      pending: 'Rejecting...',
      done: 'Claim rejected',
    },
  };

/** Confirms a decision on a claim with a note both members receive by mail. */
export function ResolveClaimDialog({
  claim,
  action,
  onClose,
}: {
  claim: AdminUidClaim;
  action: ClaimAction;
  onClose: () => void;
}) {
  const resolve = useResolveUidClaim();
  const [note, setNote] = useState('');
  const [attempted, setAttempted] = useState(false);
  const text = TEXT[action];
  const noteError =
    attempted && note.trim().length < 3
      ? 'Say why, for both members (at least 3 characters)'
      : undefined;
  const holder = claim.holder ? `${claim.holder.name} (${claim.holder.userId})` : 'nobody';
  const description = {
    REASSIGN: `UID ${claim.uid} is taken off ${holder} and linked to ${claim.claimant.name} (${claim.claimant.userId}). Both are mailed your note.`,
    UNLINK: `UID ${claim.uid} is taken off ${holder}; ${claim.claimant.name} can then link it. Both are mailed your note.`,
    REJECT: `UID ${claim.uid} stays with ${holder}. Both are mailed your note.`,
  }[action];
  return (
    <ReviewDialog
      title={text.title}
      description={description}
      confirmLabel={text.confirm}
      pendingLabel={text.pending}
      variant={action === 'REJECT' ? 'danger' : 'primary'}
      pending={resolve.isPending}
      error={
        resolve.isError
          ? refusalText(
              resolve.error,
              'Failed to resolve the claim',
              'An error occurred while resolving the claim',
            )
          : null
      }
      onConfirm={() => {
        setAttempted(true);
        if (note.trim().length < 3) return;
        resolve.mutate(
          { id: claim._id, body: { action, note: note.trim() } },
          {
            onSuccess: () => {
              toast(text.done);
              onClose();
            },
          },
        );
      }}
      onClose={() => {
        if (!resolve.isPending) onClose();
      }}
    >
      <Field id="claim-note" label="Note to both members" error={noteError}>
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
    </ReviewDialog>
  );
}
