import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import type {
  ComplianceRunResult,
  ComplianceRunView,
  ComplianceStatus,
} from '@ctn/contracts/compliance';
import type { LockReason } from '@ctn/contracts/rewards';
import type { Db } from '../../db/client';
import type { complianceRuns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ExchangeGateway } from '../../integrations/exchange/exchange';
import type { Logger } from '../../lib/logger';
import type { Actor, AuditService } from '../audit/audit.service';
import { postEntry } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import {
  complianceHeldMail,
  forfeitureMail,
  lockMail,
  releaseMail,
  reminderMail,
} from './compliance-mails';
import { exchangeSnapshot, readingOf, type ExchangeSnapshot } from './compliance-exchange';
import {
  copyWindow,
  databaseReasons,
  dayKey,
  daysSince,
  dueReminder,
  forfeitsAt,
  MASS_LOCK_MIN,
  MASS_LOCK_SHARE,
  startsLock,
  verdictFor,
  type ExchangeReading,
} from './compliance-rules';
import * as q from './compliance.queries';

export interface ComplianceDeps {
  db: Db;
  audit: AuditService;
  exchange: ExchangeGateway;
  settings: SettingsService;
  mail: MailService;
  publicUrl: string;
  log: Logger;
}

/** Members per page: each page's exchange checks finish before its members are settled. */
const PAGE_SIZE = 50;

type Outcome = 'locked' | 'released' | 'forfeited' | 'reminder' | 'checked' | 'exchange' | 'none';

/**
 * The daily compliance check (DESIGN.md section 4 "Compliance"): locks the earnings of members
 * who do not meet the conditions, mails reminders, forfeits what stays locked past the window,
 * and releases the locked balance of members who are compliant again.
 *
 * Each member is settled in its own transaction on its locked row, with guarded updates and
 * ledger postings keyed by lock and day, so two instances running at once neither mail nor post
 * twice, and a run repeated the same day changes nothing.
 */
export class ComplianceService {
  private running: Promise<ComplianceRunResult> | null = null;

  constructor(private readonly deps: ComplianceDeps) {}

