import { siteLinksSchema, type SiteLink, type SiteLinks } from '@ctn/contracts/site';
import { SITE_LINK_LABELS, SITE_LINKS } from '@ctn/contracts/site-links';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useAdminSiteLinks } from '@/lib/admin/site-links';
import { useSaveSiteLinks } from '../api/site-settings';

const EXAMPLES: Record<SiteLink, string> = {
  affiliateUrl: 'https://bingx.com/invite/…',
  copyTradingUrl: 'https://bingx.com/en/CopyTrading/…',
  updatesChannelUrl: 'https://t.me/…',
  communityChannelUrl: 'https://t.me/…',
  supportEmail: 'support@your-domain.com',
};

type Draft = Record<SiteLink, string>;
const draftOf = (links: SiteLinks): Draft =>
  Object.fromEntries(SITE_LINKS.map((key) => [key, links[key] ?? ''])) as Draft;
const linksOf = (draft: Draft): Record<SiteLink, string | null> =>
  Object.fromEntries(
    SITE_LINKS.map((key) => [key, draft[key].trim() === '' ? null : draft[key].trim()]),
  ) as Record<SiteLink, string | null>;

/**
 * The public site's links and mailbox (issue 18): set here, never in code. An empty field leaves
 * that link out of the public pages; until first saved, the server's environment gives them.
 */
export function SiteLinksCard() {
  const links = useAdminSiteLinks();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Public Site</CardTitle>
        <CardDescription>
          The links and the mailbox the landing, support and legal pages show. Leave a field empty
          to leave that link out; nothing is ever shown as a placeholder.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {links.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading the public site settings...</span>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        ) : links.isError ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(links.error, 'The public site settings could not be loaded')}
            </Alert>
            <Button variant="outline" onClick={() => void links.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <SiteLinksForm key={JSON.stringify(links.data)} saved={links.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SiteLinksForm({ saved }: { saved: SiteLinks }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [errors, setErrors] = useState<Partial<Record<SiteLink, string>>>({});
  const save = useSaveSiteLinks();
  const changed = SITE_LINKS.some((key) => draft[key].trim() !== (saved[key] ?? ''));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = siteLinksSchema.safeParse(linksOf(draft));
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path[0] as SiteLink, issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(parsed.data, { onSuccess: () => toast('Public site saved') });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Public Site" className="space-y-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {SITE_LINKS.map((key) => (
          <Field
            key={key}
            id={`site-${key}`}
            label={SITE_LINK_LABELS[key]}
            error={errors[key]}
            hint={saved[key] === null ? 'Not set: left out of the public pages.' : undefined}
          >
            {(control) => (
              <Input
                {...control}
                type={key === 'supportEmail' ? 'email' : 'url'}
                inputMode={key === 'supportEmail' ? 'email' : 'url'}
                autoComplete="off"
                spellCheck={false}
                placeholder={EXAMPLES[key]}
                value={draft[key]}
                onChange={(event) => {
                  if (save.isError) save.reset();
                  setDraft((d) => ({ ...d, [key]: event.target.value }));
                }}
              />
            )}
          </Field>
        ))}
      </div>
      {save.isError && (
        <Alert variant="error">{errorMessage(save.error, 'The links could not be saved')}</Alert>
      )}
      <Button type="submit" disabled={!changed} loading={save.isPending} loadingText="Saving...">
        Save public site
      </Button>
    </form>
  );
}
