import { ArrowRight, Coins, Network, TriangleAlert, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LANDING_SECTION_IDS, paths } from '@/lib/paths';
import { landingContent } from '@/lib/site-content';
import { SectionHeading } from './section-heading';

const c = landingContent.earn;
const icons = [Network, Coins, Wallet];

/** "How users earn" (#earn). */
export function EarnSection() {
  return (
    <section
      id={LANDING_SECTION_IDS.earn}
      aria-labelledby="earn-title"
      className="scroll-mt-20 border-y border-border bg-surface py-16 sm:py-24"
    >
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="earn-title" kicker={c.kicker} title={c.title} intro={c.intro} />
        <Card className="mt-12 overflow-hidden bg-background">
          <ul className="grid divide-y divide-border md:grid-cols-3 md:divide-x md:divide-y-0">
            {c.items.map((item, index) => {
              const Icon = icons[index] ?? Coins;
              return (
                <li key={item.title} className="p-6 sm:p-8">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  <h3 className="mt-5 font-semibold text-fg">{item.title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-fg-muted">{item.text}</p>
                </li>
              );
            })}
          </ul>
          <div className="flex flex-col gap-4 border-t border-border bg-warning-soft p-6 text-warning-soft-fg sm:flex-row sm:items-center sm:justify-between sm:px-8">
            <p className="flex items-start gap-3 text-sm leading-relaxed">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {c.note}
            </p>
          </div>
        </Card>
        <div className="mt-10 text-center">
          <Link to={paths.register} className={buttonClasses({ size: 'lg' })}>
            {c.cta}
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </section>
  );
}
