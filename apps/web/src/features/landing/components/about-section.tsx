import { CircleCheck } from 'lucide-react';
import { aroundTheClock } from '@ctn/contracts/operator-facts';
import { useOperatorFacts } from '@/lib/site';
import { landingContent } from '@/lib/site-content';

const c = landingContent.about;

/** The support point in the operator's own hours: "24/7" only when those are. */
function supportPoint(hours: string | null | undefined): string[] {
  if (!hours) return [];
  return [aroundTheClock(hours) ? 'Support 24/7' : `Support: ${hours}`];
}

export function AboutSection() {
  const points = [...c.points, ...supportPoint(useOperatorFacts().data?.supportHours)];
  return (
    <section aria-labelledby="about-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:items-center lg:gap-16 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wider text-primary uppercase">{c.kicker}</p>
          <h2
            id="about-title"
            className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl"
          >
            {c.title}
          </h2>
          {c.paragraphs.map((text) => (
            <p key={text} className="mt-4 text-lg leading-relaxed text-fg-muted">
              {text}
            </p>
          ))}
        </div>
        <ul className="grid gap-3 sm:grid-cols-2">
          {points.map((point) => (
            <li
              key={point}
              className="flex items-start gap-3 rounded-2xl border border-border bg-surface p-5 font-medium text-fg"
            >
              <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
