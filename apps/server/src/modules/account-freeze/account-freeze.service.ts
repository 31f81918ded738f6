import type { FreezeAccountState } from '@ctn/contracts/security';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { maskEmail } from '../../lib/privacy';
import { isUuid } from '../../lib/values';
import type { Actor, AuditService } from '../audit/audit.service';
import type { AccountSecurityService, RequestOrigin } from '../auth/account-security.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import * as q from './account-freeze.queries';
import { accountFrozenAlertMail } from './account-freeze-mails';
import type { FreezeLinks } from './freeze-links';

export interface AccountFreezeDeps {
  db: Db;
  links: FreezeLinks;
  security: AccountSecurityService;
  audit: AuditService;
  mail: MailService;
  settings: SettingsService;
  publicUrl: string;
}

/**
 * "Not me? Freeze my account" (decision 040): the signed link of every security and money mail
 * freezes the account's withdrawals until an administrator lifts the freeze, and ends every
 * session, in one transaction; administrators are mailed. Pending requests stay pending and
 * cannot be approved meanwhile (withdrawals/settlement.ts `refuseIfFrozen`).
 */
export class AccountFreezeService {
  constructor(private readonly deps: AccountFreezeDeps) {}

  /** What the freeze page shows before the click: whether it is frozen already, and for whom. */
  async state(token: string): Promise<FreezeAccountState> {
    const account = await this.accountOfToken(this.deps.db, token);
    return viewOf(account.frozenByOwner, account.email);
  }

  /** The click: freezes withdrawals, ends every session, alerts administrators. Idempotent. */
  async freeze(token: string, origin: RequestOrigin): Promise<FreezeAccountState> {
    const { db, mail, security, settings, publicUrl } = this.deps;
    const email = await db.transaction(async (tx) => {
      const account = await this.accountOfToken(tx, token);
      const frozen = await q.freezeByOwner(tx, account.id);
      if (!frozen) return account.email;
      await security.endEverywhere(tx, frozen, null, origin, 'ACCOUNT_FROZEN_BY_OWNER');
      for (const admin of await settings.alertRecipients(tx, 'operations'))
        await mail.enqueue(tx, accountFrozenAlertMail(admin, frozen, publicUrl));
      return frozen.email;
    });
    mail.kick();
    return viewOf(true, email);
  }

  /** The admin user detail: whether the owner froze the account (only then there is a lift). */
  async frozenByOwner(userId: string): Promise<boolean> {
    const account = isUuid(userId) ? await q.accountOf(this.deps.db, userId) : undefined;
    if (!account) throw new AppError('USER_NOT_FOUND');
    return account.frozenByOwner;
  }

  /** An administrator lifts the owner's freeze, after speaking with the owner; audited. */
  async lift(userId: string, actor: Actor): Promise<void> {
    if (!isUuid(userId)) throw new AppError('USER_NOT_FOUND');
    await this.deps.db.transaction(async (tx) => {
      const lifted = await q.liftOwnerFreeze(tx, userId);
      if (!lifted) {
        if (!(await q.accountOf(tx, userId))) throw new AppError('USER_NOT_FOUND');
        throw new AppError('WITHDRAWAL_FREEZE_NOT_FOUND');
      }
      await this.deps.audit.record(tx, actor, {
        action: 'WITHDRAWAL_FREEZE_LIFTED',
        target: { type: 'user', id: userId },
        before: { withdrawalsFrozenUntil: 'infinity', reason: 'OWNER_FREEZE' },
        after: { withdrawalsFrozenUntil: null },
      });
      await this.deps.security.log(tx, userId, 'ACCOUNT_FREEZE_LIFTED', {
        ip: actor.ip,
        userAgent: null,
      });
    });
  }

  private async accountOfToken(db: Db, token: string): Promise<q.FreezeAccount> {
    const userId = this.deps.links.accountOf(token);
    const account = userId && isUuid(userId) ? await q.accountOf(db, userId) : undefined;
    if (!account) throw new AppError('INVALID_OR_EXPIRED_TOKEN');
    return account;
  }
}

function viewOf(frozen: boolean, email: string): FreezeAccountState {
  return { state: frozen ? 'FROZEN' : 'READY', maskedEmail: maskEmail(email) };
}
