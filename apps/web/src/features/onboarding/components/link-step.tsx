import type { User } from '@ctn/contracts/accounts';
import { MIN_EXCHANGE_BALANCE_USDT } from '@ctn/contracts/constants';
import { Link2 } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/refusal-text';
import { useLinkBingXUid } from '../api/link-bingx-uid';
import { DemoUidsHint } from './demo-uids-hint';
import { UidClaimForm } from './uid-claim-form';
import { UidPrecheck } from './uid-precheck';
import { StepCard } from './step-card';

/** The screen texts of linking (member sections 5 and 8, "Link exchange UID"). */
const LINK_MESSAGES = {
  required: 'Please enter your BingX UID',
  failed: 'Failed to link BingX UID',
  unexpected: 'An error occurred while linking BingX UID',
} as const;

/**
 * Step 2, shown when the subscription is paid and no exchange UID is linked (member section 2):
 * the UID input with its help text and the link button. An empty or blank UID is refused here;
 * the value is trimmed before it is sent; the exchange's verdict comes back as a catalogue code.
 */
export function LinkStep({ onLinked }: { onLinked: (user: User) => void }) {
  const [uid, setUid] = useState('');
  const [required, setRequired] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const link = useLinkBingXUid();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (link.isPending) return;
    const value = uid.trim();
    if (!value) {
      link.reset();
      setRequired(true);
      inputRef.current?.focus();
      return;
    }
    link.mutate(value, { onSuccess: ({ user }) => onLinked(user) });
  };

  const fill = (value: string) => {
    setUid(value);
    setRequired(false);
    link.reset();
    inputRef.current?.focus();
  };

  return (
    <div className="space-y-6">
      <StepCard
        step={2}
        icon={Link2}
        title="Link your BingX account"
        summary={`Enter the UID of the BingX account you copy trade with. We check with BingX that the account was opened through our invitation link, has completed KYC and holds at least ${MIN_EXCHANGE_BALANCE_USDT} USDT.`}
      >
        <form onSubmit={onSubmit} noValidate aria-label="Link BingX account" className="space-y-4">
          <Field
            id="bingx-uid"
            label="BingX UID"
            error={required ? LINK_MESSAGES.required : undefined}
            hint="Your UID is numeric, usually 8-12 digits. You find it on the account page of the BingX app."
          >
            {(control) => (
              <Input
                {...control}
                ref={inputRef}
                name="bingXUID"
                inputMode="numeric"
                autoComplete="off"
                spellCheck={false}
                placeholder="e.g. 12345678"
                value={uid}
                onChange={(event) => {
                  setUid(event.target.value);
                  setRequired(false);
                  if (link.isError) link.reset();
                }}
                className="font-mono sm:max-w-sm"
              />
            )}
          </Field>
          {link.isError ? (
            <Alert variant="error">
              {refusalText(link.error, LINK_MESSAGES.failed, LINK_MESSAGES.unexpected)}
            </Alert>
          ) : null}
          <Button
            type="submit"
            loading={link.isPending}
            loadingText="Linking..."
            className="sm:min-w-48"
          >
            <Link2 className="size-4" aria-hidden="true" />
            Link BingX UID
          </Button>
        </form>
        {isApiError(link.error) && link.error.code === 'BINGX_UID_ALREADY_EXISTS' ? (
          <UidClaimForm uid={uid.trim()} />
        ) : null}
        <DemoUidsHint onPick={fill} />
      </StepCard>
      <UidPrecheck paid />
    </div>
  );
}
