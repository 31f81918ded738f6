import type { ReactNode } from 'react';

/**
 * The buttons under a withdrawal step, laid out like the dialog's own footer (stacked on phones,
 * the main action on top). They sit inside the step's form so Enter and the submit button work
 * as one.
 */
export function StepFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">{children}</div>
  );
}
