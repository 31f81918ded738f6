import {
  CYCLE_PREVIEW_LIST_LIMIT,
  type CycleDetail,
  type CyclePreview,
  type CyclePreviewRequest,
  cycleStatementSchema,
  type CycleStatement,
  type CycleSummary,
  type CyclesResponse,
} from '@ctn/contracts/cycles';
import type { Db } from '../../db/client';
import type { ExchangeGateway } from '../../integrations/exchange/exchange';
import { AppError, validationError } from '../../lib/app-error';
import { isExclusionViolation } from '../../lib/db-errors';
import type { Logger } from '../../lib/logger';
import { pageOf } from '../../lib/pagination';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { SettingsService } from '../settings/settings.service';
import { cycleCreditedMail } from './cycle-mails';
import { batchFromCommissions, parseCycleCsv, type Batch } from './cycle-sources';
import * as q from './cycles.queries';
import { checkCorrection, overlapRefusal } from './cycle-corrections';
import { netCorrection } from './cycle-netting.queries';
import { creditCycle, projectCycle, skippedUplines } from './reward-credits.queries';
import { toUsdt } from '../../lib/money';
import { DAY_MS } from '@ctn/contracts/time';

export interface CyclesDeps {
  db: Db;
  exchange: ExchangeGateway;
  settings: SettingsService;
  audit: AuditService;
  log: Logger;
  /** The members' "cycle credited" mails (cycle-mails job). */
  mail: MailService;
  publicUrl: string;
  /** Tests: called inside the run's transaction after the credit, before it completes. */
  afterCredit?: (cycleId: string) => Promise<void>;
}

interface Progress {
  phase: 'QUEUED' | 'CREDITING' | 'DONE';
  expectedLines: number;
  startedAt: number;
}

/** CYCLE_PERIOD_OVERLAP naming the paid cycle that already covers some of the days. */

/** How long a run request waits before answering RUNNING (small cycles answer COMPLETED). */
const ANSWER_WITHIN_MS = 1_500;
/**
 * The longest period a cycle may cover. The exchange is read in 30-day windows at 5 requests a
 * second: an unbounded period (1900 to 2200) would hold the request, and the budget the
 * compliance check shares, for many minutes.
 */
export const CYCLE_MAX_DAYS = 366;

/**
 * DOWNLINE reward cycles: prepared from a source into a draft with its preview, then run once.
 * The run is one transaction around one crediting statement, so a cycle is either wholly
 * credited or not at all, and running it again credits nothing more.
 */
export class CyclesService {
  private readonly running = new Map<string, { progress: Progress; done: Promise<void> }>();

  constructor(private readonly deps: CyclesDeps) {}

