import type {
  AdminWithdrawal,
  AdminWithdrawalsQuery,
  AdminWithdrawalsResponse,
  ChainCheck,
  PayoutAbandon,
  ReviewWithdrawalRequest,
  WithdrawalReview,
  WithdrawalStatistics,
} from '@ctn/contracts/withdrawals';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { CSV_PAGE_SIZE, csvExport, type CsvColumn, type CsvExport } from '../../lib/csv';
import { isUniqueViolation } from '../../lib/db-errors';
import { toUsdt } from '../../lib/money';
import { pageOf } from '../../lib/pagination';
import type { Actor, AuditService } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import { refuseIfFrozen, type Decision, type WithdrawalSettlement } from './settlement';
import { adminView, withdrawalsPagination } from './withdrawal-view';
import * as q from './withdrawals.queries';
import { isUuid, toIso, toIsoOrNull } from '../../lib/values';

/** The withdrawals list's filters without its page (the export's query). */
export type AdminWithdrawalsExportQuery = Omit<AdminWithdrawalsQuery, 'page' | 'limit'>;

/** The columns of the withdrawals export (GET /api/withdrawals/admin/export). */
const WITHDRAWAL_COLUMNS: readonly CsvColumn<AdminWithdrawal>[] = [
  { header: 'ID', value: (w) => w._id },
  { header: 'User ID', value: (w) => w.user.userId },
  { header: 'First name', value: (w) => w.user.firstName },
  { header: 'Last name', value: (w) => w.user.lastName },
  { header: 'Email', value: (w) => w.user.email },
  { header: 'Amount (USDT)', value: (w) => w.amount },
  { header: 'Asset', value: (w) => w.asset },
  { header: 'Wallet address', value: (w) => w.walletAddress },
  { header: 'Status', value: (w) => w.status },
  { header: 'Reason', value: (w) => w.reason },
  { header: 'Transaction hash', value: (w) => w.transactionHash },
  { header: 'Payout', value: (w) => w.payout },
  { header: 'Requested', value: (w) => w.requestedAt },
  { header: 'Processed', value: (w) => w.processedAt },
];

/** The chain side of payouts: checking a transfer, and sending one from the hot wallet. */
export interface PayoutPort {
  /** Whether "Approve and send" is available (a hot wallet is configured). */
  readonly canSend: boolean;
  /** Is `hash` a USDT transfer of `amountMicro` to `to`? */
  check(hash: string, to: string, amountMicro: bigint): Promise<ChainCheck>;
  /** Sends a PENDING request's USDT and approves it (once, whatever happens in between). */
  sendAndApprove(withdrawalId: string, actor: Actor): Promise<void>;
  /**
   * Before a rejection, block or cancel: a request the hot wallet signed is cancelled on chain
   * first (decision 045). 'FREE': decide it now; 'SETTLED': the decision was applied.
   */
  abandon(withdrawalId: string, abandon: PayoutAbandon): Promise<'FREE' | 'SETTLED'>;
}

