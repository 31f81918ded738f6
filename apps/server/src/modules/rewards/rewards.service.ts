import {
  LOCK_REASONS,
  type AdminRewardItem,
  type AdminRewardsQuery,
  type AdminRewardsResponse,
  type ComplianceState,
  type LockReason,
  type MemberCycleStatement,
  type MemberRewardsQuery,
  type MemberRewardsResponse,
  type RewardItem,
  type RewardStats,
  type RewardsPagination,
} from '@ctn/contracts/rewards';
import { KeptByKeyUntilChanged, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { isoOfTimestamptz } from '../../db/type-parsers';
import { AppError } from '../../lib/app-error';
import {
  CSV_MAX_ROWS,
  CSV_PAGE_SIZE,
  csvExport,
  tooManyRows,
  type CsvColumn,
  type CsvExport,
} from '../../lib/csv';
import { averageUsdt, toUsdt } from '../../lib/money';
import { databaseReasons, forfeitsAt } from '../compliance/compliance-rules';
import { emailForLevel, nameForLevel } from '../../lib/privacy';
import { pageOf } from '../../lib/pagination';
import type { Actor, AuditService } from '../audit/audit.service';
import type { SettingsService } from '../settings/settings.service';
import { creditDirect } from './reward-credits.queries';
import * as q from './rewards.queries';
import { toIsoOrNull } from '../../lib/values';
import { DAY_MS } from '@ctn/contracts/time';

const CHART_DAYS = 90;
/** A search matching more members than this is too broad to be useful; refine it. */
const SEARCH_MEMBER_LIMIT = 1_000;

/** The rewards list's filters without its page (the export's query). */
export type AdminRewardsExportQuery = Omit<AdminRewardsQuery, 'page' | 'limit'>;

const personName = (p: AdminRewardItem['rewardUser'] | undefined) =>
  p ? `${p.firstName} ${p.lastName}` : null;

/** The columns of the rewards export (GET /api/rewards/admin/export). */
const REWARD_COLUMNS: readonly CsvColumn<AdminRewardItem>[] = [
  { header: 'ID', value: (r) => r._id },
  { header: 'Type', value: (r) => r.type },
  { header: 'Level', value: (r) => r.level },
  { header: 'Amount (USDT)', value: (r) => r.rewardAmount },
  { header: 'Percent', value: (r) => r.percent },
  { header: 'Master amount (USDT)', value: (r) => r.masterAmount },
  { header: 'Cycle', value: (r) => r.cycle },
  { header: 'Bucket', value: (r) => r.bucket },
  { header: 'Member user ID', value: (r) => r.rewardUser.userId },
  { header: 'Member name', value: (r) => personName(r.rewardUser) },
  { header: 'Member email', value: (r) => r.rewardUser.email },
  { header: 'From user ID', value: (r) => r.downlineUser?.userId },
  { header: 'From name', value: (r) => personName(r.downlineUser) },
  { header: 'From email', value: (r) => r.downlineUser?.email },
  { header: 'Date', value: (r) => r.createdAt },
];

/** The columns of a member's own export (GET /api/rewards/user/export): what their page shows. */
const MEMBER_REWARD_COLUMNS: readonly CsvColumn<RewardItem>[] = [
  { header: 'Date', value: (r) => r.createdAt },
  { header: 'Type', value: (r) => (r.type === 'DIRECT' ? 'Referral' : 'Trading') },
  { header: 'Level', value: (r) => r.level },
  { header: 'Amount (USDT)', value: (r) => r.rewardAmount },
  { header: 'Percent', value: (r) => r.percent },
  { header: 'Base amount (USDT)', value: (r) => r.masterAmount },
  { header: 'Cycle', value: (r) => r.cycle },
  { header: 'Bucket', value: (r) => r.bucket },
  { header: 'From', value: (r) => r.downlineUser?.name ?? r.payment?.payer },
  { header: 'From user ID', value: (r) => r.downlineUser?.userId ?? r.payment?.userId },
  { header: 'From email', value: (r) => r.downlineUser?.email },
  { header: 'Payment credited', value: (r) => r.payment?.paidAt },
];

/** The channel migration 0021's trigger notifies once per statement that writes reward lines. */
export const REWARD_CHANGES = 'reward_changes';

/** Rewards as members and administrators read them, and the DIRECT credit of a payment. */
export class RewardsService {
  private readonly statsLookup: ReturnType<typeof q.memberStatsLookup>;
  private readonly ownPage: ReturnType<typeof q.memberRewardsPage>;
  /** How many lines a member's filter matches, until lines are written anywhere. */
  private readonly ownCounts: KeptByKeyUntilChanged<number>;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    /** Announces written reward lines on every instance (REWARD_CHANGES); null keeps nothing. */
    changes: ChangeFeed | null = null,
  ) {
    this.statsLookup = q.memberStatsLookup(db);
    this.ownPage = q.memberRewardsPage(db);
    this.ownCounts = new KeptByKeyUntilChanged(changes);
  }

  /**
   * DIRECT rewards of a credited payment, in the payment's transaction: the fee the payment
   * turned into periods, shared by the payer's uplines per the schedule. Once per payment.
   */
  async creditPayment(
    tx: Db,
    payment: { id: string; payerId: string; periods: number },
  ): Promise<number> {
    if (payment.periods <= 0) return 0;
    const policy = await this.settings.rewardPolicy(tx);
    return creditDirect(
      tx,
      {
        id: payment.id,
        payerId: payment.payerId,
        masterMicro: policy.feeMicro * BigInt(payment.periods),
      },
      policy.directBp,
    );
  }

  /** Reward lines that do not match the ledger entry that credited them (`ledger:verify`). */
  verifyAgainstLedger(limit = 100): Promise<q.RewardLedgerMismatch[]> {
    return q.rewardLedgerMismatches(this.db, limit);
  }

  /** GET /api/rewards/stats/{userId}: the caller's own, or any member's for an administrator. */
  async stats(
    viewer: { id: string; isAdmin: boolean },
    publicNumber: string,
  ): Promise<RewardStats> {
    const [money, policy] = await Promise.all([
      this.statsLookup(publicNumber, CHART_DAYS),
      this.settings.displayedRewardPolicy(),
    ]);
    if (!money) throw new AppError(viewer.isAdmin ? 'USER_NOT_FOUND' : 'FORBIDDEN');
    if (!viewer.isAdmin && money.id !== viewer.id) throw new AppError('FORBIDDEN');
    const days = money.days;
    const direct = toUsdt(money.directMicro);
    const downline = toUsdt(money.downlineMicro);
    return {
      currentBalance: toUsdt(money.availableMicro),
      totalRewards: toUsdt(money.earnedMicro),
      totalWithdrawn: toUsdt(money.withdrawnMicro),
      rewardBreakdown: {
        directRewards: direct,
        downlineRewards: downline,
        calculatedTotal: toUsdt(BigInt(money.directMicro) + BigInt(money.downlineMicro)),
      },
      lockedBalance: toUsdt(money.lockedMicro),
      heldBalance: toUsdt(money.heldMicro),
      pendingWithdrawals: toUsdt(money.pendingMicro),
      forfeited: toUsdt(money.forfeitedMicro),
      compliance: complianceOf(money, new Date()),
      minimumWithdrawal: toUsdt(policy.minimumWithdrawalMicro),
      subscription: {
        paidUntil: toIsoOrNull(money.paidUntil),
        feeUsdt: toUsdt(policy.feeMicro),
      },
      earningsOverTime: days.map((d) => ({
        date: d.date,
        direct: toUsdt(d.directMicro),
        downline: toUsdt(d.downlineMicro),
      })),
    };
  }

  /** GET /api/rewards/user: the caller's reward lines. */
  async memberRewards(userId: string, query: MemberRewardsQuery): Promise<MemberRewardsResponse> {
    const filter = { userId, type: query.type, level: query.level };
    // The member's page shows no sums: only the lines are counted, which the index on
    // (user_id, created_at, id) answers alone; the sums read every line of the member.
    // The count is kept until lines are written (a cycle, a payment's DIRECT credit).
    const { offset } = pageOf(query.page, query.limit, 0);
    const [rows, total] = await Promise.all([
      query.sort === '-createdAt'
        ? this.ownPage(filter, query.limit, offset)
        : q.listRewards(this.db, filter, query.sort, query.limit, offset),
      this.ownCounts.get(`${userId}|${query.type ?? ''}|${query.level ?? ''}`, () =>
        q.rewardCount(this.db, filter),
      ),
    ]);
    return { rewards: rows.map(memberItemOf), pagination: paginationOf(query, total) };
  }

  /** GET /api/rewards/admin/all: every reward line, with statistics over the same filter. */
  async adminRewards(query: AdminRewardsQuery): Promise<AdminRewardsResponse> {
    const filter: q.RewardFilter = { type: query.type, level: query.level, cycle: query.cycle };
    if (query.search)
      filter.searchIds = await q.searchMemberIds(this.db, query.search, SEARCH_MEMBER_LIMIT);
    const { rows, pagination, totals } = await this.page(filter, query);
    return {
      rewards: rows.map(adminItemOf),
      pagination,
      statistics: {
        total: totals.total,
        totalRewardsDistributed: toUsdt(totals.totalMicro),
        totalDirectRewards: toUsdt(totals.directMicro),
        totalDownlineRewards: toUsdt(totals.downlineMicro),
        directRewardsCount: totals.directCount,
        downlineRewardsCount: totals.downlineCount,
        totalMasterAmount: toUsdt(totals.masterMicro),
        averageRewardAmount: averageUsdt(totals.totalMicro, totals.total),
        maxRewardAmount: toUsdt(totals.maxMicro),
        minRewardAmount: toUsdt(totals.minMicro),
      },
    };
  }

  /**
   * GET /api/rewards/admin/export: the reward lines matching the list's filters as CSV, read
   * CSV_PAGE_SIZE at a time; audited (DATA_EXPORTED) through `audit`.
   */
  async exportCsv(
    filters: AdminRewardsExportQuery,
    actor: Actor,
    audit: AuditService,
  ): Promise<CsvExport> {
    const filter: q.RewardFilter = {
      type: filters.type,
      level: filters.level,
      cycle: filters.cycle,
    };
    if (filters.search)
      filter.searchIds = await q.searchMemberIds(this.db, filters.search, SEARCH_MEMBER_LIMIT);
    const { total } = await q.rewardTotals(this.db, filter);
    if (total > CSV_MAX_ROWS) throw tooManyRows(total);
    const read = async (offset: number, limit: number) =>
      (await q.listRewards(this.db, filter, filters.sort, limit, offset)).map(adminItemOf);
    const csv = csvExport(
      'rewards',
      REWARD_COLUMNS,
      { rows: await read(0, CSV_PAGE_SIZE), total },
      read,
    );
    await audit.record(this.db, actor, {
      action: 'DATA_EXPORTED',
      after: { list: 'rewards', filters, rows: csv.rows },
    });
    return csv;
  }

  /**
   * GET /rewards/user/export: the caller's own lines under the page's filters, as CSV, read
   * CSV_PAGE_SIZE at a time; the same masking as the page (deeper emails).
   */
  async memberExportCsv(
    userId: string,
    query: Omit<MemberRewardsQuery, 'page' | 'limit'>,
  ): Promise<CsvExport> {
    const filter: q.RewardFilter = { userId, type: query.type, level: query.level };
    const { total } = await q.rewardTotals(this.db, filter);
    if (total > CSV_MAX_ROWS) throw tooManyRows(total);
    const read = async (offset: number, limit: number) =>
      (await q.listRewards(this.db, filter, query.sort, limit, offset)).map(memberItemOf);
    return csvExport(
      'my-rewards',
      MEMBER_REWARD_COLUMNS,
      { rows: await read(0, CSV_PAGE_SIZE), total },
      read,
    );
  }

  /**
   * GET /rewards/user/cycles/{number}: the caller's statement of a completed cycle. A cycle that
   * is not completed does not exist for members; one that paid them nothing answers empty levels.
   */
  async memberCycleStatement(userId: string, number: number): Promise<MemberCycleStatement> {
    const cycle = await q.completedCycleByNumber(this.db, number);
    if (!cycle) throw new AppError('NOT_FOUND', null, 'No completed reward cycle has this number.');
    const rows = await q.memberCycleLevels(this.db, userId, cycle.id);
    const levels = rows.map((r) => ({
      level: r.level,
      lines: r.lines,
      base: toUsdt(r.baseMicro),
      amount: toUsdt(r.amountMicro),
      available: toUsdt(BigInt(r.amountMicro) - BigInt(r.lockedMicro) - BigInt(r.heldMicro)),
      locked: toUsdt(r.lockedMicro),
      held: toUsdt(r.heldMicro),
    }));
    const sumOf = (pick: (r: (typeof rows)[number]) => bigint) =>
      rows.reduce((s, r) => s + pick(r), 0n);
    const total = sumOf((r) => BigInt(r.amountMicro));
    const locked = sumOf((r) => BigInt(r.lockedMicro));
    const held = sumOf((r) => BigInt(r.heldMicro));
    return {
      number: cycle.number,
      periodStart: cycle.periodStart,
      periodEnd: cycle.periodEnd,
      source: cycle.source,
      completedAt: toIsoOrNull(cycle.completedAt),
      percents: (cycle.schedule ?? []).map((bp) => bp / 100),
      levels,
      total: toUsdt(total),
      available: toUsdt(total - locked - held),
      locked: toUsdt(locked),
      held: toUsdt(held),
    };
  }

  /** One member's rewards for the admin user detail: a page, its statistics, the filter. */
  async memberRewardsForAdmin(
    userId: string,
    page: number,
    limit: number,
    type: MemberRewardsQuery['type'],
  ): Promise<{
    data: AdminRewardItem[];
    statistics: {
      total: number;
      totalRewardAmount: number;
      directRewardsCount: number;
      downlineRewardsCount: number;
    };
    pagination: RewardsPagination;
  }> {
    const filter: q.RewardFilter = { userId, type };
    const { rows, pagination, totals } = await this.page(filter, {
      page,
      limit,
      sort: '-createdAt',
    });
    return {
      data: rows.map(adminItemOf),
      statistics: {
        total: totals.total,
        totalRewardAmount: toUsdt(totals.totalMicro),
        directRewardsCount: totals.directCount,
        downlineRewardsCount: totals.downlineCount,
      },
      pagination,
    };
  }

  private async page(
    filter: q.RewardFilter,
    query: { page: number; limit: number; sort: MemberRewardsQuery['sort'] },
  ): Promise<{ rows: q.RewardRow[]; pagination: RewardsPagination; totals: q.RewardTotals }> {
    const { offset } = pageOf(query.page, query.limit, 0);
    const [rows, totals] = await Promise.all([
      q.listRewards(this.db, filter, query.sort, query.limit, offset),
      q.rewardTotals(this.db, filter),
    ]);
    return { rows, totals, pagination: paginationOf(query, totals.total) };
  }
}

