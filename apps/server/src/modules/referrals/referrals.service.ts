import { emailForLevel, lastNameForLevel, nameForLevel } from '../../lib/privacy';
import {
  REFERRAL_TREE_CHILDREN_PAGE,
  REFERRAL_TREE_NODE_LIMIT,
  REFERRAL_TREE_SEARCH_LIMIT,
  type InviteeFunnel,
  type ReferralFunnelQuery,
  type ReferralFunnelResponse,
  type ReferralHistoryQuery,
  type ReferralHistoryResponse,
  type ReferralHistoryStatistics,
  type ReferralTreeChildrenResponse,
  type ReferralTreeNode,
  type ReferralTreeQuery,
  type ReferralTreeResponse,
  type ReferralTreeStatistics,
} from '@ctn/contracts/referrals';
import { averageUsdt, toUsdt } from '../../lib/money';
import type { Db } from '../../db/client';
import { isoOfTimestamptz, isoOfTimestamptzOrNull } from '../../db/type-parsers';
import { AppError, validationError } from '../../lib/app-error';
import { TtlCache } from '../../lib/ttl-cache';
import { KeptByKeyUntilChanged, type ChangeFeed } from '../../db/change-feed';
import * as q from './referrals.queries';

export interface ReferralsOptions {
  /** At most this many nodes in one tree answer. */
  nodeLimit: number;
  /** At most this many children of one member in one tree answer. */
  childrenPageSize: number;
  /** At most this many matches in a search answer. */
  searchLimit: number;
  /**
   * Networks of at least this many members keep their per-level counts (the statistics) for
   * `countsTtlMs`: counting them is a scan of the whole network (about 15-25 ms at 85k members
   * on our machines), which a member paging through the history should not pay on every page.
   * Smaller networks are always counted fresh.
   */
  cacheCountsFrom: number;
  countsTtlMs: number;
  now: () => number;
}

export const DEFAULT_REFERRALS_OPTIONS: ReferralsOptions = {
  nodeLimit: REFERRAL_TREE_NODE_LIMIT,
  childrenPageSize: REFERRAL_TREE_CHILDREN_PAGE,
  searchLimit: REFERRAL_TREE_SEARCH_LIMIT,
  cacheCountsFrom: 5_000,
  countsTtlMs: 30_000,
  now: () => Date.now(),
};

/** The channel migration 0021's trigger notifies once per statement that changes a network. */
export const NETWORK_CHANGES = 'network_changes';

/** When kept counts stop being true with no write: the first paid subscription to lapse. */
function nextLapseOf(counts: q.LevelStatusCount[]): number {
  let soonest = Infinity;
  for (const c of counts) if (c.nextLapse) soonest = Math.min(soonest, c.nextLapse.getTime());
  return soonest;
}

/** Most members whose counts are kept at once (the oldest entry makes room). */
const COUNTS_CACHE_ENTRIES = 1_000;

/**
 * The referral network as its member sees it (member pages /referrals and /user-tree): only
 * the caller's own network, never more than `nodeLimit` nodes per answer.
 */
export class ReferralsService {
  private readonly options: ReferralsOptions;
  private readonly countsCache: TtlCache<string, q.LevelStatusCount[]>;
  /** Counts kept until the network changes anywhere or a subscription in it lapses. */
  private readonly keptCounts: KeptByKeyUntilChanged<q.LevelStatusCount[]>;
  private readonly historyRead: ReturnType<typeof q.historyRead>;

  constructor(
    private readonly db: Db,
    options: Partial<ReferralsOptions> = {},
    /** Announces changes of any network (NETWORK_CHANGES); null: the short-lived cache only. */
    changes: ChangeFeed | null = null,
  ) {
    this.options = { ...DEFAULT_REFERRALS_OPTIONS, ...options };
    this.countsCache = new TtlCache(this.options.countsTtlMs, {
      maxEntries: COUNTS_CACHE_ENTRIES,
      now: this.options.now,
    });
    this.keptCounts = new KeptByKeyUntilChanged(changes, COUNTS_CACHE_ENTRIES);
    this.historyRead = q.historyRead(db);
  }

  // -------------------------------------------------------------- GET /referrals/history

  async history(viewerId: string, query: ReferralHistoryQuery): Promise<ReferralHistoryResponse> {
    const { page, limit, level, status, maxLevel } = query;
    const [counts, found] = await Promise.all([
      this.levelCounts(viewerId, maxLevel),
      this.historyRead(viewerId, {
        maxLevel,
        level,
        status,
        limit,
        // A level past the depth asked for matches nothing: depth <= maxLevel and depth = level.
        offset: (page - 1) * limit,
      }),
    ]);
    const viewer = found[0];
    if (!viewer) throw new AppError('USER_NOT_FOUND');
    const rows = found.filter(
      (row): row is q.HistoryRow & { viewerCode: string } => row.id !== null,
    );
    const totalRecords = sum(
      counts.filter(
        (c) =>
          (level === undefined || c.depth === level) &&
          (status === undefined || c.status === status),
      ),
      (c) => c.total,
    );
    const totalPages = Math.ceil(totalRecords / limit);
    return {
      referralCode: viewer.viewerCode,
      statistics: historyStatistics(counts),
      referrals: rows.map((row) => ({
        _id: row.id,
        firstName: row.firstName,
        lastName: lastNameForLevel(row.lastName, row.level),
        name: nameForLevel(row.firstName, row.lastName, row.level),
        email: emailForLevel(row.email, row.level),
        level: row.level,
        status: row.status,
        subscriptionPaid: row.subscriptionPaid,
        subscriptionTimestamp: isoOfTimestamptzOrNull(row.subscriptionPaidAt),
        bingxLinked: row.bingxLinked,
        joinedAt: isoOfTimestamptz(row.joinedAt),
      })),
      pagination: {
        currentPage: page,
        totalPages,
        totalRecords,
        limit,
        hasNextPage: page < totalPages,
        hasPrevPage: page > 1,
      },
    };
  }