/** The administrators' review of withdrawal requests (admin sections 2, 3, 4 and 7). */
export class WithdrawalReviewService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly explorerUrl: string | null,
    private readonly settlement: WithdrawalSettlement,
    /** The chain side: checking hashes and "Approve and send". */
    private readonly payouts: PayoutPort,
    private readonly mail: MailService,
  ) {}

  async list(query: AdminWithdrawalsQuery, userId?: string): Promise<AdminWithdrawalsResponse> {
    const filter = {
      ...(userId ? { userId } : {}),
      ...(query.search ? { search: query.search } : {}),
    };
    const { offset } = pageOf(query.page, query.limit, 0);
    const [{ rows, total }, counts] = await Promise.all([
      q.listWithdrawals(
        this.db,
        { ...filter, ...(query.status ? { status: query.status } : {}) },
        query.sort,
        query.limit,
        offset,
      ),
      this.statistics(filter),
    ]);
    return {
      withdrawals: rows.map(adminView),
      pagination: {
        ...withdrawalsPagination(query.page, query.limit, total),
        resultsCount: rows.length,
      },
      statistics: counts,
      explorerUrl: this.explorerUrl,
    };
  }

  /**
   * GET /withdrawals/admin/export: the requests matching the list's filters as CSV, read
   * CSV_PAGE_SIZE at a time; audited (DATA_EXPORTED).
   */
  async exportCsv(filters: AdminWithdrawalsExportQuery, actor: Actor): Promise<CsvExport> {
    const filter = {
      ...(filters.search ? { search: filters.search } : {}),
      ...(filters.status ? { status: filters.status } : {}),
    };
    const first = await q.listWithdrawals(this.db, filter, filters.sort, CSV_PAGE_SIZE, 0);
    const csv = csvExport(
      'withdrawals',
      WITHDRAWAL_COLUMNS,
      { rows: first.rows.map(adminView), total: first.total },
      async (offset, limit) =>
        (await q.listWithdrawals(this.db, filter, filters.sort, limit, offset)).rows.map(adminView),
    );
    await this.audit.record(this.db, actor, {
      action: 'DATA_EXPORTED',
      after: { list: 'withdrawals', filters, rows: csv.rows },
    });
    return csv;
  }

  /** GET /withdrawals/admin/user/{userId}: one member's requests (`userId` = public number). */
  async listOfMember(publicNumber: string, query: AdminWithdrawalsQuery) {
    const id = await q.memberOfNumber(this.db, publicNumber);
    if (!id) throw new AppError('USER_NOT_FOUND');
    return this.list(query, id);
  }

  async statistics(filter: { userId?: string; search?: string }): Promise<WithdrawalStatistics> {
    const c = await q.withdrawalCounts(this.db, filter);
    return {
      total: c.total,
      pending: c.pending,
      approved: c.approved,
      rejected: c.rejected,
      blocked: c.blocked,
      cancelled: c.cancelled,
      totalApprovedAmount: toUsdt(c.approvedMicro),
      totalPendingAmount: toUsdt(c.pendingMicro),
      totalRequestedAmount: toUsdt(c.requestedMicro),
    };
  }

  async review(id: string): Promise<WithdrawalReview> {
    const row = await this.find(id);
    const [member, entries, past, freeze] = await Promise.all([
      q.reviewMember(this.db, row.userId),
      q.recentEntries(this.db, row.userId, 50),
      q.listWithdrawals(this.db, { userId: row.userId }, '-createdAt', 20, 0),
      q.withdrawalFreezeOf(this.db, row.userId),
    ]);
    if (!member) throw new AppError('USER_NOT_FOUND');
    return {
      withdrawal: adminView(row),
      member: {
        status: member.status,
        availableBalance: toUsdt(member.availableMicro),
        lockedBalance: toUsdt(member.lockedMicro),
        pendingBalance: toUsdt(member.pendingMicro),
        totalEarned: toUsdt(member.earnedMicro),
        totalWithdrawn: toUsdt(member.withdrawnMicro),
        compliance: {
          locked: member.lockedSince !== null,
          reasons: member.lockedSince ? member.lockReasons : [],
          lockedSince: toIsoOrNull(member.lockedSince),
        },
        withdrawalsFrozen: freeze ?? null,
      },
      ledger: entries.map((e) => ({
        kind: e.kind,
        available: toUsdt(e.available),
        locked: toUsdt(e.locked),
        pending: toUsdt(e.pending),
        withdrawn: toUsdt(e.withdrawn),
        memo: e.memo,
        createdAt: toIso(e.createdAt),
      })),
      pastWithdrawals: past.rows.filter((w) => w.id !== row.id).map(adminView),
      chainCheck: row.transactionHash
        ? await this.payouts.check(row.transactionHash, row.walletAddress, BigInt(row.amountMicro))
        : null,
      canSend: this.payouts.canSend,
      explorerUrl: this.explorerUrl,
    };
  }

  /** POST /withdrawals/admin/{id}/check-transaction: a hash checked before approving with it. */
  async checkTransaction(id: string, hash: string): Promise<ChainCheck> {
    const row = await this.find(id);
    return this.payouts.check(hash, row.walletAddress, BigInt(row.amountMicro));
  }

  /** PUT /withdrawals/{id}: approve (with a hash, or sent from the hot wallet), reject, block. */
  async decide(
    id: string,
    request: ReviewWithdrawalRequest,
    actor: Actor,
  ): Promise<AdminWithdrawal> {
    if (!isUuid(id)) throw new AppError('WITHDRAWAL_NOT_FOUND');
    if (request.status === 'APPROVED' && request.send) {
      // Not configured is no passing outage (503): say so, after the request's own checks.
      if (!this.payouts.canSend) {
        const row = await this.find(id);
        if (row.status !== 'PENDING') throw new AppError('WITHDRAWAL_ALREADY_PROCESSED');
        throw new AppError('PAYOUT_NOT_CONFIGURED');
      }
      await this.payouts.sendAndApprove(id, actor);
      return adminView(await this.find(id));
    }
    const decision: Decision = {
      status: request.status,
      reason: request.reason?.trim() || null,
      transactionHash: request.transactionHash?.toLowerCase() ?? null,
    };
    if (decision.status === 'REJECTED' || decision.status === 'BLOCKED_COMPLIANCE') {
      // A payout signed by the hot wallet is cancelled on chain before the money is returned.
      const abandon = { status: decision.status, reason: decision.reason, by: actor.id };
      if ((await this.payouts.abandon(id, abandon)) === 'SETTLED') {
        this.mail.kick();
        return adminView(await this.find(id));
      }
    }
    await this.db.transaction(async (tx) => {
      if (await this.addLateHash(tx, id, decision, actor)) return;
      if (decision.status === 'APPROVED') {
        const row = await q.findWithdrawal(tx, id);
        if (row?.status === 'PENDING') await refuseIfFrozen(tx, row.userId);
      }
      await this.settlement.settle(tx, id, decision, actor);
    });
    this.mail.kick();
    return adminView(await this.find(id));
  }

  /**
   * APPROVED again with a hash, for a request approved without one: records the payment's hash
   * (no money moves), audited. False when that is not the case: `settle` answers it.
   */
  private async addLateHash(tx: Db, id: string, decision: Decision, actor: Actor) {
    const hash = decision.transactionHash;
    if (decision.status !== 'APPROVED' || hash === null) return false;
    try {
      if (!(await q.addPaymentHash(tx, id, hash))) return false;
    } catch (err) {
      if (isUniqueViolation(err, 'withdrawals_approved_hash_unique'))
        throw new AppError('TRANSACTION_ALREADY_USED');
      throw err;
    }
    await this.audit.record(tx, actor, {
      action: 'WITHDRAWAL_HASH_ADDED',
      target: { type: 'withdrawal', id },
      before: { transactionHash: null },
      after: { transactionHash: hash },
    });
    return true;
  }

  /** Pending count, approved + pending amount and the newest requests (admin dashboard). */
  async dashboard(recent: number) {
    const { pending, amountMicro, rows } = await q.dashboardFigures(this.db, recent);
    return { pendingCount: pending, totalAmount: toUsdt(amountMicro), recent: rows.map(adminView) };
  }

  private async find(id: string) {
    const row = isUuid(id) ? await q.findWithdrawal(this.db, id) : undefined;
    if (!row) throw new AppError('WITHDRAWAL_NOT_FOUND');
    return row;
  }
}
