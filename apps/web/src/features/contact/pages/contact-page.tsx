import {
  CONTACT_LIMITS,
  CONTACT_TOPIC_KEYS,
  CONTACT_TOPICS,
  contactRequestSchema,
  type ContactTopic,
} from '@ctn/contracts/operator';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useSession } from '@/lib/session';
import { useOperatorFacts } from '@/lib/site';
import { useSendContactMessage } from '../api/send-contact-message';

type Values = {
  name: string;
  email: string;
  topic: ContactTopic | '';
  subject: string;
  message: string;
};
type FieldName = keyof Values;
/** What the visitor typed; a null name or email is untouched (a signed-in member's shows). */
type Form = Omit<Values, 'name' | 'email'> & { name: string | null; email: string | null };

export const CONTACT_TEXTS = {
  title: 'Contact us',
  intro: 'Write to our support team. You get a ticket number, here and by email.',
  send: 'Send message',
  sending: 'Sending...',
  failed: 'Your message could not be sent. Please try again.',
  sentTitle: 'Message sent',
  another: 'Send another message',
  chooseTopic: 'Choose a topic',
} as const;

const isTopic = (value: string | null): value is ContactTopic =>
  value !== null && (CONTACT_TOPIC_KEYS as string[]).includes(value);

/** The form as the link filled it: /contact?topic=payment&subject=…&message=… */
function prefilled(params: URLSearchParams): Form {
  const topic = params.get('topic');
  return {
    name: null,
    email: null,
    topic: isTopic(topic) ? topic : '',
    subject: (params.get('subject') ?? '').slice(0, CONTACT_LIMITS.subject),
    message: (params.get('message') ?? '').slice(0, CONTACT_LIMITS.message),
  };
}

/**
 * /contact (decision 049): the public contact form, signed in or not. A signed-in member's name
 * and email are filled in; a link can fill the topic, subject and message (a receipt's "wrong
 * payment"). On an error nothing typed is lost; once sent, the ticket number is shown.
 */
export function ContactPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const hours = useOperatorFacts().data?.supportHours ?? null;
  const send = useSendContactMessage();
  const [form, setForm] = useState<Form>(() => prefilled(params));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const user = session.user;
  const values: Values = {
    ...form,
    name: form.name ?? (user ? `${user.firstName} ${user.lastName}`.trim() : ''),
    email: form.email ?? user?.email ?? '',
  };

  const set = (field: FieldName) => (value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = contactRequestSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setFormError(null);
    send.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.invalidFields.length) setErrors(error.fieldErrors());
        setFormError(errorMessage(error, CONTACT_TEXTS.failed));
      },
    });
  };

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-24 pb-12 sm:px-6 sm:pt-28">
      <PageTitle title={CONTACT_TEXTS.title} />
      <h1 className="text-3xl font-bold tracking-tight text-fg">{CONTACT_TEXTS.title}</h1>
      <p className="mt-2 text-fg-muted">{CONTACT_TEXTS.intro}</p>
      {hours && <p className="mt-1 text-sm text-fg-muted">Support hours: {hours}</p>}

      {send.isSuccess ? (
        <Card className="mt-8 p-6" role="status">
          <div className="flex items-start gap-4">
            <MailCheck className="mt-1 size-6 shrink-0 text-primary" aria-hidden="true" />
            <div className="space-y-2">
              <h2 className="text-lg font-semibold text-fg">{CONTACT_TEXTS.sentTitle}</h2>
              <p className="text-fg">
                Your ticket number is{' '}
                <span className="font-mono font-semibold" data-testid="ticket-number">
                  {send.data.ticket}
                </span>
                .
              </p>
              <p className="text-sm text-fg-muted">
                We also sent it to {values.email.trim()}. Please quote it if you write again about
                the same matter.
              </p>
              <div className="flex flex-wrap gap-3 pt-2">
                <Button
                  variant="outline"
                  onClick={() => {
                    setForm((f) => ({ ...f, topic: '', subject: '', message: '' }));
                    send.reset();
                  }}
                >
                  {CONTACT_TEXTS.another}
                </Button>
                <Link to={paths.home} className={buttonClasses({ variant: 'ghost' })}>
                  Back to the home page
                </Link>
              </div>
            </div>
          </div>
        </Card>
      ) : (
        <Card className="mt-8 p-6">
          <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact support">
            {formError && <Alert variant="error">{formError}</Alert>}
            <div className="grid gap-5 sm:grid-cols-2">
              <Field id="contact-name" label="Name" error={errors.name}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="name"
                    maxLength={CONTACT_LIMITS.name}
                    value={values.name}
                    onChange={(e) => set('name')(e.target.value)}
                  />
                )}
              </Field>
              <Field id="contact-email" label="Email address" error={errors.email}>
                {(control) => (
                  <Input
                    {...control}
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    value={values.email}
                    onChange={(e) => set('email')(e.target.value)}
                  />
                )}
              </Field>
            </div>
            <Field id="contact-topic" label="Topic" error={errors.topic}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={values.topic}
                  onChange={(e) => set('topic')(e.target.value)}
                >
                  <option value="">{CONTACT_TEXTS.chooseTopic}</option>
                  {CONTACT_TOPIC_KEYS.map((key) => (
                    <option key={key} value={key}>
                      {CONTACT_TOPICS[key]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field id="contact-subject" label="Subject (optional)" error={errors.subject}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={CONTACT_LIMITS.subject}
                  value={values.subject}
                  onChange={(e) => set('subject')(e.target.value)}
                />
              )}
            </Field>
            <Field id="contact-message" label="Message" error={errors.message}>
              {(control) => (
                <Textarea
                  {...control}
                  rows={6}
                  maxLength={CONTACT_LIMITS.message}
                  value={values.message}
                  onChange={(e) => set('message')(e.target.value)}
                />
              )}
            </Field>
            <Button
              type="submit"
              size="lg"
              loading={send.isPending}
              loadingText={CONTACT_TEXTS.sending}
            >
              {CONTACT_TEXTS.send}
            </Button>
          </form>
        </Card>
      )}
    </div>
  );
}
