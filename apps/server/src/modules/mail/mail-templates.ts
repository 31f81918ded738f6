import type { NewMail } from './mail.queries';

/** Every mail has a text and an HTML part, built from the same content. */
interface MailContent {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
  /** Holds a one-time code or link (blanked in the outbox once delivered). */
  secret?: boolean;
  /**
   * Security and money mails carry "Not me? Freeze my account" (decision 040): the layout adds
   * it here for every mail of a category, and MailService puts the recipient's signed link in.
   */
  category?: MailCategory;
}

export type MailCategory = 'security' | 'money';

/** Where the layout puts the signed freeze link; MailService.enqueue replaces it. */
export const NOT_ME_URL = '{{not-me-url}}';
const NOT_ME_TEXT =
  'Not me? If you did not do this, freeze your account: withdrawals stop and every session is signed out until an administrator checks it with you.';

const PRODUCT = 'CopyTrade Network';

/**
 * Where the layout puts the recipient's anti-phishing phrase, at the top of every mail
 * (decision 051); MailService.enqueue replaces it with the phrase, or with nothing.
 */
export const ANTI_PHISHING_MARK = '{{anti-phishing}}';

/** The phrase's block at the top of a mail, in text and in HTML; empty without a phrase. */
export function antiPhishingBlock(phrase: string | null): { text: string; html: string } {
  if (phrase === null) return { text: '', html: '' };
  return {
    text: `Your anti-phishing phrase: ${phrase}\n(A mail from us without it is not from us.)\n\n`,
    html: `<div style="margin-bottom:16px;padding:12px 16px;border-radius:8px;background:#ecfdf5;border:1px solid #6ee7b7;color:#065f46;font-size:14px">Your anti-phishing phrase: <strong style="font-size:16px">${escapeHtml(phrase)}</strong><br><span style="font-size:12px">A mail from us without it is not from us.</span></div>`,
  };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderMail(content: MailContent): NewMail {
  const text = [
    `${ANTI_PHISHING_MARK}${content.greeting}`,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    ...(content.category ? [NOT_ME_TEXT, `Freeze my account: ${NOT_ME_URL}`, ''] : []),
    `— ${PRODUCT}`,
  ].join('\n');
  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#059669;color:#ffffff;padding:12px 22px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="font-size:13px;color:#64748b">If the button does not work, open this link:<br><a href="${escapeHtml(content.action.url)}" style="color:#047857;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;padding:32px 20px">
<div style="font-weight:700;font-size:18px;margin-bottom:16px;color:#047857">${PRODUCT}</div>
${ANTI_PHISHING_MARK}<div style="background:#ffffff;border-radius:12px;padding:28px;border:1px solid #e2e8f0">
<p style="margin-top:0">${escapeHtml(content.greeting)}</p>
${content.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
${content.footnote ? `<p style="font-size:13px;color:#64748b">${escapeHtml(content.footnote)}</p>` : ''}
${content.category ? `<p style="font-size:13px;color:#64748b;border-top:1px solid #e2e8f0;padding-top:16px">${escapeHtml(NOT_ME_TEXT)} <a href="${NOT_ME_URL}" style="color:#b91c1c;font-weight:600">Not me? Freeze my account</a></p>` : ''}
</div></div></body></html>`;
  return {
    toAddress: content.to,
    subject: content.subject,
    textBody: text,
    htmlBody: html,
    secret: content.secret ?? false,
    ...(content.category ? { notMe: true } : {}),
  };
}
