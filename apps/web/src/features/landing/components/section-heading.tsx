import { cn } from '@/lib/cn';

export function SectionHeading({
  id,
  kicker,
  title,
  intro,
  className,
}: {
  /** The heading's id, for `aria-labelledby` of its section. */
  id: string;
  kicker: string;
  title: string;
  intro?: string;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      <p className="text-sm font-semibold tracking-wider text-primary uppercase">{kicker}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-fg sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-fg-muted">{intro}</p> : null}
    </div>
  );
}
