import { createHash, randomBytes } from 'node:crypto';
import { EMPTY_TEXT, leafText, pathOf, treeLevels, type SumNode } from '@ctn/contracts/merkle-sum';
import type {
  CycleRoot,
  InclusionProof,
  ProofBuild,
  ProofHistory,
  ProofHistoryQuery,
  ProofHoldings,
  ProofLatest,
} from '@ctn/contracts/proof';
import { ADVISORY_LOCKS, tryLockUntilCommit } from '../../db/advisory-locks';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { silentLogger, type Logger } from '../../lib/logger';
import { pageOf } from '../../lib/pagination';
import { toIso } from '../../lib/values';
import type { Actor, AuditService } from '../audit/audit.service';
import * as q from './proof.queries';

/** SHA-256 of UTF-8 text, lower-case hex: the tree's hash (docs/proof.md). */
export const sha256Hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

const EMPTY: SumNode = { hash: sha256Hex(EMPTY_TEXT), sum: 0n };

/** The proofs of liabilities whose members' paths are kept; older roots stay published. */
export const KEPT_PATHS = 30;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface ProofDeps {
  db: Db;
  audit: AuditService;
  /** The treasury's newest reading of what the platform holds; null before its first. */
  latestHoldings: () => Promise<ProofHoldings | null>;
  log?: Logger;
  /** Tests: runs after the balances are read and before the tree is stored. */
  afterRead?: () => Promise<void>;
}

/** Builds a tree over members' amounts: fresh salts, leaves in an order that tells nothing. */
function buildTree(members: q.MemberAmount[]) {
  const leaves = members
    .map((member) => {
      const salt = randomBytes(16).toString('hex');
      const hash = sha256Hex(
        leafText({ salt, userId: member.userId, amountMicro: member.amountMicro }),
      );
      return { member, salt, node: { hash, sum: member.amountMicro } };
    })
    // By leaf hash: random with the salts, so a position says nothing of who or when.
    .sort((a, b) => (a.node.hash < b.node.hash ? -1 : 1));
  const levels = treeLevels(
    leaves.map((leaf) => leaf.node),
    sha256Hex,
  );
  return {
    root: levels[levels.length - 1]![0]!,
    levels,
    leaves: leaves.map((leaf, position) => ({
      userId: leaf.member.id,
      position,
      salt: leaf.salt,
      amountMicro: leaf.member.amountMicro,
    })),
  };
}

/** How many levels a tree of `leafCount` leaves has, the root's included. */
function levelCount(leafCount: number): number {
  let levels = 1;
  for (let width = leafCount; width > 1; width = Math.ceil(width / 2)) levels++;
  return levels;
}

const buildOf = (row: q.TreeRow): ProofBuild => ({
  root: row.root,
  totalMicroUsdt: String(row.totalMicro),
  leafCount: row.leafCount,
  builtAt: toIso(row.builtAt),
});

/**
 * The proof of liabilities (docs/decisions/048): a Merkle sum tree of what the platform owes
 * each member, built daily or by an administrator, whose root and total are public and whose
 * leaf and path each member reads for themselves; and the root of each completed reward
 * cycle's lines, with each member's inclusion proof.
 */
export class ProofService {
  private readonly log: Logger;

  constructor(private readonly deps: ProofDeps) {
    this.log = deps.log ?? silentLogger;
  }

  /**
   * Builds a proof now from one snapshot of every balance. One at a time: a build asked for
   * while another runs is refused (PROOF_BUILD_IN_PROGRESS), never run twice. Audited when an
   * administrator asked for it.
   */
  async build(actor: Actor | null, now = new Date()): Promise<ProofBuild> {
    const { db, audit } = this.deps;
    return db.transaction(async (tx) => {
      if (!(await tryLockUntilCommit(tx, ADVISORY_LOCKS.proofBuild)))
        throw new AppError('PROOF_BUILD_IN_PROGRESS');
      const members = await q.liabilities(tx);
      await this.deps.afterRead?.();
      const tree = buildTree(members);
      await q.insertTree(tx, {
        kind: 'LIABILITIES',
        cycleId: null,
        root: tree.root.hash,
        totalMicro: tree.root.sum,
        builtAt: now,
        leaves: tree.leaves,
        levels: tree.levels,
      });
      await q.pruneOldLiabilityPaths(tx, KEPT_PATHS);
      const build: ProofBuild = {
        root: tree.root.hash,
        totalMicroUsdt: String(tree.root.sum),
        leafCount: tree.leaves.length,
        builtAt: now.toISOString(),
      };
      if (actor)
        await audit.record(tx, actor, {
          action: 'PROOF_BUILT',
          target: { type: 'proof', id: build.root },
          after: {
            root: build.root,
            totalMicroUsdt: build.totalMicroUsdt,
            leafCount: build.leafCount,
          },
        });
      return build;
    });
  }

