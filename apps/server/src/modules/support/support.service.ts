import { ticketNumberOf, type ContactReceipt, type ContactRequest } from '@ctn/contracts/operator';
import { normaliseEmail } from '@ctn/contracts/validation';
import type { Db } from '../../db/client';
import { takeTurn, type RateLimiter, type RateRule } from '../../lib/rate-limiter';
import { addressKey } from '../auth/login-throttle';
import type { MailService } from '../mail/mail.service';
import type { OperatorService } from '../settings/operator.service';
import type { SettingsService } from '../settings/settings.service';
import type { SiteService } from '../settings/site.service';
import { ticketReceiptMail, ticketToSupportMail } from './support-mails';
import * as q from './support.queries';

const HOUR_MS = 60 * 60_000;

/**
 * The contact form's limits: a visitor's address sends a few messages an hour, and a mailbox
 * receives a few receipts an hour, so the form cannot be used to flood support or a stranger.
 */
export const CONTACT_RATE_RULES = {
  perAddress: { limit: 5, windowMs: HOUR_MS },
  perEmail: { limit: 3, windowMs: HOUR_MS },
} as const satisfies Record<string, RateRule>;

export interface SupportServiceDeps {
  db: Db;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  limiter: RateLimiter;
  site: Pick<SiteService, 'links'>;
  operator: Pick<OperatorService, 'facts'>;
  settings: Pick<SettingsService, 'alertRecipients'>;
}

/**
 * The public contact form (decision 049): a ticket stored, mailed to the support mailbox (to the
 * administrators while none is set) and its number mailed back to the sender, in one transaction
 * through the outbox.
 */
export class SupportService {
  constructor(private readonly deps: SupportServiceDeps) {}

  async contact(request: ContactRequest, ip: string): Promise<ContactReceipt> {
    const { db, limiter, mail } = this.deps;
    const email = normaliseEmail(request.email);
    await takeTurn(limiter, `contact:ip:${addressKey(ip)}`, CONTACT_RATE_RULES.perAddress);
    await takeTurn(limiter, `contact:email:${email}`, CONTACT_RATE_RULES.perEmail);
    const [links, facts] = await Promise.all([this.deps.site.links(), this.deps.operator.facts()]);
    const sender = { ...request, email };
    const ticket = await db.transaction(async (tx) => {
      const number = ticketNumberOf(
        await q.insertTicket(tx, {
          name: sender.name,
          email,
          topic: sender.topic,
          subject: sender.subject,
          message: sender.message,
          ip,
        }),
      );
      const support = links.supportEmail
        ? [links.supportEmail]
        : (await this.deps.settings.alertRecipients(tx, 'operations')).map((a) => a.email);
      for (const to of support) await mail.enqueue(tx, ticketToSupportMail(to, number, sender));
      await mail.enqueue(tx, ticketReceiptMail(sender, number, facts.supportHours));
      return number;
    });
    mail.kick();
    return { ticket };
  }
}
