import { desc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { merkleLeaves, merkleNodes, merkleTrees } from '../../db/schema';

export type TreeKind = 'LIABILITIES' | 'CYCLE';

/** A member's amount in a tree: their account id, public userId and micro-USDT. */
export interface MemberAmount {
  id: string;
  userId: string;
  amountMicro: bigint;
}

/**
 * What the platform owes each member: available + locked + pending (withdrawals held, approved
 * or not yet sent). Every member is listed, with 0 when they are owed nothing, and any other
 * account that is owed something. One statement: one snapshot of every balance.
 */
export async function liabilities(db: Db): Promise<MemberAmount[]> {
  const rows = await rowsOf<{ id: string; userId: string; amount: string }>(
    db,
    sql`select u.id, u.user_id as "userId",
          (coalesce(b.available_micro, 0) + coalesce(b.locked_micro, 0)
            + coalesce(b.pending_micro, 0))::text as amount
        from users u left join balances b on b.user_id = u.id
        where (not u.is_admin and not u.is_root)
           or coalesce(b.available_micro + b.locked_micro + b.pending_micro, 0) > 0`,
  );
  return rows.map((r) => ({ id: r.id, userId: r.userId, amountMicro: BigInt(r.amount) }));
}

/** A completed cycle's lines: what each member was credited by it, in one snapshot. */
export async function cycleLines(db: Db, cycleId: string): Promise<MemberAmount[]> {
  const rows = await rowsOf<{ id: string; userId: string; amount: string }>(
    db,
    sql`select u.id, u.user_id as "userId", sum(r.reward_micro)::text as amount
        from rewards r join users u on u.id = r.user_id
        where r.cycle_id = ${cycleId}
        group by u.id, u.user_id`,
  );
  return rows.map((r) => ({ id: r.id, userId: r.userId, amountMicro: BigInt(r.amount) }));
}

/** Completed cycles whose root is not published yet, oldest first. */
export async function cyclesWithoutRoot(db: Db, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select c.id from reward_cycles c
        where c.status = 'COMPLETED'
          and not exists (select 1 from merkle_trees t where t.cycle_id = c.id)
        order by c.completed_at limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

export interface TreeToStore {
  kind: TreeKind;
  cycleId: string | null;
  root: string;
  totalMicro: bigint;
  builtAt: Date;
  leaves: { userId: string; position: number; salt: string; amountMicro: bigint }[];
  /** Level by level, leaves first. */
  levels: { hash: string; sum: bigint }[][];
}

const BATCH = 1000;

/** Writes a tree with its leaves and nodes; returns its id. */
export async function insertTree(db: Db, tree: TreeToStore): Promise<string> {
  const [row] = await db
    .insert(merkleTrees)
    .values({
      kind: tree.kind,
      cycleId: tree.cycleId,
      root: tree.root,
      totalMicro: tree.totalMicro,
      leafCount: tree.leaves.length,
      builtAt: tree.builtAt,
    })
    .returning({ id: merkleTrees.id });
  const treeId = row!.id;
  for (let i = 0; i < tree.leaves.length; i += BATCH)
    await db
      .insert(merkleLeaves)
      .values(tree.leaves.slice(i, i + BATCH).map((leaf) => ({ treeId, ...leaf })));
  const nodes = tree.levels.flatMap((level, l) =>
    level.map((node, position) => ({
      treeId,
      level: l,
      position,
      hash: node.hash,
      sumMicro: node.sum,
    })),
  );
  for (let i = 0; i < nodes.length; i += BATCH)
    await db.insert(merkleNodes).values(nodes.slice(i, i + BATCH));
  return treeId;
}

export interface TreeRow {
  id: string;
  root: string;
  totalMicro: bigint;
  leafCount: number;
  builtAt: Date;
}

const treeColumns = {
  id: merkleTrees.id,
  root: merkleTrees.root,
  totalMicro: merkleTrees.totalMicro,
  leafCount: merkleTrees.leafCount,
  builtAt: merkleTrees.builtAt,
};

export async function latestLiabilitiesTree(db: Db): Promise<TreeRow | undefined> {
  const [row] = await db
    .select(treeColumns)
    .from(merkleTrees)
    .where(eq(merkleTrees.kind, 'LIABILITIES'))
    .orderBy(desc(merkleTrees.builtAt))
    .limit(1);
  return row;
}

export async function liabilitiesHistory(
  db: Db,
  offset: number,
  limit: number,
): Promise<{ rows: TreeRow[]; total: number }> {
  const where = eq(merkleTrees.kind, 'LIABILITIES');
  const [rows, [count]] = await Promise.all([
    db
      .select(treeColumns)
      .from(merkleTrees)
      .where(where)
      .orderBy(desc(merkleTrees.builtAt))
      .offset(offset)
      .limit(limit),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(merkleTrees)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A completed cycle's tree, by the cycle's number. */
export async function cycleTree(db: Db, cycleNumber: number): Promise<TreeRow | undefined> {
  const [row] = await rowsOf<TreeRow & { totalMicro: string; builtAt: Date }>(
    db,
    sql`select t.id, t.root, t.total_micro::text as "totalMicro", t.leaf_count as "leafCount",
          t.built_at as "builtAt"
        from merkle_trees t join reward_cycles c on c.id = t.cycle_id
        where c.number = ${cycleNumber}`,
  );
  return row && { ...row, totalMicro: BigInt(row.totalMicro) };
}

/** A member's leaf in a tree with their public userId; undefined when they have none there. */
export async function leafOf(db: Db, treeId: string, memberId: string) {
  const [row] = await rowsOf<{ position: number; salt: string; amount: string; userId: string }>(
    db,
    sql`select l.position, l.salt, l.amount_micro::text as amount, u.user_id as "userId"
        from merkle_leaves l join users u on u.id = l.user_id
        where l.tree_id = ${treeId} and l.user_id = ${memberId}`,
  );
  return row && { ...row, amountMicro: BigInt(row.amount) };
}

/** The nodes at (level, position) of a tree: a path's siblings and the leaf, in one read. */
export async function nodesAt(
  db: Db,
  treeId: string,
  places: { level: number; position: number }[],
): Promise<{ level: number; position: number; hash: string; sum: bigint }[]> {
  if (places.length === 0) return [];
  const wanted = sql.join(
    places.map((p) => sql`(${p.level}::smallint, ${p.position}::int)`),
    sql`, `,
  );
  const rows = await rowsOf<{ level: number; position: number; hash: string; sum: string }>(
    db,
    sql`select level, position, hash, sum_micro::text as sum from merkle_nodes
        where tree_id = ${treeId} and (level, position) in (${wanted})`,
  );
  return rows.map((r) => ({ ...r, sum: BigInt(r.sum) }));
}

/**
 * Drops the leaves and nodes of all but the newest `keep` proofs of liabilities: their roots stay
 * published, only members' paths into them go.
 */
export async function pruneOldLiabilityPaths(db: Db, keep: number): Promise<void> {
  const old = sql`select id from merkle_trees where kind = 'LIABILITIES'
                  order by built_at desc offset ${keep}`;
  await db.execute(sql`delete from merkle_nodes where tree_id in (${old})`);
  await db.execute(sql`delete from merkle_leaves where tree_id in (${old})`);
}