function paginationOf(query: { page: number; limit: number }, total: number): RewardsPagination {
  const p = pageOf(query.page, query.limit, total);
  return {
    currentPage: query.page,
    totalPages: p.totalPages,
    totalRecords: total,
    limit: query.limit,
    hasNext: p.hasNext,
    hasPrev: p.hasPrev,
  };
}

function memberItemOf(row: q.MemberRewardRow): RewardItem {
  return {
    _id: row.id,
    type: row.type,
    rewardAmount: toUsdt(row.rewardMicro),
    percent: row.percentBp / 100,
    masterAmount: toUsdt(row.masterMicro),
    level: row.level,
    cycle: row.cycle,
    createdAt: isoOfTimestamptz(row.createdAt),
    bucket: row.bucket,
    // The spec leaves downlineUser out of direct rewards ("Direct reward" on the page); the
    // payment they came from names its source instead. Deeper members' emails and names are
    // masked.
    ...(row.type === 'DOWNLINE'
      ? {
          downlineUser: {
            name: nameForLevel(row.sourceFirstName, row.sourceLastName, row.level),
            email: emailForLevel(row.sourceEmail, row.level),
            userId: row.sourceNumber,
          },
        }
      : {}),
    ...(row.type === 'DIRECT' && row.paymentAt
      ? {
          payment: {
            payer: nameForLevel(row.sourceFirstName, row.sourceLastName, row.level),
            userId: row.sourceNumber,
            paidAt: isoOfTimestamptz(row.paymentAt),
          },
        }
      : {}),
  };
}