  /** The daily job: builds unless a proof was built this UTC day (a rerun the same day is free). */
  async buildDaily(now = new Date()): Promise<boolean> {
    const latest = await q.latestLiabilitiesTree(this.deps.db);
    if (latest && utcDay(latest.builtAt) === utcDay(now)) return false;
    try {
      await this.build(null, now);
      return true;
    } catch (err) {
      // An administrator's build is running: it is today's.
      if (err instanceof AppError && err.code === 'PROOF_BUILD_IN_PROGRESS') return false;
      throw err;
    }
  }

  /** The newest root with the holdings beside it; null before the first build. */
  async latest(): Promise<ProofLatest | null> {
    const [row, holdings] = await Promise.all([
      q.latestLiabilitiesTree(this.deps.db),
      this.deps.latestHoldings(),
    ]);
    return row ? { ...buildOf(row), holdings } : null;
  }

  async history(query: ProofHistoryQuery): Promise<ProofHistory> {
    const offset = (query.page - 1) * query.limit;
    const { rows, total } = await q.liabilitiesHistory(this.deps.db, offset, query.limit);
    const page = pageOf(query.page, query.limit, total);
    return {
      builds: rows.map(buildOf),
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

  /** The member's leaf and path in the newest proof; null before one that includes them. */
  async memberProof(memberId: string): Promise<InclusionProof | null> {
    const tree = await q.latestLiabilitiesTree(this.deps.db);
    return tree ? this.inclusionIn(tree, memberId) : null;
  }

  /** Publishes the root of every completed cycle that has none yet; returns how many. */
  async publishCycleRoots(now = new Date()): Promise<number> {
    const { db } = this.deps;
    let published = 0;
    for (const cycleId of await q.cyclesWithoutRoot(db, 20)) {
      await db.transaction(async (tx) => {
        const tree = buildTree(await q.cycleLines(tx, cycleId));
        await q.insertTree(tx, {
          kind: 'CYCLE',
          cycleId,
          root: tree.root.hash,
          totalMicro: tree.root.sum,
          builtAt: now,
          leaves: tree.leaves,
          levels: tree.levels,
        });
      });
      published++;
    }
    if (published > 0) this.log.info({ published }, 'reward cycle roots published');
    return published;
  }

  /** A completed cycle's published root; null until it is published. */
  async cycleRoot(cycleNumber: number): Promise<CycleRoot | null> {
    const row = await q.cycleTree(this.deps.db, cycleNumber);
    return row ? buildOf(row) : null;
  }

  /** The member's line in a cycle's tree and its path; null when the cycle has no root or line. */
  async memberCycleProof(memberId: string, cycleNumber: number): Promise<InclusionProof | null> {
    const tree = await q.cycleTree(this.deps.db, cycleNumber);
    return tree ? this.inclusionIn(tree, memberId) : null;
  }

  private async inclusionIn(tree: q.TreeRow, memberId: string): Promise<InclusionProof | null> {
    const { db } = this.deps;
    const leaf = await q.leafOf(db, tree.id, memberId);
    if (!leaf) return null;
    const height = levelCount(tree.leafCount) - 1;
    const places = [{ level: 0, position: leaf.position }];
    for (let level = 0; level < height; level++)
      places.push({ level, position: (leaf.position >> level) ^ 1 });
    const levels: SumNode[][] = Array.from({ length: height + 1 }, () => []);
    for (const node of await q.nodesAt(db, tree.id, places))
      levels[node.level]![node.position] = { hash: node.hash, sum: node.sum };
    const leafNode = levels[0]![leaf.position];
    if (!leafNode) return null;
    return {
      root: tree.root,
      builtAt: toIso(tree.builtAt),
      leaf: { hash: leafNode.hash, salt: leaf.salt, balanceMicroUsdt: String(leaf.amountMicro) },
      path: pathOf(levels, leaf.position, EMPTY),
    };
  }
}
