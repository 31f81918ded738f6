import { COMPLIANCE_GRACE_DAYS } from '@ctn/contracts/constants';
import type { ComplianceRunResult } from '@ctn/contracts/compliance';
import type { LockReason } from '@ctn/contracts/rewards';
import type { Db } from '../../db/client';
import type { ExchangeGateway } from '../../integrations/exchange/exchange';
import type { Logger } from '../../lib/logger';
import type { Actor, AuditService } from '../audit/audit.service';
import { postEntry } from '../ledger/ledger.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import { forfeitureMail, lockMail, releaseMail, reminderMail } from './compliance-mails';
import { copyingUids, exchangeFacts } from './compliance-exchange';
import {
  allReasons,
  copyWindow,
  databaseReasons,
  dayKey,
  daysSince,
  dueReminder,
  forfeitsAt,
  type ExchangeFacts,
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
/** Exchange checks in flight at once; the client spaces them to its 5 requests/s budget. */
const EXCHANGE_CONCURRENCY = 5;

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
    };
    const { copyingStoppedDays } = await this.deps.settings.rewardPolicy();
    // Fetched once per run, and only if some member needs the exchange at all.
    let copying: Promise<Set<string> | null> | null = null;

    for (let after: string | null = null; ;) {
      const page = await q.memberPage(db, after, PAGE_SIZE);
      const last = page.at(-1);
      if (!last) break;
      after = last.id;
      // Only members the database finds compliant need the exchange: the others are locked
      // whatever it says, and the request budget is better spent elsewhere.
      const asking = page.flatMap((m) =>
        m.bingxUid && databaseReasons(m, now).length === 0
          ? [{ id: m.id, bingxUid: m.bingxUid }]
          : [],
      );
      let facts = new Map<string, ExchangeFacts | null>();
      if (asking.length > 0) {
        copying ??= copyingUids(exchange, copyWindow(now, copyingStoppedDays), log);
        facts = await exchangeFacts(exchange, asking, await copying, EXCHANGE_CONCURRENCY, log);
      }
      let mailed = false;
      for (const member of page) {
        const outcome = await this.settle(member.id, facts, now);
        if (outcome === 'exchange') counts.exchangeErrors += 1;
        else if (outcome !== 'none') counts.checked += 1;
        if (outcome === 'locked') counts.locked += 1;
        if (outcome === 'released') counts.released += 1;
        if (outcome === 'forfeited') counts.forfeited += 1;
        if (outcome === 'reminder') counts.reminders += 1;
        mailed ||= outcome !== 'checked' && outcome !== 'none' && outcome !== 'exchange';
      }
      if (mailed) this.deps.mail.kick();
      if (page.length < PAGE_SIZE) break;
    }
    log.info({ ...counts }, 'compliance check done');
    return counts;
  }

  /** Decides on the member's row as committed now (another instance may have been first). */
  private settle(
    memberId: string,
    facts: Map<string, ExchangeFacts | null>,
    now: Date,
  ): Promise<Outcome> {
    return this.deps.db.transaction(async (tx) => {
      const member = await q.lockMember(tx, memberId);
      if (!member) return 'none';
      const fromDatabase = databaseReasons(member, now);
      const fresh = facts.get(memberId) ?? undefined;
      // A compliant-looking member whose exchange state we do not know: no new information,
      // so nothing changes on a guess (not even the check time); the next run tries again.
      if (fromDatabase.length === 0 && !fresh) return facts.has(memberId) ? 'exchange' : 'none';
      const reasons = allReasons(fromDatabase, fresh, member.reasons);
      return reasons.length > 0
        ? this.enforce(tx, member, reasons, now)
        : this.release(tx, member, now);
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
