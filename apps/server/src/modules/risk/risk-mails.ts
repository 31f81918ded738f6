import { RISK_SIGNAL_LABELS } from '@ctn/contracts/risk';
import { renderMail } from '../mail/mail-templates';
import type { SignalRow } from './risk.queries';

/** At most this many signals are written out in one digest; the page lists them all. */
const LISTED = 30;

/** To each administrator: the risk signals new since the last digest. */
export function riskDigestMail(
  to: { email: string; firstName: string },
  signals: SignalRow[],
  publicUrl: string,
) {
  const listed = signals
    .slice(0, LISTED)
    .map((s) => `${RISK_SIGNAL_LABELS[s.kind]}: ${s.evidence}`);
  const more = signals.length - listed.length;
  return renderMail({
    to: to.email,
    subject: `Risk center: ${signals.length} new signal${signals.length === 1 ? '' : 's'}`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      'Since the last digest the risk center found these; each is a reason to look, not a verdict.',
      ...listed,
      ...(more > 0 ? [`And ${more} more on the page.`] : []),
    ],
    action: { label: 'Open the risk center', url: `${publicUrl}/admin/risk` },
  });
}
