import { UID_CLAIM_MESSAGE_MAX } from '@ctn/contracts/uid-claims';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { formatDateTime } from '@/lib/format';
import { refusalText } from '@/lib/refusal-text';
import { useFileUidClaim, useMyUidClaims } from '../api/uid-claims';

const STATUS_TEXT = {
  OPEN: 'waiting for review',
  UNLINKED: 'accepted: the UID was freed, link it now',
  REASSIGNED: 'accepted: the UID is linked to your account',
  REJECTED: 'not accepted',
} as const;

/**
 * When the UID typed at step 2 is linked to another account: the member explains why it is
 * theirs, and an administrator decides with both accounts and the exchange's answer in view.
 */
export function UidClaimForm({ uid }: { uid: string }) {
  const claims = useMyUidClaims();
  const fileClaim = useFileUidClaim();
  const [message, setMessage] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const open = claims.data?.find((c) => c.status === 'OPEN');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fileClaim.isPending) return;
    if (message.trim().length < 10) return setTooShort(true);
    fileClaim.mutate({ bingXUID: uid, message: message.trim() });
  };

  if (open)
    return (
      <Alert variant="info" title="Your claim is being reviewed">
        Claim for UID <span className="font-mono">{open.uid}</span>, filed{' '}
        {formatDateTime(open.createdAt)}: {STATUS_TEXT[open.status]}. You will get an email when an
        administrator has decided.
      </Alert>
    );

  const serverError = fileClaim.isError
    ? refusalText(
        fileClaim.error,
        'Failed to file the claim',
        'An error occurred while filing the claim',
      )
    : null;
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Claim this BingX UID"
      className="space-y-3 rounded-lg border border-border p-4"
    >
      <p className="text-sm text-fg-muted">
        Is <span className="font-mono text-fg">{uid}</span> your BingX account? Tell us why, for
        example the name on its KYC and when you opened it. An administrator compares both accounts
        with what BingX says about the UID and mails you the decision.
      </p>
      <Field
        id="uid-claim-message"
        label="Why this UID is yours"
        error={tooShort ? 'Tell us why this UID is yours (at least 10 characters)' : undefined}
        hint={`${message.length} / ${UID_CLAIM_MESSAGE_MAX}`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            maxLength={UID_CLAIM_MESSAGE_MAX}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setTooShort(false);
            }}
          />
        )}
      </Field>
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}
      <Button
        type="submit"
        variant="outline"
        loading={fileClaim.isPending}
        loadingText="Sending..."
      >
        File a claim
      </Button>
    </form>
  );
}