function adminItemOf(row: q.RewardRow): AdminRewardItem {
  return {
    _id: row.id,
    rewardUser: {
      _id: row.userId,
      firstName: row.userFirstName,
      lastName: row.userLastName,
      email: row.userEmail,
      userId: row.userNumber,
    },
    downlineUser: {
      _id: row.sourceId,
      firstName: row.sourceFirstName,
      lastName: row.sourceLastName,
      email: row.sourceEmail,
      userId: row.sourceNumber,
    },
    type: row.type,
    level: row.level,
    rewardAmount: toUsdt(row.rewardMicro),
    percent: row.percentBp / 100,
    masterAmount: toUsdt(row.masterMicro),
    cycle: row.cycle,
    createdAt: isoOfTimestamptz(row.createdAt),
    bucket: row.bucket,
  };
}

const isLockReason = (value: string): value is LockReason =>
  (LOCK_REASONS as readonly string[]).includes(value);

/**
 * The member's lock as the dashboard shows it: the reasons that hold now (account, subscription,
 * link, read live) and those the last compliance check found on the exchange.
 */
export function complianceOf(money: q.MemberMoney, now: Date): ComplianceState {
  const reasons = databaseReasons(
    { status: money.status, paidUntil: money.paidUntil, bingxUid: money.bingxUid },
    now,
  );
  // A running lock keeps the reasons it was stored with (the exchange's among them) until the
  // next daily check confirms or releases it.
  if (money.lockedSince)
    for (const reason of money.lockReasons)
      if (isLockReason(reason) && !reasons.includes(reason)) reasons.push(reason);
  const { lockedSince } = money;
  const forfeitsOn = lockedSince ? forfeitsAt(lockedSince) : null;
  return {
    locked: reasons.length > 0 || lockedSince !== null,
    reasons,
    lockedSince: lockedSince?.toISOString() ?? null,
    forfeitsAt: forfeitsOn?.toISOString() ?? null,
    daysLeft: forfeitsOn
      ? Math.max(0, Math.ceil((forfeitsOn.getTime() - now.getTime()) / DAY_MS))
      : null,
    checkedAt: toIsoOrNull(money.checkedAt),
  };
}
