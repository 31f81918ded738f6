import { operatorFactsSchema } from '@ctn/contracts/operator';
import { OPERATOR_FACT_LABELS, type OperatorFacts } from '@ctn/contracts/operator-facts';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAdminOperator, useSaveOperator } from '../api/operator-settings';

type Key = keyof OperatorFacts;
type Draft = Record<Key, string>;

/** Channels are edited one a line, "Name = https://…". */
const channelsText = (facts: OperatorFacts) =>
  facts.supportChannels.map((c) => `${c.label} = ${c.url}`).join('\n');

function factsOf(draft: Draft): unknown {
  const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
  return {
    legalName: orNull(draft.legalName),
    address: orNull(draft.address),
    jurisdiction: orNull(draft.jurisdiction),
    supportHours: orNull(draft.supportHours),
    legalEffectiveDate: orNull(draft.legalEffectiveDate),
    supportChannels: draft.supportChannels
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '')
      .map((line) => {
        const at = line.indexOf('=');
        return at < 0
          ? { label: '', url: line }
          : { label: line.slice(0, at).trim(), url: line.slice(at + 1).trim() };
      }),
  };
}

const draftOf = (facts: OperatorFacts): Draft => ({
  legalName: facts.legalName ?? '',
  address: facts.address ?? '',
  jurisdiction: facts.jurisdiction ?? '',
  supportChannels: channelsText(facts),
  supportHours: facts.supportHours ?? '',
  legalEffectiveDate: facts.legalEffectiveDate ?? '',
});

const HINTS: Partial<Record<Key, string>> = {
  supportChannels: 'One a line: Telegram = https://t.me/your_support',
  supportHours:
    'The hours you keep, e.g. "Mon-Fri 09:00-18:00 UTC". Pages say 24/7 only if this does.',
};

/**
 * Who runs the platform and how members reach support (decision 049): named on Terms, Privacy,
 * About, Support and the contact page. An empty field is unset: the pages say so.
 */
export function OperatorCard() {
  const operator = useAdminOperator();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Operator &amp; Support</CardTitle>
        <CardDescription>
          The legal entity behind the platform, where and when support answers, and when the Terms
          and Privacy took effect. Until first saved, the server&rsquo;s environment gives them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {operator.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading the operator settings...</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : operator.isError ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(operator.error, 'The operator settings could not be loaded')}
            </Alert>
            <Button variant="outline" onClick={() => void operator.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <OperatorForm key={JSON.stringify(operator.data)} saved={operator.data} />
        )}
      </CardContent>
    </Card>
  );
}

function OperatorForm({ saved }: { saved: OperatorFacts }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const save = useSaveOperator();
  const initial = draftOf(saved);
  const changed = (Object.keys(draft) as Key[]).some((k) => draft[k].trim() !== initial[k]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = operatorFactsSchema.safeParse(factsOf(draft));
    if (!parsed.success) {
      const found: Partial<Record<Key, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Key] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => toast('Operator settings saved') });
  };

  const field = (key: Key, multiline = false) => (
    <Field
      key={key}
      id={`operator-${key}`}
      label={OPERATOR_FACT_LABELS[key].label}
      error={errors[key]}
      hint={
        HINTS[key] ??
        (initial[key] === '' ? `Not set (${OPERATOR_FACT_LABELS[key].variable}).` : undefined)
      }
    >
      {(control) => {
        const props = {
          ...control,
          value: draft[key],
          onChange: (event: { target: { value: string } }) => {
            if (save.isError) save.reset();
            setDraft((d) => ({ ...d, [key]: event.target.value }));
          },
        };
        return multiline ? (
          <Textarea {...props} rows={3} />
        ) : (
          <Input {...props} type={key === 'legalEffectiveDate' ? 'date' : 'text'} />
        );
      }}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Operator & Support" className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {field('legalName')}
        {field('jurisdiction')}
        {field('address', true)}
        {field('supportChannels', true)}
        {field('supportHours')}
        {field('legalEffectiveDate')}
      </div>
      {save.isError && (
        <Alert variant="error">
          {errorMessage(save.error, 'The operator settings could not be saved')}
        </Alert>
      )}
      <Button type="submit" disabled={!changed} loading={save.isPending} loadingText="Saving...">
        Save operator settings
      </Button>
    </form>
  );
}
