import { CircleHelp, Clock, ListChecks, Mail, Send } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ExternalLink } from '@/components/external-link';
import { ListError } from '@/components/list-states';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthenticatedUser } from '@/lib/session';
import { useSiteLinks } from '@/lib/site';
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

/** /support (member section 2): channel, email, quick help and hours, from lib/site-content.ts. */
export function SupportPage() {
  const user = useAuthenticatedUser();
  const links = useSiteLinks();
  const channelUrl = links.data?.[c.channel.setting] ?? null;
  const supportEmail = links.data?.supportEmail ?? null;
  // Hours are said only of the ways of reaching us that are published.
  const hours = c.hours.lines.filter((line) =>
    line.channel === 'channel' ? channelUrl !== null : supportEmail !== null,
  );
  return (
    <div className="space-y-6">
      <PageTitle title={c.title} />
      <header className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{c.title}</h1>
        {(channelUrl || supportEmail) && <p className="text-fg-muted">{c.intro}</p>}
      </header>

      {links.isPending && (
        <div
          role="status"
          aria-label="Loading the support contacts"
          className="grid gap-6 md:grid-cols-2"
        >
          <Skeleton className="h-44 rounded-xl" />
          <Skeleton className="h-44 rounded-xl" />
        </div>
      )}
      {links.isError && (
        <ListError
          message="The support contacts could not be loaded."
          onRetry={() => void links.refetch()}
          retrying={links.isFetching}
        />
      )}
      {links.isSuccess && !channelUrl && !supportEmail && (
        <Card className="p-6 text-sm text-fg-muted" role="status">
          Our support contacts are not published yet. Please check back soon.
        </Card>
      )}
      {(channelUrl || supportEmail) && (
        <div className="grid gap-6 md:grid-cols-2">
          {channelUrl && (
            <Card className="flex flex-col p-6">
              <div className="flex items-start gap-4">
                <IconTile icon={Send} />
                <div>
                  <h2 className="text-lg font-semibold text-fg">{c.channel.title}</h2>
                  <p className="mt-1 text-sm text-fg-muted">{c.channel.text}</p>
                </div>
              </div>
              <ExternalLink
                href={channelUrl}
                className={buttonClasses({ className: 'mt-6 self-start' })}
              >
                <Send className="size-4" aria-hidden="true" />
                {c.channel.cta}
              </ExternalLink>
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

      {hours.length > 0 && (
        <Card className="p-6">
          <div className="flex items-start gap-4">
            <IconTile icon={Clock} />
            <div>
              <h2 className="text-lg font-semibold text-fg">{c.hours.title}</h2>
              <dl className="mt-3 space-y-2 text-sm">
                {hours.map((line) => (
                  <div key={line.label} className="flex flex-wrap gap-x-2">
                    <dt className="font-semibold text-fg">{line.label}:</dt>
                    <dd className="text-fg-muted">{line.text}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </Card>
      )}
    </div>
  );
}