  async prepare(request: CyclePreviewRequest, actor: Actor): Promise<CycleDetail> {
    for (const field of ['periodStart', 'periodEnd'] as const)
      if (!isCalendarDay(request[field]))
        throw validationError([{ field, message: `${field} must be a date as YYYY-MM-DD` }]);
    const days = (Date.parse(request.periodEnd) - Date.parse(request.periodStart)) / DAY_MS + 1;
    if (days > CYCLE_MAX_DAYS)
      throw validationError([
        { field: 'periodEnd', message: `A cycle covers at most ${CYCLE_MAX_DAYS} days` },
      ]);
    const correctionReason = request.correctionReason || null;
    const overlaps = await q.paidCyclesOverlapping(
      this.deps.db,
      request.periodStart,
      request.periodEnd,
    );
    const overlap = overlaps[0];
    // The same days paid twice credit everyone twice, whichever source paid them first (the
    // exchange and a CSV report the same trading): only an explicit CSV correction may, and it
    // nets out the cycles it corrects (decision 044).
    if (overlap && correctionReason === null) throw overlapRefusal(overlap, overlaps);
    const correctsCycles = overlap ? checkCorrection(overlaps, request.correctsCycles) : null;
    const batch = await this.readSource(request);
    const { db } = this.deps;
    const owners = await q.membersByUid(
      db,
      batch.lines.map((l) => l.uid),
    );
    const matched = batch.lines.filter((l) => owners.has(l.uid));
    const unknown = batch.lines.filter((l) => !owners.has(l.uid)).map((l) => l.uid);
    const totalMasterMicro = matched.reduce((sum, l) => sum + l.masterMicro, 0n);
    const policy = await this.deps.settings.rewardPolicy();
    const id = await db.transaction(async (tx) => {
      const cycleId = await q.insertDraft(tx, {
        source: request.source,
        periodStart: request.periodStart,
        periodEnd: request.periodEnd,
        members: matched.length,
        totalMasterMicro,
        preview: emptyPreview(),
        createdBy: actor.id,
        createdByEmail: actor.email,
        correctionReason,
        correctsCycles,
      });
      await q.insertEntries(
        tx,
        cycleId,
        matched.map((l) => ({
          userId: owners.get(l.uid) ?? '',
          masterMicro: l.masterMicro,
          volumeMicro: l.volumeMicro,
        })),
      );
      const projection = await projectCycle(tx, cycleId, policy.downlineBp);
      const preview: CyclePreview = {
        linesRead: batch.linesRead,
        matchedMembers: matched.length,
        unknownUids: unknown.slice(0, CYCLE_PREVIEW_LIST_LIMIT),
        unknownCount: unknown.length,
        errors: batch.errors.slice(0, CYCLE_PREVIEW_LIST_LIMIT),
        errorCount: batch.errors.length,
        totalMasterAmount: toUsdt(totalMasterMicro),
        payoutByLevel: projection.byLevel.map((l) => ({
          level: l.level,
          percent: l.percentBp / 100,
          lines: l.lines,
          amount: toUsdt(l.amountMicro),
        })),
        totalPayout: toUsdt(projection.byLevel.reduce((s, l) => s + l.amountMicro, 0n)),
        recipients: projection.recipients,
      };
      await q.savePreview(tx, cycleId, preview);
      await this.deps.audit.record(tx, actor, {
        action: correctionReason ? 'REWARD_CYCLE_CORRECTION_PREPARED' : 'REWARD_CYCLE_PREPARED',
        target: { type: 'reward_cycle', id: cycleId },
        after: {
          source: request.source,
          period: [request.periodStart, request.periodEnd],
          members: matched.length,
          totalMasterAmount: preview.totalMasterAmount,
          ...(correctionReason
            ? { correctionReason, overlappingCycle: overlap?.number ?? null, correctsCycles }
            : {}),
        },
      });
      return cycleId;
    });
    return this.detail(id);
  }

