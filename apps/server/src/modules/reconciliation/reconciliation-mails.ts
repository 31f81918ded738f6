import type { ReconciliationDifference } from '@ctn/contracts/reconciliation';
import { renderMail } from '../mail/mail-templates';

/** To administrators: the daily reconciliation found differences (the first ten listed). */
export function reconciliationMail(
  to: { email: string; firstName: string },
  differences: ReconciliationDifference[],
  pageUrl: string,
) {
  const shown = differences
    .slice(0, 10)
    .map(
      (d) =>
        `${d.kind}: ${d.detail}${d.transactionHash ? ` (transaction ${d.transactionHash})` : ''}`,
    );
  const more = differences.length - shown.length;
  return renderMail({
    to: to.email,
    subject: `Reconciliation: ${differences.length} difference${differences.length === 1 ? '' : 's'} found`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      'The reconciliation of the chain, the ledger and the hot wallet found differences:',
      ...shown,
      ...(more > 0 ? [`And ${more} more on the reconciliation page.`] : []),
    ],
    action: { label: 'Open the reconciliation report', url: pageUrl },
  });
}
