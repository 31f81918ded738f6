import type { SiteLink } from '@ctn/contracts/site';
import { ArrowRight, ExternalLink as ExternalIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { buttonClasses } from '@/components/ui/button';
import { LANDING_SECTION_IDS } from '@/lib/paths';
import { useSiteLink } from '@/lib/site';
import { landingContent } from '@/lib/site-content';
import { SectionHeading } from './section-heading';

const c = landingContent.copyTrading;
const linkClasses = buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-5 self-start' });

/** "How to Start Copy Trading": the four steps (#copy-trading). */
export function HowToStart() {
  return (
    <section
      id={LANDING_SECTION_IDS.copyTrading}
      aria-labelledby="copy-trading-title"
      className="scroll-mt-20 border-y border-border bg-surface py-16 sm:py-24"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="copy-trading-title" kicker={c.kicker} title={c.title} intro={c.intro} />
        <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {c.steps.map((step, index) => (
            <li
              key={step.title}
              className="relative flex flex-col rounded-2xl border border-border bg-background p-6"
            >
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-xl bg-primary text-lg font-bold text-primary-fg"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 font-semibold text-fg">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-fg-muted">{step.text}</p>
              {step.link === null ? null : 'setting' in step.link ? (
                <SettingLink setting={step.link.setting} label={step.link.label} />
              ) : (
                <Link to={step.link.to} className={linkClasses}>
                  {step.link.label}
                  <ArrowRight className="size-3.5" aria-hidden="true" />
                </Link>
              )}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/**
 * A step's link to a page the operator sets, left out until it is set (or while it loads). Its
 * own component: when the links arrive, only it renders again.
 */
function SettingLink({ setting, label }: { setting: SiteLink; label: string }) {
  const url = useSiteLink(setting);
  if (!url) return null;
  return (
    <ExternalLink href={url} className={linkClasses}>
      {label}
      <ExternalIcon className="size-3.5" aria-hidden="true" />
    </ExternalLink>
  );
}
