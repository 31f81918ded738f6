import { CircleHelp, Clock, ListChecks, Mail, MessageSquare, Send } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { ListError } from '@/components/list-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/lib/paths';
import { useAuthenticatedUser } from '@/lib/session';
import { useOperatorFacts, useSiteLinks } from '@/lib/site';
import { supportContent as c } from '@/lib/site-content';

function IconTile({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className="mt-3 space-y-2">
      {items.map((item, index) => (
        <li key={index} className="flex items-start gap-2.5 text-sm text-fg-muted">
          <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * /support (member section 2): the operator's own channels, mailbox and hours (decision 049),
 * the contact form, and quick help. What the operator has not published is said to be so;
 * nothing is promised in its place.
 */
export function SupportPage() {
  const user = useAuthenticatedUser();
  const links = useSiteLinks();
  const operator = useOperatorFacts();
  const supportEmail = links.data?.supportEmail ?? null;
  const channels = operator.data?.supportChannels ?? [];
  const hours = operator.data?.supportHours ?? null;
  const pending = links.isPending || operator.isPending;
  const failed = links.isError || operator.isError;
  const published = supportEmail !== null || channels.length > 0;
  return (
    <div className="space-y-6">
      <PageTitle title={c.title} />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{c.title}</h1>
        {published && <p className="text-fg-muted">{c.intro}</p>}
      </header>

      {pending && !failed && (
        <div
          role="status"
          aria-label="Loading the support contacts"
          className="grid gap-6 md:grid-cols-2"
        >
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-44 rounded-xl" />
        </div>
      )}
      {failed && (
        <ListError
          message="The support contacts could not be loaded."
          onRetry={() => void Promise.all([links.refetch(), operator.refetch()])}
          retrying={links.isFetching || operator.isFetching}
        />
      )}
      {!pending && !failed && !published && (
        <Card className="p-6 text-sm text-fg-muted" role="status">
          {c.notPublished}
        </Card>
      )}
      {!pending && !failed && (
        <div className="grid gap-6 md:grid-cols-2">
          {channels.length > 0 && (
            <Card className="flex flex-col p-6">
              <div className="flex items-start gap-4">
                <IconTile icon={Send} />
                <div>
                  <h2 className="text-lg font-semibold text-fg">{c.channels.title}</h2>
                  <p className="mt-1 text-sm text-fg-muted">{c.channels.text}</p>
                </div>
              </div>
              <div className="mt-6 flex flex-wrap gap-3">
                {channels.map((channel) => (
                  <ExternalLink key={channel.url} href={channel.url} className={buttonClasses()}>
                    <Send className="size-4" aria-hidden="true" />
                    {channel.label}
                  </ExternalLink>
                ))}
              </div>
            </Card>
          )}

          {supportEmail && (
            <Card className="flex flex-col p-6">
              <div className="flex items-start gap-4">
                <IconTile icon={Mail} />
                <div className="min-w-0">
                  <h2 className="text-lg font-semibold text-fg">{c.email.title}</h2>
                  <p className="mt-1 text-sm text-fg-muted">{c.email.text}</p>
                  <p className="mt-2 text-sm text-fg-muted">
                    Your user ID:{' '}
                    <span className="font-mono font-semibold text-fg">{user.userId}</span>
                  </p>
                </div>
              </div>
              <a
                href={`mailto:${supportEmail}`}
                className={buttonClasses({
                  variant: 'outline',
                  wrap: true,
                  className: 'mt-6 self-start break-all',
                })}
              >
                <Mail className="size-4" aria-hidden="true" />
                {supportEmail}
              </a>
            </Card>
          )}

          <Card className="flex flex-col p-6">
            <div className="flex items-start gap-4">
              <IconTile icon={MessageSquare} />
              <div>
                <h2 className="text-lg font-semibold text-fg">{c.form.title}</h2>
                <p className="mt-1 text-sm text-fg-muted">{c.form.text}</p>
              </div>
            </div>
            <Link
              to={paths.contact}
              className={buttonClasses({ variant: 'outline', className: 'mt-6 self-start' })}
            >
              {c.form.cta}
            </Link>
          </Card>

          <Card className="p-6">
            <div className="flex items-start gap-4">
              <IconTile icon={Clock} />
              <div>
                <h2 className="text-lg font-semibold text-fg">{c.hours.title}</h2>
                <p className="mt-1 text-sm text-fg-muted">{hours ?? c.hours.notPublished}</p>
              </div>
            </div>
          </Card>
        </div>
      )}

      <Card className="p-6">
        <div className="flex items-start gap-4">
          <IconTile icon={CircleHelp} />
          <h2 className="self-center text-lg font-semibold text-fg">{c.quickHelp.title}</h2>
        </div>
        <div className="mt-6 grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="flex items-center gap-2 font-semibold text-fg">
              <ListChecks className="size-4 text-primary" aria-hidden="true" />
              {c.quickHelp.commonTopicsTitle}
            </h3>
            <Bullets items={c.quickHelp.commonTopics} />
          </div>
          <div>
            <h3 className="flex items-center gap-2 font-semibold text-fg">
              <ListChecks className="size-4 text-primary" aria-hidden="true" />
              {c.quickHelp.beforeContactingTitle}
            </h3>
            <Bullets items={c.quickHelp.beforeContacting} />
          </div>
        </div>
      </Card>
    </div>
  );
}
