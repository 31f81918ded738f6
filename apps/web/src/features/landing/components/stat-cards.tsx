import { BadgeCheck, Network, TrendingUp, Trophy, type LucideIcon } from 'lucide-react';
import { landingContent } from '@/lib/site-content';

const icons: Record<(typeof landingContent.stats)[number]['icon'], LucideIcon> = {
  trending: TrendingUp,
  trophy: Trophy,
  network: Network,
  partner: BadgeCheck,
};

/** The four stat cards under the hero. */
export function StatCards() {
  return (
    <section aria-labelledby="highlights-title" className="pb-16 sm:pb-20">
      <h2 id="highlights-title" className="sr-only">
        Highlights
      </h2>
      <ul className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 min-[480px]:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        {landingContent.stats.map((stat) => {
          const Icon = icons[stat.icon];
          return (
            <li
              key={stat.title}
              className="flex gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm shadow-slate-900/[0.03]"
            >
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-fg">{stat.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-fg-muted">{stat.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