  /**
   * Starts (or resumes) a run and answers when it completes or after a moment, whichever is
   * first; `creditedAt` back-dates the credit (demo data only).
   */
  async run(
    id: string,
    actor: Actor | null,
    options: { creditedAt?: Date } = {},
  ): Promise<CycleDetail> {
    const current = this.running.get(id);
    if (current) return this.detail(id);
    const cycle = await q.findCycle(this.deps.db, id);
    if (!cycle) throw new AppError('NOT_FOUND');
    if (cycle.status === 'COMPLETED') return this.detail(id);
    const policy = await this.deps.settings.rewardPolicy();
    // A RUNNING cycle that this process is not running died with another process: resume it.
    // The database refuses a second paid cycle over the same days (migration 0014), however
    // the drafts were prepared or raced.
    const marked = await q
      .markRunning(this.deps.db, id, policy.downlineBp, true)
      .catch(async (err: unknown) => {
        if (!isExclusionViolation(err)) throw err;
        const overlap = await q.paidCycleOverlapping(
          this.deps.db,
          cycle.periodStart,
          cycle.periodEnd,
          id,
        );
        throw overlap ? overlapRefusal(overlap) : new AppError('CYCLE_PERIOD_OVERLAP');
      });
    if (!marked) return this.detail(id);
    const progress: Progress = {
      phase: 'QUEUED',
      expectedLines: expectedLinesOf(cycle.preview),
      startedAt: Date.now(),
    };
    const done = this.execute(id, progress, actor, options.creditedAt ?? null)
      .catch(async (err: unknown) => {
        this.deps.log.error({ err, cycleId: id }, 'reward cycle failed');
        await q.failCycle(this.deps.db, id, err instanceof Error ? err.message : String(err));
      })
      .finally(() => this.running.delete(id));
    this.running.set(id, { progress, done });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, ANSWER_WITHIN_MS))]);
    return this.detail(id);
  }

  /**
   * The reward-cycles job: resumes cycles left RUNNING by a process that died. A cycle another
   * instance is running is safe to "resume": the run waits for that instance's lock on the
   * cycle and then finds it COMPLETED.
   */
  async resumeStalled(): Promise<number> {
    const ids = (await q.runningCycleIds(this.deps.db)).filter((id) => !this.running.has(id));
    for (const id of ids) {
      await this.run(id, null);
      await this.settled(id);
    }
    return ids.length;
  }

  /** Waits for a run of this process to end (tests, shutdown). */
  async settled(id?: string): Promise<void> {
    const runs = id ? [this.running.get(id)] : [...this.running.values()];
    await Promise.all(runs.flatMap((run) => (run ? [run.done] : [])));
  }

  async discard(id: string, actor: Actor): Promise<void> {
    const cycle = await q.findCycle(this.deps.db, id);
    if (!cycle) throw new AppError('NOT_FOUND');
    await this.deps.db.transaction(async (tx) => {
      if (!(await q.deleteDraft(tx, id)))
        throw new AppError('BAD_REQUEST', null, 'Only a draft can be discarded.');
      await this.deps.audit.record(tx, actor, {
        action: 'REWARD_CYCLE_DISCARDED',
        target: { type: 'reward_cycle', id },
        before: { source: cycle.source, members: cycle.members },
      });
    });
  }

  async list(page: number, limit: number): Promise<CyclesResponse> {
    const { offset } = pageOf(page, limit, 0);
    const [{ rows, total }, nextPeriodStart] = await Promise.all([
      q.listCycles(this.deps.db, limit, offset),
      q.dayAfterLastPaidCycle(this.deps.db),
    ]);
    const p = pageOf(page, limit, total);
    return {
      cycles: rows.map((row) => this.summaryOf(row)),
      nextPeriodStart,
      pagination: {
        currentPage: page,
        totalPages: p.totalPages,
        totalRecords: total,
        limit,
        hasNext: p.hasNext,
        hasPrev: p.hasPrev,
      },
    };
  }

  async detail(id: string): Promise<CycleDetail> {
    const row = await q.findCycle(this.deps.db, id);
    if (!row) throw new AppError('NOT_FOUND');
    return {
      ...this.summaryOf(row),
      preview: row.preview,
      statement: row.statement ? cycleStatementSchema.parse(row.statement) : null,
      progress: row.status === 'RUNNING' ? this.progressOf(row) : null,
    };
  }

  /** This process's own view of a run, or what the row says when another instance runs it. */
  private progressOf(row: q.CycleRow): NonNullable<CycleDetail['progress']> {
    const mine = this.running.get(row.id)?.progress;
    const progress = mine ?? {
      phase: 'CREDITING' as const,
      expectedLines: expectedLinesOf(row.preview),
      startedAt: row.startedAt?.getTime() ?? Date.now(),
    };
    return {
      phase: progress.phase,
      expectedLines: progress.expectedLines,
      elapsedMs: Math.max(0, Date.now() - progress.startedAt),
    };
  }

  private async execute(
    id: string,
    progress: Progress,
    actor: Actor | null,
    creditedAt: Date | null,
  ): Promise<void> {
    const { db } = this.deps;
    await db.transaction(async (tx) => {
      const cycle = await q.lockCycle(tx, id);
      if (!cycle || cycle.status !== 'RUNNING' || cycle.number === null || !cycle.schedule) return;
      progress.phase = 'CREDITING';
      const skipped = await skippedUplines(tx, id, cycle.schedule);
      const credit = await creditCycle(
        tx,
        { id, number: cycle.number },
        cycle.schedule,
        creditedAt,
      );
      const netted = cycle.correctsCycles?.length
        ? await netCorrection(
            tx,
            {
              id,
              number: cycle.number,
              periodStart: cycle.periodStart,
              periodEnd: cycle.periodEnd,
            },
            cycle.correctsCycles,
          )
        : null;
      await this.deps.afterCredit?.(id);
      const direct = await q.directRewardsBetween(tx, cycle.periodStart, cycle.periodEnd);
      const statement: CycleStatement = {
        byLevel: credit.byLevel.map((l) => ({
          level: l.level,
          percent: l.percentBp / 100,
          lines: l.lines,
          amount: toUsdt(l.amountMicro),
          availableAmount: toUsdt(l.availableMicro),
          lockedAmount: toUsdt(l.lockedMicro),
          heldAmount: toUsdt(l.heldMicro),
        })),
        byType: [
          { type: 'DOWNLINE', lines: credit.lines, amount: toUsdt(credit.totalMicro) },
          { type: 'DIRECT', lines: direct.lines, amount: toUsdt(direct.amountMicro) },
        ],
        recipients: credit.recipients,
        locked: credit.locked.map((l) => ({
          reason: l.reason,
          members: l.members,
          amount: toUsdt(l.amountMicro),
        })),
        netted:
          netted && cycle.correctsCycles
            ? {
                cycles: cycle.correctsCycles,
                members: netted.members,
                amount: toUsdt(netted.takenMicro),
                unrecovered: toUsdt(netted.unrecoveredMicro),
              }
            : null,
        skipped,
      };
      await q.completeCycle(tx, id, {
        totalPaidMicro: credit.totalMicro,
        rewardLines: credit.lines,
        statement,
      });
      if (actor)
        await this.deps.audit.record(tx, actor, {
          action: 'REWARD_CYCLE_RUN',
          target: { type: 'reward_cycle', id },
          after: {
            number: cycle.number,
            lines: credit.lines,
            totalPaid: toUsdt(credit.totalMicro),
          },
        });
    });
    progress.phase = 'DONE';
  }

  /**
   * Queues the "cycle credited" mails of the oldest completed cycle not announced yet, with the
   * mark that it was, in one transaction: each cycle is announced once, whatever the instances.
   * Returns how many mails were queued, or null when no cycle was left to announce (the
   * cycle-mails job runs it until then).
   */
  async mailMembers(): Promise<number | null> {
    const { db, mail, publicUrl } = this.deps;
    const queued = await db.transaction(async (tx) => {
      const cycle = await q.claimUnmailedCycle(tx);
      if (!cycle) return null;
      const recipients = await q.cycleRecipients(tx, cycle.id);
      // One insert per thousand mails: a cycle may credit a hundred thousand members.
      await mail.enqueueMany(
        tx,
        recipients.map((member) =>
          cycleCreditedMail(
            member,
            {
              number: cycle.number,
              totalMicro: BigInt(member.totalMicro),
              lockedMicro: BigInt(member.lockedMicro),
              heldMicro: BigInt(member.heldMicro),
            },
            `${publicUrl}/rewards/cycles/${cycle.number}`,
            `${publicUrl}/profile`,
          ),
        ),
      );
      return recipients.length;
    });
    if (queued) mail.kick();
    return queued;
  }

  /** The cycle-mails job: every completed cycle not announced yet, one transaction each. */
  async announceCycles(): Promise<number> {
    let queued = 0;
    for (let n = await this.mailMembers(); n !== null; n = await this.mailMembers()) queued += n;
    return queued;
  }

  private async readSource(request: CyclePreviewRequest): Promise<Batch> {
    if (request.source === 'CSV') return parseCycleCsv(request.csv ?? '');
    try {
      const rows = await this.deps.exchange.dailyCommissions({
        from: new Date(`${request.periodStart}T00:00:00Z`),
        to: new Date(`${request.periodEnd}T00:00:00Z`),
      });
      return batchFromCommissions(rows);
    } catch (err) {
      this.deps.log.warn({ err }, 'exchange unreachable while preparing a cycle');
      throw new AppError('EXCHANGE_UNAVAILABLE');
    }
  }

  private summaryOf(row: q.CycleRow): CycleSummary {
    return {
      _id: row.id,
      number: row.number,
      status: row.status,
      source: row.source,
      periodStart: row.periodStart,
      periodEnd: row.periodEnd,
      members: row.members,
      totalMasterAmount: toUsdt(row.totalMasterMicro),
      totalPaid: row.totalPaidMicro === null ? null : toUsdt(row.totalPaidMicro),
      rewardLines: row.rewardLines,
      createdBy: row.createdByEmail,
      createdAt: row.createdAt.toISOString(),
      startedAt: row.startedAt?.toISOString() ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
      error: row.error,
    };
  }
}

function emptyPreview(): CyclePreview {
  return {
    linesRead: 0,
    matchedMembers: 0,
    unknownUids: [],
    unknownCount: 0,
    errors: [],
    errorCount: 0,
    totalMasterAmount: 0,
    payoutByLevel: [],
    totalPayout: 0,
    recipients: { available: 0, locked: 0, skipped: 0 },
  };
}

function expectedLinesOf(preview: CyclePreview): number {
  return preview.payoutByLevel.reduce((sum, level) => sum + level.lines, 0);
}

/**
 * A day the database can store: the contract's check lets JavaScript's lenient parser through
 * (2026-02-30 is read as March 2) and year 0000, which PostgreSQL has not.
 */
function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.getUTCFullYear() >= 1 &&
    date.toISOString().slice(0, 10) === day
  );
}