  /** One pass over every member; a call during a pass of this instance joins that pass. */
  runDaily(now = new Date()): Promise<ComplianceRunResult> {
    this.running ??= this.run(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** POST /api/admin/compliance/run: a run asked for by an administrator, with what it did. */
  async runFor(actor: Actor): Promise<ComplianceRunResult> {
    const counts = await this.runDaily();
    await this.deps.audit.record(this.deps.db, actor, { action: 'COMPLIANCE_RUN', after: counts });
    return counts;
  }

  private async run(now: Date): Promise<ComplianceRunResult> {
    const { db, exchange, log } = this.deps;
    const counts: ComplianceRunResult = {
      checked: 0,
      locked: 0,
      released: 0,
      forfeited: 0,
      reminders: 0,
      exchangeErrors: 0,
      held: false,
    };
    const { copyingStoppedDays } = await this.deps.settings.rewardPolicy();
    // Read once per run, in bulk, and only if some member needs the exchange at all: members
    // our own data already locks are locked whatever it says.
    // Assigned inside the page visits below, so declared without narrowing to null.
    let snapshot = null as ExchangeSnapshot | null;
    const readings = (m: q.MemberPageRow) =>
      m.bingxUid && snapshot && databaseReasons(m, now).length === 0
        ? readingOf(snapshot, m.bingxUid)
        : undefined;

    // First the whole run is decided without writing: a run that would lock too many members
    // at once is more likely a broken answer than a fact, and then nothing is applied.
    const plan = { linked: 0, newlyLocked: 0, unknown: 0, copying: 0 };
    await this.eachPage(async (page) => {
      for (const m of page) {
        if (m.bingxUid) plan.linked += 1;
        if (!snapshot && m.bingxUid && databaseReasons(m, now).length === 0)
          snapshot = await exchangeSnapshot(exchange, copyWindow(now, copyingStoppedDays), log);
        const reading = readings(m);
        if (reading?.known && !reading.facts.copyingStopped) plan.copying += 1;
        const verdict = verdictFor({ ...m, reasons: [] }, reading, now);
        if (startsLock(verdict, m.lockedSince)) plan.newlyLocked += 1;
        if (verdict.kind === 'unknown') plan.unknown += 1;
      }
    });
    const previous = await q.lastAppliedRun(db);
    // Linked members seen copying; null when the commission listing could not be read.
    const copying = snapshot?.copying ? plan.copying : null;
    const heldFor = holdReason(plan, copying, previous?.copyingMembers);
    const run = {
      startedAt: now,
      linkedMembers: plan.linked,
      newlyLocked: plan.newlyLocked,
      unknownMembers: plan.unknown,
      copyingMembers: copying,
    };
    if (heldFor) {
      await this.hold({ ...run, reason: heldFor });
      log.error({ ...plan, reason: heldFor }, 'compliance run held: nothing applied');
      return { ...counts, held: true, heldReason: heldFor };
    }

    await this.eachPage(async (page) => {
      let mailed = false;
      for (const member of page) {
        const outcome = await this.settle(member.id, readings(member), now);
        if (outcome === 'exchange') counts.exchangeErrors += 1;
        else if (outcome !== 'none') counts.checked += 1;
        if (outcome === 'locked') counts.locked += 1;
        if (outcome === 'released') counts.released += 1;
        if (outcome === 'forfeited') counts.forfeited += 1;
        if (outcome === 'reminder') counts.reminders += 1;
        mailed ||= ['locked', 'released', 'forfeited', 'reminder'].includes(outcome);
      }
      if (mailed) this.deps.mail.kick();
    });
    await q.recordRun(db, { ...run, status: 'APPLIED' });
    log.info({ ...counts }, 'compliance check done');
    return counts;
  }

  /** Every checked member, a page at a time in id order. */
  private async eachPage(visit: (page: q.MemberPageRow[]) => Promise<void>): Promise<void> {
    for (let after: string | null = null; ;) {
      const page = await q.memberPage(this.deps.db, after, PAGE_SIZE);
      const last = page.at(-1);
      if (!last) return;
      after = last.id;
      await visit(page);
      if (page.length < PAGE_SIZE) return;
    }
  }

  /** Records a held run and mails the administrators, in one transaction. */
  private async hold(run: Omit<typeof complianceRuns.$inferInsert, 'status'>): Promise<void> {
    const { db, settings, mail, publicUrl } = this.deps;
    await db.transaction(async (tx) => {
      const held = await q.recordRun(tx, { ...run, status: 'HELD' });
      for (const admin of await settings.alertRecipients(tx, 'operations'))
        await mail.enqueue(tx, complianceHeldMail(admin, held, publicUrl));
    });
    mail.kick();
  }

  /** GET /api/admin/compliance/status: the last run, and a held one waiting for a look. */
  async status(): Promise<ComplianceStatus> {
    const [last, held] = await Promise.all([
      q.lastRun(this.deps.db),
      q.unacknowledgedHeldRun(this.deps.db),
    ]);
    return { lastRun: last ? runView(last) : null, heldRun: held ? runView(held) : null };
  }

  /** POST /api/admin/compliance/runs/{id}/acknowledge: the banner goes; audited. */
  async acknowledge(id: number, actor: Actor): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      if (!(await q.acknowledgeRun(tx, id, actor.id))) throw new AppError('NOT_FOUND');
      await this.deps.audit.record(tx, actor, {
        action: 'COMPLIANCE_HOLD_ACKNOWLEDGED',
        target: { type: 'compliance_run', id: String(id) },
      });
    });
  }

  /** Decides on the member's row as committed now (another instance may have been first). */
  private settle(
    memberId: string,
    reading: ExchangeReading | undefined,
    now: Date,
  ): Promise<Outcome> {
    return this.deps.db.transaction(async (tx) => {
      const member = await q.lockMember(tx, memberId);
      if (!member) return 'none';
      const verdict = verdictFor(member, reading, now);
      switch (verdict.kind) {
        case 'none':
          return 'none';
        case 'unknown':
          // Nothing new is known: no lock, no forfeit, no release; why is kept on the row.
          await q.noteUnknown(tx, member.id, verdict.reason, now);
          return 'exchange';
        case 'concern':
          await q.noteConcern(tx, member.id, now);
          return 'checked';
        case 'release':
          return this.release(tx, member, now);
        case 'enforce':
          return this.enforce(tx, member, verdict.reasons, now);
      }
    });
  }

  private async enforce(
    tx: Db,
    member: q.MemberRow,
    reasons: LockReason[],
    now: Date,
  ): Promise<Outcome> {
    const { mail, publicUrl } = this.deps;
    if (!member.lockedSince) {
      if (!(await q.startLock(tx, member.id, reasons, now))) return 'checked';
      await mail.enqueue(tx, lockMail(member, reasons, forfeitsAt(now), publicUrl));
      return 'locked';
    }
    await q.recordCheck(tx, member.id, reasons, now);
    const since = member.lockedSince;
    const days = daysSince(since, now);
    if (days < COMPLIANCE_GRACE_DAYS) {
      const day = dueReminder(days, member.mailDay ?? 0);
      if (day === null || !(await q.claimMailDay(tx, member.id, day))) return 'checked';
      const left = COMPLIANCE_GRACE_DAYS - days;
      await mail.enqueue(tx, reminderMail(member, reasons, left, forfeitsAt(since), publicUrl));
      return 'reminder';
    }
    // Past the window: the whole locked bucket goes, and keeps going while the member stays
    // non-compliant (credits locked later are forfeited by the next day's run).
    const amount = member.lockedMicro ?? 0n;
    if (amount <= 0n) return 'checked';
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

  private async release(tx: Db, member: q.MemberRow, now: Date): Promise<Outcome> {
    // Locked funds can exist without a lock: credits made while the subscription had lapsed.
    const amount = member.lockedMicro ?? 0n;
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
      await this.deps.mail.enqueue(
        tx,
        releaseMail(member, posted ? amount : 0n, this.deps.publicUrl),
      );
      return 'released';
    }
    await q.recordCheck(tx, member.id, [], now);
    return posted ? 'released' : 'checked';
  }
}

/** Why a run must not be applied, or null (decision 017). */
export function holdReason(
  plan: { linked: number; newlyLocked: number },
  copyingNow: number | null,
  copyingBefore: number | null | undefined,
): string | null {
  if (plan.newlyLocked >= MASS_LOCK_MIN && plan.newlyLocked > plan.linked * MASS_LOCK_SHARE)
    return `It would newly lock ${plan.newlyLocked} of ${plan.linked} linked members (more than ${MASS_LOCK_SHARE * 100}%).`;
  if (plan.linked >= MASS_LOCK_MIN && copyingNow === 0 && (copyingBefore ?? 0) > 0)
    return `Every linked member shows zero copy-trading volume, while ${copyingBefore} did on the previous run.`;
  return null;
}

function runView(row: typeof complianceRuns.$inferSelect): ComplianceRunView {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    status: row.status as ComplianceRunView['status'],
    linkedMembers: row.linkedMembers,
    newlyLocked: row.newlyLocked,
    unknownMembers: row.unknownMembers,
    copyingMembers: row.copyingMembers,
    reason: row.reason,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  };
}
