import { ChevronDown } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface AccordionEntry {
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionEntry[];
  /** The heading level of each item's title (the page's outline decides). */
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/**
 * A single-open accordion (WAI-ARIA accordion pattern): one item open at a time, and pressing the
 * open one closes it. Each header is a button (Enter and Space toggle it); Up, Down, Home and End
 * move between headers.
 */
export function Accordion({ items, headingLevel = 3, className }: AccordionProps) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const headers = useRef<Array<HTMLButtonElement | null>>([]);
  const Heading = `h${headingLevel}` as const;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    headers.current[target]?.focus();
  };

  return (
    <div className={cn('divide-y divide-border', className)}>
      {items.map((item, index) => {
        const expanded = open === index;
        const headerId = `${baseId}-header-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <div key={index} data-state={expanded ? 'open' : 'closed'}>
            <Heading className="text-base">
              <button
                ref={(element) => {
                  headers.current[index] = element;
                }}
                id={headerId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="flex w-full items-center justify-between gap-4 rounded-lg py-4 text-left font-semibold text-fg transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span>{item.title}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={cn(
                    'size-5 shrink-0 text-fg-subtle transition-transform duration-200 motion-reduce:transition-none',
                    expanded && 'rotate-180 text-primary',
                  )}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              hidden={!expanded}
              className="pb-5 leading-relaxed text-fg-muted motion-safe:animate-[fade-in_200ms_ease-out]"
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
