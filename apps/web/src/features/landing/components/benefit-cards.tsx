import { RotateCcw, RotateCw } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ClaimId } from '@ctn/contracts/operator-facts';
import { useClaims } from '@/lib/site';
import { landingContent } from '@/lib/site-content';
import { DisclosureInstead } from './disclosure-instead';
import { SectionHeading } from './section-heading';

const c = landingContent.benefits;

export interface Benefit {
  figure: string;
  title: string;
  text: string;
}

/**
 * A flip card: the front (figure and title) is a button that turns the card over; the back shows
 * the details and a button that turns it back. Mouse, touch and keyboard all use the same
 * buttons; the hidden face is `inert`, and focus follows the turn. With reduced motion the faces
 * swap without the 3D turn (index.css).
 */
export function FlipCard({ benefit }: { benefit: Benefit }) {
  const [flipped, setFlipped] = useState(false);
  const turned = useRef(false);
  const front = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const textId = useId();

  useEffect(() => {
    // Only after a turn by the user: keep focus on the face that is now visible.
    if (!turned.current) return;
    (flipped ? back : front).current?.focus();
  }, [flipped]);

  const turn = () => {
    turned.current = true;
    setFlipped((f) => !f);
  };

  return (
    <li className="flip-card h-52 sm:h-60" data-flipped={flipped}>
      <div className="flip-card-inner">
        <button
          ref={front}
          type="button"
          onClick={turn}
          aria-expanded={flipped}
          inert={flipped}
          className="flip-card-face flex flex-col items-start justify-between rounded-2xl bg-gradient-to-br from-emerald-700 to-teal-800 p-6 text-left text-white shadow-lg shadow-emerald-900/10 transition-shadow hover:shadow-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <span className="block">
            <span className="block text-4xl font-extrabold tracking-tight">{benefit.figure}</span>
            <span className="mt-2 block text-lg leading-snug font-semibold">{benefit.title}</span>
          </span>
          <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-50">
            <RotateCw className="size-4" aria-hidden="true" />
            Show details
          </span>
        </button>
        <div
          inert={!flipped}
          onClick={turn}
          className="flip-card-face flip-card-back flex cursor-pointer flex-col justify-between rounded-2xl border border-border bg-surface p-6 shadow-lg shadow-slate-900/5"
        >
          <div>
            <p className="text-sm font-semibold text-primary">
              {benefit.figure} · {benefit.title}
            </p>
            <p id={textId} className="mt-3 leading-relaxed text-fg">
              {benefit.text}
            </p>
          </div>
          <button
            ref={back}
            type="button"
            onClick={(event) => {
              event.stopPropagation();
              turn();
            }}
            aria-describedby={textId}
            className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <RotateCcw className="size-4" aria-hidden="true" />
            Show less
            <span className="sr-only">: {benefit.title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

const BENEFITS = [
  'benefitShared',
  'benefitKeep',
  'benefitReturn',
  'benefitAvailability',
  'benefitTraders',
  'benefitPerks',
] as const satisfies readonly ClaimId[];

/** The benefits, as flip cards; a claim left out gives its place to the disclosure. */
export function BenefitCards() {
  const claims = useClaims();
  const shown = BENEFITS.flatMap((claim) => {
    const parts = claims[claim];
    return parts ? [{ claim, ...parts }] : [];
  });
  return (
    <section aria-labelledby="benefits-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="benefits-title" kicker={c.kicker} title={c.title} intro={c.intro} />
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map(({ claim, ...benefit }) => (
            <FlipCard key={claim} benefit={benefit} />
          ))}
          {shown.length < BENEFITS.length && (
            <DisclosureInstead className="flex h-52 gap-4 rounded-2xl border border-border bg-surface p-6 sm:h-60" />
          )}
        </ul>
      </div>
    </section>
  );
}
