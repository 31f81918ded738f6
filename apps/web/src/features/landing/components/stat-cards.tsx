import type { ClaimId } from '@ctn/contracts/operator-facts';
import { BadgeCheck, Network, TrendingUp, Trophy, type LucideIcon } from 'lucide-react';
import { useClaims } from '@/lib/site';
import { DisclosureInstead } from './disclosure-instead';

/** The four stat cards' claims and their icons, in order. */
const STATS = [
  { claim: 'statEvolving', icon: TrendingUp },
  { claim: 'statTraders', icon: Trophy },
  { claim: 'statLevels', icon: Network },
  { claim: 'statPartner', icon: BadgeCheck },
] as const satisfies readonly { claim: ClaimId; icon: LucideIcon }[];

const cardClasses =
  'flex gap-4 rounded-2xl border border-border bg-surface p-5 shadow-sm shadow-slate-900/[0.03]';

/** The four stat cards under the hero; a claim left out gives its place to the disclosure. */
export function StatCards() {
  const claims = useClaims();
  const shown = STATS.flatMap(({ claim, icon }) => {
    const parts = claims[claim];
    return parts ? [{ claim, icon, ...parts }] : [];
  });
  return (
    <section aria-labelledby="highlights-title" className="pb-16 sm:pb-20">
      <h2 id="highlights-title" className="sr-only">
        Highlights
      </h2>
      <ul className="mx-auto grid max-w-7xl grid-cols-1 gap-4 px-4 min-[480px]:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        {shown.map(({ claim, icon: Icon, title, text }) => (
          <li key={claim} className={cardClasses}>
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <h3 className="font-semibold text-fg">{title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-fg-muted">{text}</p>
            </div>
          </li>
        ))}
        {shown.length < STATS.length && <DisclosureInstead className={cardClasses} />}
      </ul>
    </section>
  );
}
