import { Accordion } from '@/components/ui/accordion';
import { landingContent } from '@/lib/site-content';
import { SectionHeading } from './section-heading';

const c = landingContent.faq;
const items = c.items.map((item) => ({ title: item.question, content: <p>{item.answer}</p> }));

/** The FAQ: one answer open at a time. */
export function FaqSection() {
  return (
    <section
      aria-labelledby="faq-title"
      className="border-t border-border bg-surface py-16 sm:py-24"
    >
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" kicker={c.kicker} title={c.title} />
        <Accordion items={items} className="mt-10 border-y border-border" />
      </div>
    </section>
  );
}