  // -------------------------------------------------------------- GET /referrals/funnel

  /** The caller's direct invitees, newest first: the stages each reached and what they earned the caller. */
  async funnel(viewerId: string, query: ReferralFunnelQuery): Promise<ReferralFunnelResponse> {
    const { page, limit } = query;
    const rows = await q.inviteeFunnel(this.db, viewerId, limit, (page - 1) * limit);
    const head = rows[0];
    if (!head) throw new Error('the funnel summary returned no row');
    const totalPages = Math.ceil(head.invitees / limit);
    return {
      summary: {
        invitees: head.invitees,
        registered: head.invitees,
        verified: head.verifiedCount,
        paid: head.paidCount,
        linked: head.linkedCount,
        trading: head.tradingCount,
        tradingUnknown: head.tradingUnknownCount,
      },
      invitees: rows.filter((r) => r.id !== null).map(inviteeView),
      pagination: {
        currentPage: page,
        totalPages,
        totalRecords: head.invitees,
        limit,
        hasNextPage: page < totalPages,
        hasPrevPage: page > 1,
      },
    };
  }

  // ------------------------------------------------------------------ GET /referral-tree

  async tree(
    viewerId: string,
    query: ReferralTreeQuery,
  ): Promise<ReferralTreeResponse | ReferralTreeChildrenResponse> {
    if (query.parentId !== undefined) {
      if (query.search !== undefined)
        throw validationError([
          { field: 'search', message: 'search cannot be used with parentId' },
        ]);
      return this.children(viewerId, query.parentId, query.offset, query.maxLevels);
    }
    return this.firstScreen(viewerId, query.maxLevels, query.search);
  }

  /** The tree's first screen (or a search): statistics and the top of the network. */
  private async firstScreen(
    viewerId: string,
    maxLevels: number,
    search: string | undefined,
  ): Promise<ReferralTreeResponse> {
    const [viewer, counts, found] = await Promise.all([
      this.viewer(viewerId),
      this.levelCounts(viewerId, maxLevels),
      search === undefined
        ? q.walkTree(this.db, {
            anchorId: viewerId,
            anchorLevel: 0,
            offset: 0,
            maxLevels,
            perParent: this.options.childrenPageSize,
            nodeLimit: this.options.nodeLimit,
          })
        : this.search(viewerId, search, maxLevels),
    ]);
    const rows = Array.isArray(found) ? found : found.rows;
    const matches = Array.isArray(found) ? null : found.matches;
    const earnings = await q.networkEarnings(
      this.db,
      viewerId,
      rows.map((r) => r.id),
      maxLevels,
    );
    const referralTree = nest(rows, earnings.perMember, matches);
    return {
      userInfo: {
        firstName: viewer.firstName,
        lastName: viewer.lastName,
        email: viewer.email,
        userId: viewer.userId,
      },
      statistics: treeStatistics(counts, earnings.total),
      referralTree,
      maxLevels,
      nodeLimit: this.options.nodeLimit,
      childrenPageSize: this.options.childrenPageSize,
      nodeCount: rows.length,
      search: search ?? null,
      searchTruncated: Array.isArray(found) ? false : found.truncated,
    };
  }

  /** Matching members with their uplines up to the viewer: a pruned tree, at most `searchLimit` matches. */
  private async search(viewerId: string, text: string, maxLevels: number) {
    const hits = await q.searchNetwork(
      this.db,
      viewerId,
      text,
      maxLevels,
      this.options.searchLimit + 1,
    );
    const truncated = hits.length > this.options.searchLimit;
    const matches = new Set(hits.slice(0, this.options.searchLimit).map((h) => h.id));
    const rows = await q.nodesWithUplines(this.db, viewerId, [...matches], maxLevels);
    return { rows, matches, truncated };
  }

