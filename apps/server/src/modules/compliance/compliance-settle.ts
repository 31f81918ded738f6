import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import type { ComplianceAction } from '@ctn/contracts/compliance';
import type { Db } from '../../db/client';
import { postEntry } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import { actionFor, type Action } from './compliance-actions';
import type { ExchangeEvidence } from './compliance-exchange';
import { forfeitureMail, lockMail, releaseMail, reminderMail } from './compliance-mails';
import { dayKey, forfeitsAt, verdictFor, type ExchangeReading } from './compliance-rules';
import * as q from './compliance.queries';

/** One member's settlement in a run (decision 017; decision 038 for shadow runs). */

export type Outcome =
  'locked' | 'released' | 'forfeited' | 'reminder' | 'checked' | 'exchange' | 'none';

export interface SettleDeps {
  db: Db;
  mail: MailService;
  publicUrl: string;
}

/** enforce: apply the decision; shadow: record it in the run, with what it was decided on. */
export type SettleMode =
  { mode: 'enforce' } | { mode: 'shadow'; runId: number; evidence: ExchangeEvidence | null };

/**
 * Decides on the member's row as committed now (another instance may have been first), locked
 * for the transaction, and applies or records the decision. The decision is the same in both
 * modes: only what follows from it differs.
 */
export function settleMember(
  deps: SettleDeps,
  memberId: string,
  reading: ExchangeReading | undefined,
  now: Date,
  how: SettleMode,
): Promise<Outcome> {
  return deps.db.transaction(async (tx) => {
    const member = await q.lockMember(tx, memberId);
    if (!member) return 'none';
    const action = actionFor(member, verdictFor(member, reading, now), now);
    return how.mode === 'enforce'
      ? apply(tx, deps, member, action, now)
      : recordShadow(tx, member, action, now, how);
  });
}

async function apply(
  tx: Db,
  { mail, publicUrl }: SettleDeps,
  member: q.MemberRow,
  action: Action,
  now: Date,
): Promise<Outcome> {
  switch (action.kind) {
    case 'none':
      return 'none';
    case 'unknown':
      // Nothing new is known: no lock, no forfeit, no release; why is kept on the row.
      await q.noteUnknown(tx, member.id, action.reason, now);
      return 'exchange';
    case 'concern':
      await q.noteConcern(tx, member.id, now);
      return 'checked';
    case 'lock':
      if (!(await q.startLock(tx, member.id, action.reasons, now))) return 'checked';
      await mail.enqueue(tx, lockMail(member, action.reasons, forfeitsAt(now), publicUrl));
      return 'locked';
    case 'check':
      await q.recordCheck(tx, member.id, action.reasons, now);
      return 'checked';
    case 'remind': {
      await q.recordCheck(tx, member.id, action.reasons, now);
      if (!(await q.claimMailDay(tx, member.id, action.day))) return 'checked';
      const { reasons, daysLeft, deadline } = action;
      await mail.enqueue(tx, reminderMail(member, reasons, daysLeft, deadline, publicUrl));
      return 'reminder';
    }
    case 'forfeit': {
      await q.recordCheck(tx, member.id, action.reasons, now);
      const { amountMicro: amount, reasons, since, days } = action;
      const posted = await postEntry(tx, {
        userId: member.id,
        kind: 'LOCK_FORFEIT',
        sourceKey: `forfeit:${since.toISOString()}:${dayKey(now)}`,
        delta: { locked: -amount, forfeited: amount },
        memo: `Locked since ${since.toISOString()}: ${reasons.join(', ')}`,
      });
      if (!posted) return 'checked';
      // The forfeiture is mailed once per lock; later ones are in the member's ledger.
      if (await q.claimMailDay(tx, member.id, COMPLIANCE_GRACE_DAYS))
        await mail.enqueue(tx, forfeitureMail(member, amount, days, reasons, publicUrl));
      return 'forfeited';
    }
    case 'release': {
      const amount = action.amountMicro;
      const posted =
        amount > 0n &&
        (await postEntry(tx, {
          userId: member.id,
          kind: 'LOCK_RELEASE',
          sourceKey: `release:${member.lockedSince?.toISOString() ?? 'unlocked'}:${dayKey(now)}`,
          delta: { locked: -amount, available: amount },
          memo: 'Compliant again',
        }));
      if (member.lockedSince && (await q.endLock(tx, member.id, now))) {
        await mail.enqueue(tx, releaseMail(member, posted ? amount : 0n, publicUrl));
        return 'released';
      }
      await q.recordCheck(tx, member.id, [], now);
      return posted ? 'released' : 'checked';
    }
  }
}

/**
 * A shadow run records the decision and changes no balance, lock, status or member mail. It
 * notes what the exchange showed as an enforced run does (a first sighting, or its end), so a
 * condition seen on two days is confirmed in shadow as it would be, and the first enforced run
 * after the switch acts on the same sightings.
 */
async function recordShadow(
  tx: Db,
  member: q.MemberRow,
  action: Action,
  now: Date,
  how: Extract<SettleMode, { mode: 'shadow' }>,
): Promise<Outcome> {
  if (action.kind === 'unknown') await q.noteUnknown(tx, member.id, action.reason, now);
  if (action.kind === 'concern') await q.noteExchangeSighting(tx, member.id, now);
  if (action.kind === 'release') await q.noteExchangeSighting(tx, member.id, null);
  const decision = decisionOf(member, action);
  if (!decision) return action.kind === 'none' ? 'none' : 'checked';
  await q.recordDecision(tx, {
    runId: how.runId,
    userId: member.id,
    ...decision,
    evidence: {
      bingxUid: member.bingxUid,
      balanceUsdt: how.evidence?.balanceUsdt ?? null,
      copying: how.evidence?.copying ?? null,
      unknownReason: action.kind === 'unknown' ? action.reason : null,
      paidUntil: member.paidUntil?.toISOString() ?? null,
      lockedSince: member.lockedSince?.toISOString() ?? null,
      concernSince: member.concernSince?.toISOString() ?? null,
    },
  });
  return OUTCOME_OF[decision.action];
}

const OUTCOME_OF: Record<ComplianceAction, Outcome> = {
  LOCK: 'locked',
  REMIND: 'reminder',
  FORFEIT: 'forfeited',
  RELEASE: 'released',
  CONCERN: 'checked',
  UNKNOWN: 'exchange',
};

/** The row a shadow run keeps for an action; null when enforcing it would change nothing. */
function decisionOf(
  member: q.MemberRow,
  action: Action,
): {
  action: ComplianceAction;
  reasons: string[];
  mailDay: number | null;
  amountMicro: bigint | null;
} | null {
  const none = { reasons: [], mailDay: null, amountMicro: null };
  switch (action.kind) {
    case 'none':
    case 'check':
      return null;
    case 'unknown':
      return { ...none, action: 'UNKNOWN' };
    case 'concern':
      return { ...none, action: 'CONCERN', reasons: action.reasons };
    case 'lock':
      return { ...none, action: 'LOCK', reasons: action.reasons };
    case 'remind':
      return { ...none, action: 'REMIND', reasons: action.reasons, mailDay: action.day };
    case 'forfeit':
      return {
        ...none,
        action: 'FORFEIT',
        reasons: action.reasons,
        amountMicro: action.amountMicro,
      };
    case 'release':
      if (action.amountMicro <= 0n && !member.lockedSince) return null;
      return { ...none, action: 'RELEASE', amountMicro: action.amountMicro };
  }
}
