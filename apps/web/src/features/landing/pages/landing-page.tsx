import {
  ArrowRight,
  BadgeCheck,
  Coins,
  LifeBuoy,
  Network,
  ShieldCheck,
  TrendingUp,
  Wallet,
} from 'lucide-react';
import { Link } from 'react-router';
import { LogoMark } from '@/components/logo';
import { PageTitle } from '@/components/page-title';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/lib/paths';
import { landingContent as c } from '../content';

const earnIcons = [Network, TrendingUp, Wallet];
const YEAR = new Date().getFullYear();

function SectionHeading({
  kicker,
  title,
  intro,
}: {
  kicker: string;
  title: string;
  intro: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">{kicker}</p>
      <h2 className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h2>
      <p className="mt-4 text-lg text-fg-muted">{intro}</p>
    </div>
  );
}

export function LandingPage() {
  return (
    <>
      <PageTitle title={c.title} />

      {/* Hero */}
      <section className="relative isolate overflow-hidden pt-28 pb-20 sm:pt-36 sm:pb-28">
        <div aria-hidden="true" className="absolute inset-0 -z-10">
          <div className="absolute -top-32 left-1/2 h-[36rem] w-[64rem] -translate-x-1/2 rounded-full bg-gradient-to-br from-emerald-400/25 via-teal-400/10 to-transparent blur-3xl dark:from-emerald-500/20" />
          <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] [mask-image:radial-gradient(ellipse_at_top,black_20%,transparent_70%)] bg-[size:48px_48px] opacity-60" />
        </div>
        <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-14 px-4 sm:px-6 lg:grid-cols-[1.15fr_1fr] lg:px-8">
          <div className="text-center lg:text-left">
            <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface/70 px-3 py-1 text-sm font-medium text-fg-muted backdrop-blur">
              <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
              {c.hero.eyebrow}
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-fg sm:text-5xl lg:text-6xl">
              <span className="bg-gradient-to-r from-emerald-500 to-teal-500 bg-clip-text text-transparent">
                #1
              </span>{' '}
              {c.hero.headline.replace(/^#1\s*/, '')}
            </h1>
            <p className="mt-6 text-lg font-medium text-fg sm:text-xl">{c.hero.lead}</p>
            <p className="mx-auto mt-3 max-w-xl text-fg-muted lg:mx-0">{c.hero.body}</p>
            <div className="mt-8 flex flex-col items-center gap-3 sm:flex-row sm:justify-center lg:justify-start">
              <Link
                to={paths.register}
                className={buttonClasses({ size: 'lg', wrap: true, className: 'w-full sm:w-auto' })}
              >
                {c.hero.primaryCta}
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
              <Link
                to={paths.landing.copyTrading}
                className={buttonClasses({
                  variant: 'outline',
                  size: 'lg',
                  className: 'w-full sm:w-auto',
                })}
              >
                {c.hero.secondaryCta}
              </Link>
            </div>
          </div>

          <div className="relative mx-auto w-full max-w-md lg:max-w-none">
            <div className="rounded-3xl border border-border bg-surface/80 p-6 shadow-xl shadow-emerald-900/5 backdrop-blur sm:p-8 dark:shadow-black/30">
              <div className="flex items-center gap-3">
                <LogoMark className="size-10" />
                <div>
                  <p className="font-semibold text-fg">Network at a glance</p>
                  <p className="text-sm text-fg-muted">What every member gets</p>
                </div>
              </div>
              <dl className="mt-6 grid grid-cols-2 gap-3">
                {c.highlights.map((item) => (
                  <div
                    key={item.label}
                    className="rounded-2xl border border-border bg-surface-muted/60 p-4"
                  >
                    <dt className="sr-only">{item.label}</dt>
                    <dd className="text-2xl font-bold text-fg sm:text-3xl">{item.value}</dd>
                    <dd className="mt-1 text-xs leading-snug text-fg-muted sm:text-sm">
                      {item.label}
                    </dd>
                  </div>
                ))}
              </dl>
              <p className="mt-5 flex items-center gap-2 text-sm text-fg-muted">
                <ShieldCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
                Funds stay on the exchange, in your name.
              </p>
            </div>
          </div>
        </div>
      </section>

      {/* Copy trading */}
      <section
        id={c.copyTrading.id}
        className="scroll-mt-20 border-t border-border bg-surface py-20 sm:py-24"
      >
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading
            kicker={c.copyTrading.kicker}
            title={c.copyTrading.title}
            intro={c.copyTrading.intro}
          />
          <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {c.copyTrading.steps.map((step, index) => (
              <li
                key={step.title}
                className="relative rounded-2xl border border-border bg-background p-6"
              >
                <span className="flex size-10 items-center justify-center rounded-xl bg-primary text-lg font-bold text-primary-fg">
                  {index + 1}
                </span>
                <h3 className="mt-5 font-semibold text-fg">{step.title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-fg-muted">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 text-center">
            <Link to={paths.register} className={buttonClasses({ size: 'lg' })}>
              Create your account
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>

      {/* Earn */}
      <section id={c.earn.id} className="scroll-mt-20 py-20 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading kicker={c.earn.kicker} title={c.earn.title} intro={c.earn.intro} />
          <div className="mt-14 grid gap-6 md:grid-cols-3">
            {c.earn.items.map((item, index) => {
              const Icon = earnIcons[index] ?? Coins;
              return (
                <article
                  key={item.title}
                  className="rounded-2xl border border-border bg-surface p-6 shadow-sm"
                >
                  <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 font-semibold text-fg">{item.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-fg-muted">{item.text}</p>
                </article>
              );
            })}
          </div>
          <p className="mx-auto mt-8 max-w-3xl rounded-xl border border-amber-500/30 bg-warning-soft px-4 py-3 text-center text-sm text-warning-soft-fg">
            {c.earn.note}
          </p>
        </div>
      </section>

      {/* Contact */}
      <section
        id={c.contact.id}
        className="scroll-mt-20 border-t border-border bg-surface py-20 sm:py-24"
      >
        <div className="mx-auto max-w-3xl px-4 text-center sm:px-6 lg:px-8">
          <span className="mx-auto flex size-12 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-fg">
            <LifeBuoy className="size-6" aria-hidden="true" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-wider text-primary uppercase">
            {c.contact.kicker}
          </p>
          <h2 className="mt-2 text-3xl font-bold tracking-tight text-fg">{c.contact.title}</h2>
          <p className="mt-4 text-lg text-fg-muted">{c.contact.text}</p>
          <Link
            to={paths.support}
            className={buttonClasses({ variant: 'outline', size: 'lg', className: 'mt-8' })}
          >
            {c.contact.cta}
          </Link>
        </div>
      </section>

      <footer className="border-t border-border py-10">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 text-center text-sm text-fg-subtle sm:px-6 lg:px-8">
          <p>{c.disclaimer}</p>
          <p>&copy; {YEAR} CopyTrade Network</p>
        </div>
      </footer>
    </>
  );
}
