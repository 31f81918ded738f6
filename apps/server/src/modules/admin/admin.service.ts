import {
  DASHBOARD_SERIES_DAYS,
  type AdminUserDetail,
  type AdminUserDetailQuery,
  type AdminUserListItem,
  type AdminUsersQuery,
  type AdminUsersResponse,
  type DailySeries,
  type OverallStats,
} from '@ctn/contracts/admin';
import { USER_STATUSES, type UserStatus } from '@ctn/contracts/constants';
import type { Db } from '../../db/client';
import { isoOfTimestamptz, isoOfTimestamptzOrNull } from '../../db/type-parsers';
import { AppError } from '../../lib/app-error';
import { CSV_PAGE_SIZE, csvExport, type CsvColumn, type CsvExport } from '../../lib/csv';
import { toUsdt } from '../../lib/money';
import { pageOf } from '../../lib/pagination';
import type { Actor, AuditService } from '../audit/audit.service';
import type { RewardsService } from '../rewards/rewards.service';
import type { SubscriptionsService } from '../subscriptions/subscriptions.service';
import type { WithdrawalReviewService } from '../withdrawals/withdrawal-review.service';
import * as q from './admin.queries';
import { isUuid } from '../../lib/values';

/** The users list's filters without its page (the export's query). */
export type AdminUsersExportQuery = Omit<AdminUsersQuery, 'page' | 'limit'>;