  /** One member's children from `offset`, with what lies below them (lazy loading). */
  private async children(
    viewerId: string,
    parentId: string,
    offset: number,
    maxLevels: number,
  ): Promise<ReferralTreeChildrenResponse> {
    const parentLevel = await q.levelInNetwork(this.db, viewerId, parentId);
    // Not in the caller's network: the same answer whether or not the member exists.
    if (parentLevel === undefined) throw new AppError('NOT_FOUND');
    const inView = parentLevel < maxLevels;
    const [rows, count] = await Promise.all([
      q.walkTree(this.db, {
        anchorId: parentId,
        anchorLevel: parentLevel,
        offset,
        maxLevels,
        perParent: this.options.childrenPageSize,
        nodeLimit: this.options.nodeLimit,
      }),
      inView ? q.childCount(this.db, parentId) : Promise.resolve(0),
    ]);
    const earnings = await q.networkEarnings(
      this.db,
      viewerId,
      rows.map((r) => r.id),
      maxLevels,
    );
    return {
      parentId,
      parentLevel,
      offset,
      childCount: count,
      referralTree: nest(rows, earnings.perMember, null),
      maxLevels,
      nodeLimit: this.options.nodeLimit,
      childrenPageSize: this.options.childrenPageSize,
      nodeCount: rows.length,
    };
  }

  /** Per level and status, down to `maxLevel`: fresh, or at most `countsTtlMs` old for large networks. */
  private async levelCounts(viewerId: string, maxLevel: number): Promise<q.LevelStatusCount[]> {
    const count = () => q.levelCounts(this.db, viewerId, q.MAX_DEPTH);
    // With PostgreSQL's notifications: kept, exact, until the network changes or a subscription
    // in it lapses (docs/decisions/019). Without: small networks are always counted afresh and
    // large ones are kept for a short while.
    const counts = this.keptCounts.keeping
      ? await this.keptCounts.get(viewerId, count, nextLapseOf)
      : await this.countsCache.get(
          viewerId,
          count,
          (fresh) => sum(fresh, (c) => c.total) >= this.options.cacheCountsFrom,
        );
    return counts.filter((c) => c.depth <= maxLevel);
  }

  private async viewer(viewerId: string): Promise<q.ViewerRow> {
    const viewer = await q.findViewer(this.db, viewerId);
    if (!viewer) throw new AppError('USER_NOT_FOUND');
    return viewer;
  }
}

// ------------------------------------------------------------------------------ helpers

/** Rows ordered parents first (by level) become nested nodes; rows whose parent is absent are the roots. */
export function nest(
  rows: readonly q.NodeRow[],
  earnings: ReadonlyMap<string, bigint>,
  matches: ReadonlySet<string> | null,
): ReferralTreeNode[] {
  const byId = new Map<string, ReferralTreeNode>();
  const roots: ReferralTreeNode[] = [];
  for (const row of rows) {
    const node: ReferralTreeNode = {
      _id: row.id,
      userId: row.userId,
      firstName: row.firstName,
      lastName: lastNameForLevel(row.lastName, row.level),
      email: emailForLevel(row.email, row.level),
      level: row.level,
      totalRewards: toUsdt(earnings.get(row.id) ?? 0n),
      totalDescendants: row.totalDescendants,
      hasChildren: row.childCount > 0,
      children: [],
      childCount: row.childCount,
      ...(matches ? { matched: matches.has(row.id) } : {}),
    };
    byId.set(row.id, node);
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function treeStatistics(
  counts: readonly q.LevelStatusCount[],
  earningsMicro: bigint,
): ReferralTreeStatistics {
  const totalReferrals = sum(counts, (c) => c.total);
  const directReferrals = sum(
    counts.filter((c) => c.depth === 1),
    (c) => c.total,
  );
  const totalEarningsFromTree = toUsdt(earningsMicro);
  return {
    totalReferrals,
    directReferrals,
    indirectReferrals: totalReferrals - directReferrals,
    maxDepthReached: counts.reduce((max, c) => (c.total > 0 ? Math.max(max, c.depth) : max), 0),
    totalEarningsFromTree,
    averageEarningsPerReferral: averageUsdt(earningsMicro, totalReferrals),
  };
}

export function historyStatistics(
  counts: readonly q.LevelStatusCount[],
): ReferralHistoryStatistics {
  return {
    totalReferrals: sum(counts, (c) => c.total),
    activeReferrals: sum(
      counts.filter((c) => c.status === 'ACTIVE'),
      (c) => c.total,
    ),
    bingxLinked: sum(counts, (c) => c.linked),
    paidSubscriptions: sum(counts, (c) => c.paid),
  };
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

const step = (reached: boolean | null, at: string | null) => ({
  reached,
  at: reached ? isoOfTimestamptzOrNull(at) : null,
});

/** One direct invitee's row of the funnel, named as the product names members to others. */
function inviteeView(row: q.FunnelRow): InviteeFunnel {
  return {
    _id: row.id!,
    name: nameForLevel(row.firstName ?? '', row.lastName ?? '', 1),
    stages: {
      registered: step(true, row.registeredAt),
      verified: step(row.verified === true, row.verifiedAt),
      paid: step(row.paidAt !== null, row.paidAt),
      linked: step(row.linked === true, row.linkedAt),
      trading: step(row.trading === 'UNKNOWN' ? null : row.trading === 'YES', row.tradedAt),
    },
    earned: toUsdt(BigInt(row.earnedMicro ?? '0')),
  };
}
