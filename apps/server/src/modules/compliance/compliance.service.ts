import type {
  ComplianceAction,
  ComplianceDecisions,
  ComplianceDecisionsQuery,
  ComplianceMode,
  ComplianceRunResult,
  ComplianceRunView,
  ComplianceStatus,
  ShadowRun,
} from '@ctn/contracts/compliance';
import type { LockReason } from '@ctn/contracts/rewards';
import type { Db } from '../../db/client';
import type { complianceRuns } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ExchangeGateway } from '../../integrations/exchange/exchange';
import type { Logger } from '../../lib/logger';
import { toUsdt } from '../../lib/money';
import { pageOf } from '../../lib/pagination';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import { withoutCopyingRule } from './compliance-actions';
import {
  complianceHeldMail,
  copyingHeldMail,
  shadowSummaryMail,
  type ShadowTotals,
} from './compliance-mails';
import {
  evidenceOf,
  exchangeSnapshot,
  readingOf,
  type ExchangeSnapshot,
} from './compliance-exchange';
import {
  copyWindow,
  databaseReasons,
  MASS_LOCK_MIN,
  MASS_LOCK_SHARE,
  startsLock,
  verdictFor,
  type ExchangeReading,
} from './compliance-rules';
import { settleMember, type Outcome, type SettleMode } from './compliance-settle';
import * as q from './compliance.queries';

export interface ComplianceDeps {
  db: Db;
  audit: AuditService;
  exchange: ExchangeGateway;
  settings: SettingsService;
  mail: MailService;
  publicUrl: string;
  log: Logger;
  /** COMPLIANCE_MODE: when set, it wins over the saved mode (decision 038). */
  modeFromEnvironment: ComplianceMode | undefined;
  /** A new production database starts in shadow, any other in enforce (decision 038). */
  isProduction: boolean;
}

/** Members per page: each page's exchange checks finish before its members are settled. */
const PAGE_SIZE = 50;

type RunRecord = Omit<typeof complianceRuns.$inferInsert, 'status'>;

