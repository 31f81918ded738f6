import {
  ANTI_PHISHING_PHRASE_MAX,
  ANTI_PHISHING_PHRASE_MIN,
  antiPhishingPhraseSchema,
} from '@ctn/contracts/security';
import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { Fingerprint } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAuthenticatedUser } from '@/lib/session';
import { useAntiPhishingPhrase, useSaveAntiPhishingPhrase } from '../api/anti-phishing';

const FAILED = 'That did not work. Please try again.';
type Editing = 'none' | 'set' | 'remove';

/**
 * The anti-phishing phrase (decision 051): a phrase only the member and we know, printed at the
 * top of every mail we send them, so a mail without it is a fake.
 */
export function AntiPhishingCard() {
  const phrase = useAntiPhishingPhrase();
  const [editing, setEditing] = useState<Editing>('none');
  const [saved, setSaved] = useState<string | null>(null);
  const done = (message: string) => {
    setEditing('none');
    setSaved(message);
  };

  return (
    <Card>
      <div className="flex items-start gap-3 p-6 pb-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Fingerprint className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Anti-phishing phrase</CardTitle>
          <CardDescription>
            A phrase of your choice that every email from us shows at the top. A mail that claims to
            be from us without your phrase is fake: do not click its links or enter your password or
            codes.
          </CardDescription>
        </div>
      </div>
      <CardContent className="space-y-4">
        {saved && editing === 'none' ? <Alert variant="success">{saved}</Alert> : null}
        {phrase.isPending ? (
          <Skeleton className="h-10 w-64" />
        ) : phrase.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <Alert variant="error">Failed to load your anti-phishing phrase</Alert>
            <Button variant="outline" size="sm" onClick={() => void phrase.refetch()}>
              Retry
            </Button>
          </div>
        ) : editing !== 'none' ? (
          <PhraseForm
            removing={editing === 'remove'}
            current={phrase.data.phrase}
            onDone={done}
            onCancel={() => setEditing('none')}
          />
        ) : phrase.data.phrase === null ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-fg-muted">No phrase set: our mails show none.</p>
            <Button onClick={() => setEditing('set')}>Set a phrase</Button>
          </div>
        ) : (
          <div className="space-y-3">
            <p className="text-sm text-fg-muted">
              Your mails start with:{' '}
              <span className="rounded-md bg-primary-soft px-2 py-0.5 font-semibold text-primary-soft-fg">
                {phrase.data.phrase}
              </span>
            </p>
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={() => setEditing('set')}>
                Change
              </Button>
              <Button variant="danger-outline" onClick={() => setEditing('remove')}>
                Remove
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** A new phrase (or its removal), confirmed with the password and, with two-factor on, a code. */
function PhraseForm({
  removing,
  current,
  onDone,
  onCancel,
}: {
  removing: boolean;
  current: string | null;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const user = useAuthenticatedUser();
  const save = useSaveAntiPhishingPhrase();
  const [value, setValue] = useState(current ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phrase?: string; password?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = removing ? null : antiPhishingPhraseSchema.safeParse(value);
    const found = {
      ...(parsed && !parsed.success ? { phrase: parsed.error.issues[0]!.message } : {}),
      ...(password === '' ? { password: 'Password is required' } : {}),
      ...(user.twoFactorEnabled && code.trim() === '' ? { code: 'Enter the 6-digit code' } : {}),
    };
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    save.mutate(
      {
        phrase: parsed?.success ? parsed.data : null,
        password,
        ...(user.twoFactorEnabled ? { totpCode: code.trim() } : {}),
      },
      {
        onSuccess: (answer) =>
          onDone(
            SUCCESS_MESSAGES[
              answer.phrase === null ? 'ANTI_PHISHING_PHRASE_REMOVED' : 'ANTI_PHISHING_PHRASE_SAVED'
            ],
          ),
        onError: (e) => setFailure(errorMessage(e, FAILED, FAILED)),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4"
      aria-label={removing ? 'Remove the anti-phishing phrase' : 'Set the anti-phishing phrase'}
    >
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      {removing ? (
        <Alert variant="warning">Without a phrase, a fake mail is harder to tell from ours.</Alert>
      ) : (
        <Field
          id="anti-phishing-phrase"
          label="Phrase"
          error={errors.phrase}
          hint={`${ANTI_PHISHING_PHRASE_MIN} to ${ANTI_PHISHING_PHRASE_MAX} letters, digits or spaces. Not your password.`}
        >
          {(control) => (
            <Input
              {...control}
              value={value}
              maxLength={ANTI_PHISHING_PHRASE_MAX + 8}
              autoComplete="off"
              onChange={(e) => setValue(e.target.value)}
              className="max-w-80"
            />
          )}
        </Field>
      )}
      <Field id="anti-phishing-password" label="Password" error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            value={password}
            autoComplete="current-password"
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      {user.twoFactorEnabled ? (
        <Field
          id="anti-phishing-code"
          label="Code from the app, or a recovery code"
          error={errors.code}
        >
          {(control) => (
            <Input
              {...control}
              value={code}
              autoComplete="one-time-code"
              onChange={(e) => setCode(e.target.value)}
              className="max-w-48"
            />
          )}
        </Field>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={removing ? 'danger' : 'primary'} loading={save.isPending}>
          {removing ? 'Remove phrase' : 'Save phrase'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