/** The columns of the users export (GET /api/users/admin/export). */
const USER_COLUMNS: readonly CsvColumn<AdminUserListItem>[] = [
  { header: 'ID', value: (u) => u._id },
  { header: 'User ID', value: (u) => u.userId },
  { header: 'First name', value: (u) => u.firstName },
  { header: 'Last name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email },
  { header: 'Email verified', value: (u) => u.isEmailVerified },
  { header: 'Status', value: (u) => u.status },
  { header: 'BingX UID', value: (u) => u.bingXUID },
  { header: 'Referral code', value: (u) => u.referralCode },
  { header: 'Referred by code', value: (u) => u.referredByCode },
  { header: 'Referred by user ID', value: (u) => u.referredBy?.userId },
  { header: 'Subscription paid', value: (u) => u.subscriptionFee.paid },
  { header: 'Total rewards (USDT)', value: (u) => u.totalRewards },
  { header: 'Total withdrawals (USDT)', value: (u) => u.totalWithdrawals },
  { header: 'Balance (USDT)', value: (u) => u.balance },
  { header: 'Wallet address', value: (u) => u.walletAddress },
  { header: 'Joined', value: (u) => u.createdAt },
  { header: 'Last login', value: (u) => u.lastLogin },
];

/** The counter of memberCounters that counts the members of a status. */
const STATUS_COUNTER = {
  ACTIVE: 'activeUsers',
  LOCKED: 'lockedUsers',
  DISABLED: 'disabledUsers',
} as const satisfies Record<UserStatus, string>;

const NO_MONEY: q.MemberMoneyRow = {
  balanceMicro: 0n,
  earnedMicro: 0n,
  withdrawnMicro: 0n,
  lockedMicro: 0n,
  heldMicro: 0n,
  pendingMicro: 0n,
  forfeitedMicro: 0n,
};

/** The administrators' view of members (admin sections 3 and 7). */
export class AdminService {
  /**
   * The member counters are a 20-30 ms scan of every member at 100k, asked for by every page of
   * the users list: they are kept until a member change commits (see q.membersChangedSince),
   * which a check of well under a millisecond tells, so they are never stale.
   */
  private counted: { number: number; counts: q.CountedMembers } | null = null;
  /** Counts are numbered as they are issued; the one in flight, if any. */
  private countsIssued = 0;
  private counting: { number: number; counts: Promise<q.CountedMembers> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly subscriptions: SubscriptionsService,
    private readonly audit: AuditService,
    private readonly rewards: RewardsService,
    private readonly withdrawals: WithdrawalReviewService,
  ) {
    this.newestPage = q.newestMembersPage(db);
  }

  /** The list's first view, the one every visit opens, as a prepared statement. */
  private readonly newestPage: ReturnType<typeof q.newestMembersPage>;

  /**
   * The first view and the counters in one round trip: the page's statement also answers
   * whether the kept counters are still true (membersChangedSince), and only when they are not
   * are the members counted again.
   */
  private async newestWithCounters(query: AdminUsersQuery, offset: number) {
    const kept = this.counted?.counts ?? null;
    const since = this.countsIssued;
    const { rows, countersStale } = await this.newestPage(query.status, query.limit, offset, kept);
    const counters =
      kept && !countersStale ? kept.counters : (await this.countMembers(since)).counters;
    return { rows, counters };
  }

  private async memberCounters(): Promise<q.MemberCounters> {
    const kept = this.counted?.counts ?? null;
    const since = this.countsIssued;
    if (kept && !(await q.membersChangedSince(this.db, kept))) return kept.counters;
    return (await this.countMembers(since)).counters;
  }

  /**
   * Counts the members again, unless a count issued after the caller began (`since`: how many
   * counts had been issued then) has answered or is in flight: that count started after
   * everything the caller must see had committed. Without it, each request that found the
   * counters stale ran a scan of its own: when the kept counters' minute ran out under load,
   * the 25 requests a worker had in flight made 25 scans at once (bench:load, the admin list's
   * p99).
   */
  private async countMembers(since: number): Promise<q.CountedMembers> {
    for (const count of [this.counted, this.counting]) {
      if (count && count.number > since) return count.counts;
    }
    const number = ++this.countsIssued;
    const counts = Promise.all([q.memberCounters(this.db), q.pruneMemberChanges(this.db)])
      .then(([fresh]) => {
        // A count issued earlier that answers later must not replace a fresher one.
        if (number > (this.counted?.number ?? 0)) this.counted = { number, counts: fresh };
        return fresh;
      })
      .finally(() => {
        if (this.counting?.number === number) this.counting = null;
      });
    this.counting = { number, counts };
    return counts;
  }

  async listUsers(query: AdminUsersQuery): Promise<AdminUsersResponse> {
    const { offset } = pageOf(query.page, query.limit, 0);
    // The counters count every member by status anyway: only a search needs a count of its own
    // (each count is a scan of all members, 30-40 ms at 100k).
    const [{ rows, counters }, searched] = await Promise.all([
      query.search || query.sort !== '-createdAt'
        ? Promise.all([q.memberPage(this.db, query, offset), this.memberCounters()]).then(
            ([rows, counters]) => ({ rows, counters }),
          )
        : this.newestWithCounters(query, offset),
      query.search ? q.countMembers(this.db, query) : null,
    ]);
    const total =
      searched ?? counters[query.status ? STATUS_COUNTER[query.status] : 'totalUsers'] ?? 0;
    const page = pageOf(query.page, query.limit, total);
    return {
      users: this.listItems(rows),
      pagination: {
        currentPage: query.page,
        totalPages: page.totalPages,
        totalUsers: total,
        limit: query.limit,
        hasNext: page.hasNext,
        hasPrev: page.hasPrev,
      },
      stats: {
        totalUsers: counters['totalUsers'] ?? 0,
        activeUsers: counters['activeUsers'] ?? 0,
        lockedUsers: counters['lockedUsers'] ?? 0,
        disabledUsers: counters['disabledUsers'] ?? 0,
        verifiedUsers: counters['verifiedUsers'] ?? 0,
        unverifiedUsers: counters['unverifiedUsers'] ?? 0,
        onboardingCompleted: counters['onboardingCompleted'] ?? 0,
        subscriptionPaid: counters['subscriptionPaid'] ?? 0,
      },
    };
  }

  /**
   * GET /api/users/admin/export: the members matching the list's filters as CSV, read
   * CSV_PAGE_SIZE at a time; audited (DATA_EXPORTED).
   */
  async exportUsers(filters: AdminUsersExportQuery, actor: Actor): Promise<CsvExport> {
    const read = async (offset: number, limit: number) => {
      const { rows, total } = await q.listMembers(this.db, { ...filters, page: 1, limit }, offset);
      return { rows: this.listItems(rows), total };
    };
    const csv = csvExport(
      'users',
      USER_COLUMNS,
      await read(0, CSV_PAGE_SIZE),
      async (offset, limit) => (await read(offset, limit)).rows,
    );
    await this.audit.record(this.db, actor, {
      action: 'DATA_EXPORTED',
      after: { list: 'users', filters, rows: csv.rows },
    });
    return csv;
  }

  /** List rows as the admin list shows them, with each member's money. */
  private listItems(rows: q.MemberListRow[]): AdminUserListItem[] {
    return rows.map((row) => ({
      _id: row.id,
      userId: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      status: row.status as UserStatus,
      isEmailVerified: row.isEmailVerified,
      bingXUID: row.bingxUid,
      referralCode: row.referralCode,
      referredByCode: row.referrerCode,
      referredBy: row.referrerUserId ? { userId: row.referrerUserId } : null,
      subscriptionFee: { paid: row.subscriptionPaid },
      // No balances row yet: nothing earned, nothing withdrawn.
      totalRewards: toUsdt(row.earnedMicro ?? 0n),
      totalWithdrawals: toUsdt(row.withdrawnMicro ?? 0n),
      balance: toUsdt(row.balanceMicro ?? 0n),
      createdAt: isoOfTimestamptz(row.createdAt),
      lastLogin: isoOfTimestamptzOrNull(row.lastLoginAt),
      isAdmin: row.isAdmin,
      walletAddress: row.walletAddress,
    }));
  }

  async userDetail(id: string, query: AdminUserDetailQuery): Promise<AdminUserDetail> {
    const member = await this.member(id);
    const { user, referrer } = member;
    const [network, twoFactorEnabled, subscription, money, rewards, withdrawals] =
      await Promise.all([
        q.networkCounts(this.db, user.id),
        q.twoFactorEnabled(this.db, user.id),
        this.subscriptions.subscription(user.id),
        q.moneyOf(this.db, [user.id]),
        query.includeRewards
          ? this.rewards.memberRewardsForAdmin(
              user.id,
              query.rewardsPage,
              query.rewardsLimit,
              query.rewardType,
            )
          : null,
        query.includeWithdrawals
          ? this.withdrawals.list(
              {
                page: query.withdrawalsPage,
                limit: query.withdrawalsLimit,
                sort: '-createdAt',
                ...(query.withdrawalStatus ? { status: query.withdrawalStatus } : {}),
              },
              user.id,
            )
          : null,
      ]);
    const { balanceMicro, earnedMicro, withdrawnMicro, ...buckets } =
      money.get(user.id) ?? NO_MONEY;
    const hasPaid = user.paidUntil !== null && user.paidUntil > new Date();
    return {
      _id: user.id,
      userId: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      isEmailVerified: user.isEmailVerified,
      status: user.status as UserStatus,
      bingXUID: user.bingxUid,
      walletAddress: user.walletAddress,
      referralCode: user.referralCode,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      lastLogin: user.lastLoginAt?.toISOString() ?? null,
      emailUndeliverable: user.emailUndeliverableAt
        ? {
            since: user.emailUndeliverableAt.toISOString(),
            answer: user.emailUndeliverableAnswer ?? '',
          }
        : null,
      twoFactorEnabled,
      totalRewards: toUsdt(earnedMicro),
      balance: toUsdt(balanceMicro),
      totalWithdrawn: toUsdt(withdrawnMicro),
      buckets: {
        locked: toUsdt(buckets.lockedMicro),
        held: toUsdt(buckets.heldMicro),
        pending: toUsdt(buckets.pendingMicro),
        forfeited: toUsdt(buckets.forfeitedMicro),
      },
      referralStats: network,
      subscriptionPayments: subscription.payments,
      explorerUrl: subscription.explorerUrl,
      referredBy: referrer?._id
        ? {
            _id: referrer._id,
            firstName: referrer.firstName ?? '',
            lastName: referrer.lastName ?? '',
            userId: referrer.userId ?? '',
          }
        : null,
      subscriptionFee: {
        hasPaid,
        amount: hasPaid ? subscription.feeUsdt : null,
        timestamp: user.subscriptionPaidAt?.toISOString() ?? null,
      },
      rewards: rewards ?? {
        data: [],
        statistics: {
          total: 0,
          totalRewardAmount: 0,
          directRewardsCount: 0,
          downlineRewardsCount: 0,
        },
        pagination: {
          currentPage: query.rewardsPage,
          totalPages: 0,
          totalRecords: 0,
          limit: query.rewardsLimit,
          hasNext: false,
          hasPrev: query.rewardsPage > 1,
        },
      },
      withdrawals: withdrawals
        ? {
            data: withdrawals.withdrawals,
            statistics: withdrawals.statistics,
            pagination: withdrawals.pagination,
          }
        : {
            data: [],
            statistics: await this.withdrawals.statistics({ userId: user.id }),
            pagination: {
              currentPage: query.withdrawalsPage,
              totalPages: 0,
              totalRecords: 0,
              hasNextPage: false,
              hasPrevPage: false,
              limit: query.withdrawalsLimit,
              resultsCount: 0,
            },
          },
    };
  }

  /** Any of the three statuses; LOCKED and DISABLED end the member's sessions at once. */
  async setStatus(
    id: string,
    status: string,
    actor: Actor,
  ): Promise<{ _id: string; status: UserStatus }> {
    if (!(USER_STATUSES as readonly string[]).includes(status))
      throw new AppError('INVALID_STATUS');
    const { user } = await this.member(id);
    if (user.status === status) return { _id: user.id, status: user.status as UserStatus };
    const updated = await this.db.transaction(async (tx) => {
      const row = await q.updateStatus(tx, user.id, status);
      if (!row) throw new AppError('USER_NOT_FOUND');
      await this.audit.record(tx, actor, {
        action: 'USER_STATUS_CHANGED',
        target: { type: 'user', id: user.id },
        before: { status: user.status },
        after: { status: row.status },
      });
      return row;
    });
    return { _id: updated.id, status: updated.status as UserStatus };
  }

  async deleteUser(id: string, actor: Actor): Promise<{ _id: string }> {
    const { user } = await this.member(id);
    const deleted = await this.db.transaction(async (tx) => {
      const row = await q.anonymise(tx, user.id);
      if (!row) throw new AppError('USER_NOT_FOUND');
      await this.audit.record(tx, actor, {
        action: 'USER_DELETED',
        target: { type: 'user', id: user.id },
        before: {
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          status: user.status,
        },
        after: { anonymised: true, status: 'DISABLED' },
      });
      return { _id: row.id };
    });
    return deleted;
  }

  async overallStats(): Promise<OverallStats> {
    const [counters, recent, distributed, payouts, days] = await Promise.all([
      this.memberCounters(),
      q.recentMembers(this.db, 5),
      q.rewardsDistributed(this.db),
      this.withdrawals.dashboard(5),
      q.dailySeries(this.db, DASHBOARD_SERIES_DAYS),
    ]);
    const now = new Date();
    return {
      users: {
        totalUsers: counters['totalUsers'] ?? 0,
        completedOnboarding: counters['onboardingCompleted'] ?? 0,
        newUsersToday: counters['newUsersToday'] ?? 0,
      },
      withdrawals: { pendingCount: payouts.pendingCount, totalAmount: payouts.totalAmount },
      rewards: { totalDistributed: toUsdt(distributed) },
      recentWithdrawals: payouts.recent.map((w) => ({
        _id: w._id,
        user: { name: `${w.user.firstName} ${w.user.lastName}` },
        amount: w.amount,
        createdAt: w.requestedAt,
        status: w.status,
      })),
      recentJoinedUsers: recent.map((m) => ({
        _id: m.id,
        name: `${m.firstName} ${m.lastName}`,
        email: m.email,
        joinedAt: m.createdAt.toISOString(),
        onboardingCompleted: m.paidUntil !== null && m.paidUntil > now && m.bingxUid !== null,
      })),
      series: seriesOf(days),
    };
  }

  /** A member by `_id`; administrators and the root are not members and are never changed here. */
  private async member(id: string) {
    if (!isUuid(id)) throw new AppError('USER_NOT_FOUND');
    const row = await q.findMemberWithReferrer(this.db, id);
    if (!row) throw new AppError('USER_NOT_FOUND');
    if (row.user.isAdmin || row.user.isRoot) throw new AppError('FORBIDDEN');
    return row;
  }
}

/** The dashboard charts' three series from one row per day. */
function seriesOf(days: q.DailyRow[]): DailySeries {
  return {
    signups: days.map((d) => ({ date: d.date, count: d.signups })),
    payments: days.map((d) => ({ date: d.date, amount: toUsdt(d.paymentsMicro) })),
    payouts: days.map((d) => ({ date: d.date, amount: toUsdt(d.payoutsMicro) })),
  };
}
