import { FileBarChart } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { landingContent } from '@/lib/site-content';

const c = landingContent.disclosureInstead;

/**
 * Where a claim the operator has not confirmed is left out (decision 049): what members really
 * earned instead, on the earnings disclosure.
 */
export function DisclosureInstead({ className }: { className: string }) {
  return (
    <li className={className} data-testid="disclosure-instead">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
        <FileBarChart className="size-5" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        <h3 className="font-semibold text-fg">{c.title}</h3>
        <p className="mt-1 text-sm leading-relaxed text-fg-muted">{c.text}</p>
        <Link
          to={paths.earningsDisclosure}
          className="mt-2 inline-flex text-sm font-medium text-primary underline underline-offset-4 hover:text-primary-hover"
        >
          {c.link}
        </Link>
      </div>
    </li>
  );
}