/**
 * The daily compliance check (DESIGN.md section 4 "Compliance"): locks the earnings of members
 * who do not meet the conditions, mails reminders, forfeits what stays locked past the window,
 * and releases the locked balance of members who are compliant again. In shadow mode the same
 * run records those decisions instead and changes nothing a member owns or receives
 * (decision 038).
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

  /** POST /api/admin/compliance/run: a run asked for by an administrator, in the mode in force. */
  async runFor(actor: Actor): Promise<ComplianceRunResult> {
    const counts = await this.runDaily();
    await this.deps.audit.record(this.deps.db, actor, { action: 'COMPLIANCE_RUN', after: counts });
    return counts;
  }

  /** The mode the next run uses, the saved one, and whether the environment decides. */
  async mode(db: Db = this.deps.db): Promise<ComplianceStatus['mode']> {
    const stored = await this.deps.settings.complianceMode(db, this.initialMode);
    const fromEnvironment = this.deps.modeFromEnvironment;
    return {
      effective: fromEnvironment ?? stored,
      stored,
      fromEnvironment: fromEnvironment !== undefined,
    };
  }

  /** PUT /api/admin/compliance/mode: audited; refused while COMPLIANCE_MODE decides. */
  async setMode(actor: Actor, mode: ComplianceMode): Promise<ComplianceStatus> {
    if (this.deps.modeFromEnvironment !== undefined)
      throw new AppError('COMPLIANCE_MODE_FROM_ENVIRONMENT');
    await this.deps.settings.saveComplianceMode(actor, mode, this.initialMode);
    return this.status();
  }

  /**
   * The mode of a database that has none saved: shadow for a production database that has
   * never applied a run (it is new: nothing it decides has been checked against the live
   * exchange yet); enforce for one that has (it keeps what it did), and outside production (the
   * demo and the tests show compliance acting).
   */
  private readonly initialMode = async (db: Db): Promise<ComplianceMode> =>
    this.deps.isProduction && !(await q.lastAppliedRun(db)) ? 'shadow' : 'enforce';

  private async run(now: Date): Promise<ComplianceRunResult> {
    const { db, exchange, log } = this.deps;
    const { effective: mode } = await this.mode();
    const { copyingStoppedDays } = await this.deps.settings.rewardPolicy();
    // Read once per run, in bulk, and only if some member needs the exchange at all: members
    // our own data already locks are locked whatever it says.
    // Assigned inside the page visits below, so declared without narrowing to null.
    let snapshot = null as ExchangeSnapshot | null;
    const rawReading = (m: q.MemberPageRow) =>
      m.bingxUid && snapshot && databaseReasons(m, now).length === 0
        ? readingOf(snapshot, m.bingxUid)
        : undefined;

    // First the whole run is decided without writing: a run whose exchange answer would lock
    // too many members at once is more likely a broken answer than a fact, and then nothing is
    // applied. Only locks the exchange decides count (decision 052): our own data's reasons
    // (lapsed, unlinked, locked by an administrator) are facts whatever the exchange says.
    // Locks are counted with and without COPYING_STOPPED: whether it applies is known at the end.
    const plan = {
      linked: 0,
      newlyLocked: 0,
      newlyLockedWithoutCopying: 0,
      unknown: 0,
      copying: 0,
      notCopying: 0,
    };
    await this.eachPage(async (page) => {
      for (const m of page) {
        if (m.bingxUid) plan.linked += 1;
        if (!snapshot && m.bingxUid && databaseReasons(m, now).length === 0)
          snapshot = await exchangeSnapshot(exchange, copyWindow(now, copyingStoppedDays), log);
        const reading = rawReading(m);
        if (reading?.known) plan[reading.facts.copyingStopped ? 'notCopying' : 'copying'] += 1;
        const member = { ...m, reasons: [] };
        const verdict = verdictFor(member, reading, now);
        if (verdict.kind === 'unknown') plan.unknown += 1;
        if (databaseReasons(m, now).length > 0) continue;
        if (startsLock(verdict, m.lockedSince)) plan.newlyLocked += 1;
        const without = reading && withoutCopyingRule(reading);
        if (startsLock(verdictFor(member, without, now), m.lockedSince))
          plan.newlyLockedWithoutCopying += 1;
      }
    });
    // The bulk read names who invited each UID, where BingX says it: evidence for the reviews.
    const invitees = snapshot?.invitees;
    if (invitees) await q.recordInvitationCodes(db, (uid) => invitees.get(uid)?.invitationCode);
    // COPYING_STOPPED applies once any linked member has shown copy volume, in this run or any
    // before; until then a zero proves nothing about the field read (decision 038).
    const copyingRule = plan.copying > 0 || (await q.copyingFirstSeen(db)) !== undefined;
    const reading = (m: q.MemberPageRow): ExchangeReading | undefined => {
      const raw = rawReading(m);
      return raw && !copyingRule ? withoutCopyingRule(raw) : raw;
    };
    const previous = await q.lastAppliedRun(db);
    const lastRun = await q.lastRun(db);
    // Linked members seen copying; null when the commission listing could not be read.
    const copying = snapshot?.copying ? plan.copying : null;
    const newlyLocked = copyingRule ? plan.newlyLocked : plan.newlyLockedWithoutCopying;
    const copyingHeld = copyingRule ? 0 : plan.notCopying;
    const heldFor = holdReason(
      { linked: plan.linked, newlyLocked },
      copying,
      previous?.copyingMembers,
    );
    const run: RunRecord = {
      startedAt: now,
      linkedMembers: plan.linked,
      newlyLocked,
      unknownMembers: plan.unknown,
      copyingMembers: copying,
      copyingHeld: copyingHeld > 0 ? copyingHeld : null,
    };
    const counts = { ...noCounts(), held: false, mode, copyingHeld };
    if (mode === 'shadow') {
      const evidence = (m: q.MemberPageRow) =>
        m.bingxUid && snapshot ? evidenceOf(snapshot, m.bingxUid) : null;
      const done = await this.shadow({ ...run, reason: heldFor }, now, reading, evidence);
      log.info({ ...done, reason: heldFor }, 'compliance shadow run done: nothing applied');
      return {
        ...counts,
        ...done,
        held: heldFor !== null,
        ...(heldFor ? { heldReason: heldFor } : {}),
      };
    }
    if (heldFor) {
      await this.hold({ ...run, reason: heldFor });
      log.error({ ...plan, reason: heldFor }, 'compliance run held: nothing applied');
      return { ...counts, held: true, heldReason: heldFor };
    }

    await this.eachPage(async (page) => {
      let mailed = false;
      for (const member of page) {
        const outcome = await this.settle(member.id, reading(member), now, { mode: 'enforce' });
        tally(counts, outcome);
        mailed ||= ['locked', 'released', 'forfeited', 'reminder'].includes(outcome);
      }
      if (mailed) this.deps.mail.kick();
    });
    // The hold of COPYING_STOPPED is mailed when it starts; the dashboard shows it while it lasts.
    const holdStarts = copyingHeld > 0 && !lastRun?.copyingHeld;
    await this.deps.db.transaction(async (tx) => {
      const applied = await q.recordRun(tx, { ...run, status: 'APPLIED' });
      if (holdStarts)
        await this.alertAdmins(tx, (admin) => copyingHeldMail(admin, applied, this.deps.publicUrl));
    });
    if (holdStarts) this.deps.mail.kick();
    log.info({ ...counts }, 'compliance check done');
    return counts;
  }

  private settle(
    memberId: string,
    reading: ExchangeReading | undefined,
    now: Date,
    how: SettleMode,
  ): Promise<Outcome> {
    return settleMember(this.deps, memberId, reading, now, how);
  }

  /**
   * A shadow run: every member is decided on the same path as an enforced run and the decision
   * recorded with its evidence; then the administrators get the summary.
   */
  private async shadow(
    run: RunRecord,
    now: Date,
    reading: (m: q.MemberPageRow) => ExchangeReading | undefined,
    evidence: (m: q.MemberPageRow) => ReturnType<typeof evidenceOf> | null,
  ): Promise<ReturnType<typeof noCounts>> {
    const { db, publicUrl } = this.deps;
    const recorded = await q.recordRun(db, { ...run, status: 'SHADOW' });
    const counts = noCounts();
    await this.eachPage(async (page) => {
      for (const m of page) {
        const how = { mode: 'shadow', runId: recorded.id, evidence: evidence(m) } as const;
        tally(counts, await this.settle(m.id, reading(m), now, how));
      }
    });
    await q.finishRun(db, recorded.id);
    const totals = await shadowTotals(db, recorded.id);
    await db.transaction((tx) =>
      this.alertAdmins(tx, (admin) => shadowSummaryMail(admin, recorded, totals, publicUrl)),
    );
    this.deps.mail.kick();
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
  private async hold(run: RunRecord): Promise<void> {
    const { db, publicUrl } = this.deps;
    await db.transaction(async (tx) => {
      const held = await q.recordRun(tx, { ...run, status: 'HELD' });
      await this.alertAdmins(tx, (admin) => complianceHeldMail(admin, held, publicUrl));
    });
    this.deps.mail.kick();
  }

  /** An operations mail to every administrator, in the caller's transaction (kick after it). */
  private async alertAdmins(
    tx: Db,
    mailOf: (admin: { email: string; firstName: string }) => Parameters<MailService['enqueue']>[1],
  ): Promise<void> {
    for (const admin of await this.deps.settings.alertRecipients(tx, 'operations'))
      await this.deps.mail.enqueue(tx, mailOf(admin));
  }

  /** GET /api/admin/compliance/status: the last runs, the mode and the copy-trading evidence. */
  async status(): Promise<ComplianceStatus> {
    const { db } = this.deps;
    const mode = await this.mode();
    const [last, held, shadow, copyingSince] = await Promise.all([
      q.lastRun(db),
      q.unacknowledgedHeldRun(db),
      q.lastShadowRun(db),
      q.copyingFirstSeen(db),
    ]);
    return {
      lastRun: last ? runView(last) : null,
      heldRun: held ? runView(held) : null,
      mode,
      lastShadowRun: shadow ? await this.shadowRun(shadow) : null,
      copyingEvidenceSince: copyingSince?.toISOString() ?? null,
      copyingHold: last?.copyingHeld ? runView(last) : null,
    };
  }

  /** GET /api/admin/compliance/runs/{id}/decisions: a shadow run's decisions, a page at a time. */
  async decisions(runId: number, query: ComplianceDecisionsQuery): Promise<ComplianceDecisions> {
    const { db } = this.deps;
    const row = await q.runById(db, runId);
    if (row?.status !== 'SHADOW') throw new AppError('NOT_FOUND');
    const total = await q.decisionCount(db, runId);
    const { offset, totalPages, hasNext, hasPrev } = pageOf(query.page, query.limit, total);
    const rows = await q.decisionPage(db, runId, offset, query.limit);
    return {
      run: await this.shadowRun(row),
      decisions: rows.map((d) => ({
        member: { id: d.userId, name: `${d.firstName} ${d.lastName}`.trim(), email: d.email },
        action: d.action as ComplianceAction,
        reasons: d.reasons as LockReason[],
        mailDay: d.mailDay,
        amount: d.amountMicro === null ? null : toUsdt(d.amountMicro),
        evidence: d.evidence as ComplianceDecisions['decisions'][number]['evidence'],
      })),
      pagination: {
        currentPage: query.page,
        totalPages,
        totalRecords: total,
        limit: query.limit,
        hasNext,
        hasPrev,
      },
    };
  }

  private async shadowRun(row: typeof complianceRuns.$inferSelect): Promise<ShadowRun> {
    const totals = await shadowTotals(this.deps.db, row.id);
    const { forfeitMicro, releaseMicro, ...members } = totals;
    return {
      ...runView(row),
      figures: {
        ...members,
        forfeitAmount: toUsdt(forfeitMicro),
        releaseAmount: toUsdt(releaseMicro),
      },
    };
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
}

const noCounts = () => ({
  checked: 0,
  locked: 0,
  released: 0,
  forfeited: 0,
  reminders: 0,
  exchangeErrors: 0,
});

function tally(counts: ReturnType<typeof noCounts>, outcome: Outcome): void {
  if (outcome === 'exchange') counts.exchangeErrors += 1;
  else if (outcome !== 'none') counts.checked += 1;
  if (outcome === 'locked') counts.locked += 1;
  if (outcome === 'released') counts.released += 1;
  if (outcome === 'forfeited') counts.forfeited += 1;
  if (outcome === 'reminder') counts.reminders += 1;
}

async function shadowTotals(db: Db, runId: number): Promise<ShadowTotals> {
  const rows = await q.decisionTotals(db, runId);
  const of = (action: ComplianceAction) => rows.find((row) => row.action === action);
  const members = (action: ComplianceAction) => of(action)?.members ?? 0;
  return {
    lock: members('LOCK'),
    remind: members('REMIND'),
    forfeit: members('FORFEIT'),
    release: members('RELEASE'),
    concern: members('CONCERN'),
    unknown: members('UNKNOWN'),
    forfeitMicro: BigInt(of('FORFEIT')?.amountMicro ?? 0),
    releaseMicro: BigInt(of('RELEASE')?.amountMicro ?? 0),
  };
}

/** Why a run must not be applied, or null (decision 017). */
export function holdReason(
  plan: { linked: number; newlyLocked: number },
  copyingNow: number | null,
  copyingBefore: number | null | undefined,
): string | null {
  if (plan.newlyLocked >= MASS_LOCK_MIN && plan.newlyLocked > plan.linked * MASS_LOCK_SHARE)
    return `The exchange's answer would newly lock ${plan.newlyLocked} of ${plan.linked} linked members (more than ${MASS_LOCK_SHARE * 100}%).`;
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
    copyingHeld: row.copyingHeld,
    reason: row.reason,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  };
}
