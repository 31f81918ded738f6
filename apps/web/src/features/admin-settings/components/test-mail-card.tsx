import type { MailTestResult } from '@ctn/contracts/mail';
import { mailTestRequestSchema } from '@ctn/contracts/mail';
import { Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { refusalText } from '@/lib/refusal-text';
import { useAuthenticatedUser } from '@/lib/session';
import { useSendTestMail } from '../api/send-test-mail';

const STEP_TEXT: Record<NonNullable<MailTestResult['failedStep']>, string> = {
  connect: 'Could not connect to the relay',
  tls: 'The TLS handshake with the relay failed',
  login: 'The relay refused the login',
  send: 'The relay refused the mail',
};

/**
 * Settings' test mail (decision 036): one mail straight to the SMTP relay, to the administrator's
 * own address unless changed, and the relay's answer.
 */
export function TestMailCard() {
  const user = useAuthenticatedUser();
  const [to, setTo] = useState(user.email);
  const [error, setError] = useState<string | undefined>(undefined);
  const send = useSendTestMail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = mailTestRequestSchema.safeParse({ to });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(parsed.data.to);
  };

  const result = send.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Test Mail</CardTitle>
        <CardDescription>
          Sends one mail straight to the SMTP relay from the configured sender and shows what the
          relay answered. Check that it arrives in the inbox, not in spam.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Field id="test-mail-to" label="Send to" error={error} className="flex-1">
            {(control) => (
              <Input
                {...control}
                type="email"
                autoComplete="email"
                value={to}
                onChange={(e) => {
                  setTo(e.target.value);
                  setError(undefined);
                }}
              />
            )}
          </Field>
          <Button type="submit" loading={send.isPending} loadingText="Sending...">
            <Send className="size-4" aria-hidden="true" />
            Send test mail
          </Button>
        </form>
        {send.isError ? (
          <Alert variant="error">
            {refusalText(
              send.error,
              'Failed to send the test mail',
              'Failed to send the test mail',
            )}
          </Alert>
        ) : result && !send.isPending ? (
          result.accepted ? (
            <Alert variant="success" title={`The relay accepted the mail to ${result.to}`}>
              Its answer: {result.answer}
            </Alert>
          ) : (
            <Alert variant="error" title={STEP_TEXT[result.failedStep ?? 'send']}>
              Its answer: {result.answer}
            </Alert>
          )
        ) : null}
      </CardContent>
    </Card>
  );
}
