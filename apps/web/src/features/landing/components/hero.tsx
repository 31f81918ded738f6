import { REFERRAL_LEVELS } from '@ctn/contracts/constants';
import { HEADLINE_WITHOUT_CLAIM } from '@ctn/contracts/operator-facts';
import { ArrowRight, BadgeCheck, ExternalLink as ExternalIcon, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { LogoMark } from '@/components/logo';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { useClaims, useSiteLink } from '@/lib/site';
import { landingContent } from '@/lib/site-content';
import { InvitedBy } from './invited-by';

const c = landingContent.hero;
const LEVEL_BARS = Array.from({ length: REFERRAL_LEVELS }, (_, i) => 100 - i * 5.2);

export function Hero({ riskDisclosureId }: { riskDisclosureId: string }) {
  // The exchange button waits for the operator's link: never a placeholder target.
  const claims = useClaims();
  // A ranking headline nobody confirmed gives way to the product's name; the earnings link below
  // stays in its place (decision 049).
  const headline = claims.heroHeadline?.text ?? HEADLINE_WITHOUT_CLAIM;
  const figures = [claims.heroShared, claims.heroKeep, claims.heroWithdrawals].flatMap((f) =>
    f ? [f] : [],
  );
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden pt-24 pb-14 sm:pt-32 sm:pb-20"
    >
      <div aria-hidden="true" className="absolute inset-0 -z-10">
        <div className="absolute -top-32 left-1/2 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-gradient-to-br from-emerald-400/25 via-teal-400/10 to-transparent blur-3xl dark:from-emerald-500/20" />
        <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:48px_48px] opacity-60" />
      </div>
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:px-8">
        <div className="text-center lg:text-left">
          <InvitedBy />
          {claims.heroEyebrow && (
            <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-border bg-surface/80 px-3 py-1 text-sm font-medium text-fg-muted">
              <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
              {claims.heroEyebrow.text}
            </p>
          )}
          <h1
            id="hero-title"
            className="text-4xl font-extrabold tracking-tight text-balance text-fg sm:text-5xl lg:text-6xl"
          >
            {headline}
          </h1>
          {claims.heroLead && (
            <p className="mt-5 text-lg font-medium text-pretty text-fg sm:text-xl">
              {claims.heroLead.text}
            </p>
          )}
          <p className="mx-auto mt-3 max-w-xl text-pretty text-fg-muted lg:mx-0">{c.body}</p>
          <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            <AffiliateButton />
            <Link
              to={paths.register}
              className={buttonClasses({ variant: 'outline', size: 'lg', className: 'sm:w-auto' })}
            >
              {c.secondaryCta}
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
          <p className="mt-5 text-sm text-fg-muted">
            <ShieldCheck
              className="mr-1.5 inline size-4 align-[-3px] text-primary"
              aria-hidden="true"
            />
            {c.riskNote}{' '}
            <a
              href={`#${riskDisclosureId}`}
              className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
            >
              {c.riskLink}
            </a>{' '}
            ·{' '}
            <Link
              to={paths.earningsDisclosure}
              className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
            >
              {c.earningsLink}
            </Link>
          </p>
        </div>

        <div
          aria-hidden="true"
          className="relative mx-auto hidden w-full max-w-md sm:block lg:max-w-none"
        >
          <div className="rounded-3xl border border-border bg-surface/90 p-6 shadow-xl shadow-emerald-900/5 sm:p-8 dark:shadow-black/30">
            <div className="flex items-center gap-3">
              <LogoMark className="size-10" />
              <div>
                <p className="font-semibold text-fg">{c.visual.title}</p>
                <p className="text-sm text-fg-muted">{c.visual.subtitle}</p>
              </div>
            </div>
            <div className="mt-6 flex h-36 items-end gap-1.5">
              {LEVEL_BARS.map((height, index) => (
                <div
                  key={index}
                  className="flex-1 rounded-t-md bg-gradient-to-t from-emerald-600 to-teal-400 opacity-90"
                  style={{ height: `${height}%` }}
                />
              ))}
            </div>
            <div className="mt-2 flex justify-between text-xs text-fg-muted">
              <span>Level 1</span>
              <span>Level {REFERRAL_LEVELS}</span>
            </div>
            <div className="mt-6 grid grid-cols-3 gap-3 text-center">
              {figures.map((figure) => (
                <div
                  key={figure.label}
                  className="rounded-2xl border border-border bg-surface-muted/60 p-3"
                >
                  <p className="text-xl font-bold text-fg">{figure.figure}</p>
                  <p className="text-xs text-fg-muted">{figure.label}</p>
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/**
 * The exchange button, once the operator has set the affiliate link. Its own component: when the
 * links arrive, only it renders again, not the hero.
 */
function AffiliateButton() {
  const affiliateUrl = useSiteLink(c.cta.setting);
  if (!affiliateUrl) return null;
  return (
    <ExternalLink
      href={affiliateUrl}
      className={buttonClasses({ size: 'lg', wrap: true, className: 'sm:w-auto' })}
    >
      {c.cta.label}
      <ExternalIcon className="size-4" aria-hidden="true" />
    </ExternalLink>
  );
}
