import {
  LEGAL_BODY_MAX,
  LEGAL_DOCUMENTS,
  LEGAL_TITLES,
  legalBodySchema,
  type LegalDocument,
  type LegalDocumentKey,
} from '@ctn/contracts/site';
import { ExternalLink as ExternalIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useEarningsDisclosure, useLegalDocument } from '@/lib/site';
import { NativeSelect } from '@/components/ui/native-select';
import { useRebuildDisclosure, useSaveLegalDocument } from '../api/site-settings';

const PAGE_PATH: Record<LegalDocumentKey, string> = {
  terms: paths.terms,
  privacy: paths.privacy,
  risk: paths.risk,
};

/**
 * The Terms, Privacy and Risk pages' text (issue 18), edited here and public at once, and the
 * daily earnings disclosure with a "rebuild now" for after a data correction.
 */
export function LegalPagesCard() {
  const [document, setDocument] = useState<LegalDocumentKey>('terms');
  const legal = useLegalDocument(document);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Legal Pages &amp; Disclosure</CardTitle>
        <CardDescription>
          The text of the pages linked from the register form and the footer. Plain text: a line
          starting with “## ” is a section heading, a blank line starts a new paragraph.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <label htmlFor="legal-document" className="text-sm font-medium text-fg">
              Page
            </label>
            <NativeSelect
              id="legal-document"
              className="w-56"
              value={document}
              onChange={(event) => setDocument(event.target.value as LegalDocumentKey)}
            >
              {LEGAL_DOCUMENTS.map((key) => (
                <option key={key} value={key}>
                  {LEGAL_TITLES[key]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Link
            to={PAGE_PATH[document]}
            target="_blank"
            rel="noopener"
            className="inline-flex h-10 items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            View the page
            <ExternalIcon className="size-3.5" aria-hidden="true" />
          </Link>
        </div>
        {legal.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : legal.isError ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(legal.error, 'The page text could not be loaded')}
            </Alert>
            <Button variant="outline" onClick={() => void legal.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <LegalForm key={`${document}:${legal.data.updatedAt ?? 'built-in'}`} saved={legal.data} />
        )}
        <DisclosureRow />
      </CardContent>
    </Card>
  );
}

function LegalForm({ saved }: { saved: LegalDocument }) {
  const [body, setBody] = useState(saved.body);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveLegalDocument(saved.document);
  const changed = body.trim() !== saved.body.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = legalBodySchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data.body, { onSuccess: () => toast(`${saved.title} saved`) });
  };

  return (
    <form onSubmit={submit} noValidate aria-label={saved.title} className="space-y-3">
      <Field
        id="legal-body"
        label={`${saved.title} text`}
        error={error}
        hint={
          saved.updatedAt
            ? `Last saved ${formatDateTime(saved.updatedAt)} · ${body.length.toLocaleString('en-US')} / ${LEGAL_BODY_MAX.toLocaleString('en-US')} characters`
            : 'The built-in text: have it reviewed, then save your own.'
        }
      >
        {(control) => (
          <Textarea
            {...control}
            rows={16}
            className="font-mono text-sm leading-6"
            value={body}
            onChange={(event) => {
              if (save.isError) save.reset();
              setBody(event.target.value);
            }}
          />
        )}
      </Field>
      {save.isError && (
        <Alert variant="error">{errorMessage(save.error, 'The text could not be saved')}</Alert>
      )}
      <Button type="submit" disabled={!changed} loading={save.isPending} loadingText="Saving...">
        Save {saved.title}
      </Button>
    </form>
  );
}

function DisclosureRow() {
  const disclosure = useEarningsDisclosure();
  const rebuild = useRebuildDisclosure();
  return (
    <div className="flex flex-col gap-3 border-t border-border pt-5 sm:flex-row sm:items-center sm:justify-between">
      <div className="text-sm">
        <p className="font-medium text-fg">
          <Link
            to={paths.earningsDisclosure}
            target="_blank"
            rel="noopener"
            className="text-primary underline-offset-4 hover:underline"
          >
            Earnings disclosure
          </Link>
        </p>
        <p className="text-fg-muted">
          {disclosure.data
            ? `Built ${formatDateTime(disclosure.data.builtAt)}; rebuilt automatically every day.`
            : disclosure.isError
              ? 'Its state could not be read.'
              : disclosure.data === null
                ? 'Not built yet: the daily job builds it shortly after start.'
                : 'Loading...'}
        </p>
        {rebuild.isError && (
          <p className="mt-1 font-medium text-danger">
            {errorMessage(rebuild.error, 'The disclosure could not be rebuilt')}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        loading={rebuild.isPending}
        loadingText="Rebuilding..."
        onClick={() => rebuild.mutate(undefined, { onSuccess: () => toast('Disclosure rebuilt') })}
      >
        Rebuild now
      </Button>
    </div>
  );
}
