import {
  TWO_FACTOR_RESET_CHECKS,
  WITHDRAWAL_FREEZE_HOURS,
  type TwoFactorResetCheck,
} from '@ctn/contracts/security';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Actor, AuditService, SERVER_CONSOLE } from '../audit/audit.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';
import type { AccountSecurityService } from './account-security.service';
import { freezeWithdrawals, resumeSignIn } from './sign-in-guard.queries';

export interface TwoFactorResetDeps {
  db: Db;
  security: AccountSecurityService;
  audit: AuditService;
  twoFactor: TwoFactorService;
}

/**
 * A lost second factor (decision 039): an administrator, after the checks of
 * TWO_FACTOR_RESET_CHECKS, or the server's console (`npm run admin:reset-two-factor`, to recover
 * the last administrator), removes it. In one transaction: the factor and its recovery codes go,
 * every session of the member ends, withdrawals wait 24 hours, the member is mailed and the
 * reset is audited with the checks made.
 */
export async function resetSecondFactor(
  deps: TwoFactorResetDeps,
  member: { id: string; email: string; firstName: string },
  actor: Actor | typeof SERVER_CONSOLE,
  checks: readonly TwoFactorResetCheck[],
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await deps.twoFactor.removeIn(tx, member.id)))
      throw new AppError('TWO_FACTOR_NOT_ENABLED');
    await resumeSignIn(tx, member.id);
    await freezeWithdrawals(tx, member.id, WITHDRAWAL_FREEZE_HOURS, 'TWO_FACTOR_RESET');
    await deps.security.endEverywhere(
      tx,
      member,
      null,
      { ip: actor.ip, userAgent: null },
      'TWO_FACTOR_RESET',
    );
    await deps.audit.record(tx, actor, {
      action: 'TWO_FACTOR_RESET',
      target: { type: 'user', id: member.id },
      after: { checks },
    });
  });
  deps.security.mailQueued();
}

/** The checks an administrator ticked, refused unless every one of them is there. */
export function requireEveryCheck(checks: readonly TwoFactorResetCheck[]): void {
  if (TWO_FACTOR_RESET_CHECKS.some((c) => !checks.includes(c.id)))
    throw new AppError('TWO_FACTOR_RESET_CHECKS_REQUIRED');
}
