import { renderMail } from '../mail/mail-templates';

type Admin = { email: string; firstName: string };

/** " (read 2026-11-28 16:00 UTC, stale: the last read failed)", or less. */
function asOfText(asOf: string | null, stale: boolean): string {
  const parts = [
    asOf ? `read ${asOf.replace('T', ' ').slice(0, 16)} UTC` : null,
    stale ? 'stale: the last read failed' : null,
  ].filter((p) => p !== null);
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** To administrators, once per episode: the hot wallet cannot pay the payouts approved. */
export function hotWalletShortMail(
  to: Admin,
  facts: {
    address: string;
    held: string;
    needed: string;
    asOf: string | null;
    stale: boolean;
    pageUrl: string;
  },
) {
  return renderMail({
    to: to.email,
    subject: 'Treasury: the hot wallet cannot cover approved payouts',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `The hot wallet ${facts.address} holds ${facts.held} USDT${asOfText(facts.asOf, facts.stale)}; withdrawals approved and not yet settled need ${facts.needed} USDT.`,
      'Payouts that the wallet cannot pay will fail. Move USDT to the hot wallet from a treasury address, or sweep deposit addresses, before approving more.',
    ],
    action: { label: 'Open the treasury', url: facts.pageUrl },
    footnote: 'You receive this once until the hot wallet covers the approved payouts again.',
  });
}

/** To administrators, once per episode: holdings fell under what the platform owes members. */
export function coverageLowMail(
  to: Admin,
  facts: {
    coverage: string;
    holdings: string;
    liabilities: string;
    stale: boolean;
    pageUrl: string;
  },
) {
  const percent = (Number(facts.coverage) * 100).toFixed(2);
  return renderMail({
    to: to.email,
    subject: `Treasury: coverage ${percent}%, under 100%`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `The platform holds ${facts.holdings} USDT on chain (deposit addresses, hot wallet and treasury addresses) and owes members ${facts.liabilities} USDT: coverage ${percent}%.${facts.stale ? ' Some holdings are stale (their last read failed): the figure may be out of date.' : ''}`,
      'Check the treasury page for which place holds less than expected, and the reconciliation report for differences.',
    ],
    action: { label: 'Open the treasury', url: facts.pageUrl },
    footnote: 'You receive this once until coverage is back at 100%.',
  });
}
