import { CircleCheck, Mail, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { OperatorDetails } from '@/components/operator-details';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useOperatorFacts, useSiteLink } from '@/lib/site';
import { landingContent } from '@/lib/site-content';

const c = landingContent.about;

/** The pages that say what the service is, what it risks and what members really earn. */
const READ_MORE = [
  { label: 'Terms of Service', to: paths.terms },
  { label: 'Privacy Policy', to: paths.privacy },
  { label: 'Risk Disclosure', to: paths.risk },
  { label: 'Earnings disclosure', to: paths.earningsDisclosure },
] as const;

/**
 * /about (decision 049): what the platform is and who runs it (the operator's published facts,
 * or "not published yet"), and how to reach support.
 */
export function AboutPage() {
  const supportEmail = useSiteLink('supportEmail');
  const hours = useOperatorFacts().data?.supportHours ?? null;
  return (
    <article className="mx-auto w-full max-w-3xl space-y-8 px-4 pt-24 pb-12 sm:px-6 sm:pt-28">
      <PageTitle title="About" />
      <header className="space-y-3">
        <h1 className="text-3xl font-bold tracking-tight text-fg">{c.title}</h1>
        {c.paragraphs.map((text) => (
          <p key={text} className="leading-7 text-fg-muted">
            {text}
          </p>
        ))}
      </header>
      <ul className="grid gap-3 sm:grid-cols-3">
        {c.points.map((point) => (
          <li
            key={point}
            className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-4 text-sm font-medium text-fg"
          >
            <CircleCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {point}
          </li>
        ))}
      </ul>
      <section className="space-y-3" aria-labelledby="operator-title">
        <h2 id="operator-title" className="text-lg font-semibold text-fg">
          Who runs {landingContent.about.title.replace(/^About /, '')}
        </h2>
        <OperatorDetails />
      </section>
      <section className="space-y-3" aria-labelledby="reach-title">
        <h2 id="reach-title" className="text-lg font-semibold text-fg">
          Reach us
        </h2>
        <p className="text-sm text-fg-muted">
          {hours ? `Support hours: ${hours}.` : 'Our support hours are not published yet.'}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={paths.contact} className={buttonClasses()}>
            <MessageSquare className="size-4" aria-hidden="true" />
            Send us a message
          </Link>
          {supportEmail && (
            <a
              href={`mailto:${supportEmail}`}
              className={buttonClasses({ variant: 'outline', wrap: true, className: 'break-all' })}
            >
              <Mail className="size-4" aria-hidden="true" />
              {supportEmail}
            </a>
          )}
        </div>
      </section>
      <nav aria-label="Read more">
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {READ_MORE.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
