import type { UserStatus } from '@ctn/contracts/constants';
import {
  TIMELINE_LIMIT,
  type Activity,
  type UserReport,
  type UserReportDetail,
  type UserReportsQuery,
  type UserReportsResponse,
} from '@ctn/contracts/reports';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toUsdt } from '../../lib/money';
import { pageOf } from '../../lib/pagination';
import * as q from './reports.queries';
import { isUuid, toIso, toIsoOrNull } from '../../lib/values';

/**
 * Admin user reports (admin section 2, "/admin/user-reports"): financial, trading, referral and
 * activity counters of members, from the balances, the reward cycles' exchange data, the
 * network, sign-ins, payments, rewards and withdrawals as they were recorded.
 */
export class ReportsService {
  constructor(private readonly db: Db) {}

  async list(query: UserReportsQuery): Promise<UserReportsResponse> {
    const { offset } = pageOf(query.page, query.limit, 0);
    const rows = await q.reportPage(this.db, query, offset);
    // Every row carries the total; a page past the end has no row to carry it.
    const total =
      rows[0]?.total ?? (offset > 0 ? await q.countMembers(this.db, query) : rows.length);
    const page = pageOf(query.page, query.limit, total);
    return {
      reports: rows.map(reportOf),
      pagination: {
        currentPage: query.page,
        totalPages: page.totalPages,
        totalRecords: total,
        limit: query.limit,
        hasNext: page.hasNext,
        hasPrev: page.hasPrev,
      },
    };
  }

  /** One member's report and their newest activities; USER_NOT_FOUND for anyone but a member. */
  async detail(id: string): Promise<UserReportDetail> {
    if (!isUuid(id)) throw new AppError('USER_NOT_FOUND');
    const [row, activities] = await Promise.all([
      q.reportOf(this.db, id),
      q.timeline(this.db, id, TIMELINE_LIMIT),
    ]);
    if (!row) throw new AppError('USER_NOT_FOUND');
    return { ...reportOf(row), timeline: activities.map(activityOf) };
  }
}

function reportOf(row: q.ReportRow): UserReport {
  return {
    _id: row.id,
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`,
    email: row.email,
    status: row.status as UserStatus,
    joinedAt: toIso(row.joinedAt),
    financial: {
      balance: toUsdt(row.availableMicro),
      locked: toUsdt(row.lockedMicro),
      held: toUsdt(row.heldMicro),
      pending: toUsdt(row.pendingMicro),
      totalEarned: toUsdt(row.earnedMicro),
      totalWithdrawn: toUsdt(row.withdrawnMicro),
      forfeited: toUsdt(row.forfeitedMicro),
      subscriptionPayments: row.payments,
      subscriptionPaid: toUsdt(row.paidMicro),
    },
    referrals: { direct: row.direct, network: row.network, activeNetwork: row.activeNetwork },
    trading: {
      cycles: row.tradingCycles,
      commission: toUsdt(row.commissionMicro),
      // Unknown stays unknown: no cycle with a volume is no figure, not a volume of 0.
      volume: row.volumeMicro === null ? null : toUsdt(row.volumeMicro),
      cyclesWithVolume: row.cyclesWithVolume,
    },
    activity: {
      lastLogin: toIsoOrNull(row.lastLogin),
      loginsLast30Days: row.logins30,
      withdrawals: row.withdrawals,
      rewardCredits: row.rewardCredits,
      lastActivityAt: toIsoOrNull(row.lastActivityAt),
    },
  };
}

function activityOf(row: q.ActivityRow): Activity {
  return {
    type: row.type,
    at: toIso(row.at),
    summary: row.summary,
    ...(row.micro !== null ? { amount: toUsdt(row.micro) } : {}),
  };
}
