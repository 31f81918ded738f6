import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { uidClaims, users } from '../../db/schema';

const claimant = alias(users, 'claimant');
const holder = alias(users, 'holder');

/** Claims with both accounts, newest first; `status` narrows, `id` picks one. */
export function claimsWithAccounts(
  db: Db,
  where: { status?: string; id?: string; claimantId?: string },
) {
  return db
    .select({
      claim: uidClaims,
      claimant,
      holder,
    })
    .from(uidClaims)
    .innerJoin(claimant, eq(claimant.id, uidClaims.claimantId))
    .leftJoin(holder, eq(holder.id, uidClaims.holderId))
    .where(
      and(
        where.status ? eq(uidClaims.status, where.status) : undefined,
        where.id ? eq(uidClaims.id, where.id) : undefined,
        where.claimantId ? eq(uidClaims.claimantId, where.claimantId) : undefined,
      ),
    )
    .orderBy(desc(uidClaims.createdAt))
    .limit(200);
}

export type ClaimRow = Awaited<ReturnType<typeof claimsWithAccounts>>[number];

export async function holderOf(db: Db, uid: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.bingxUid, uid));
  return row?.id ?? null;
}

export async function insertClaim(
  db: Db,
  claim: { claimantId: string; uid: string; message: string; holderId: string | null },
) {
  const [row] = await db.insert(uidClaims).values(claim).returning({ id: uidClaims.id });
  return row!.id;
}

/** The open claim, locked for its resolution; undefined when gone or already resolved. */
export async function lockOpenClaim(tx: Db, id: string) {
  const [row] = await tx
    .select()
    .from(uidClaims)
    .where(and(eq(uidClaims.id, id), eq(uidClaims.status, 'OPEN')))
    .for('update');
  return row;
}

export async function closeClaim(
  tx: Db,
  id: string,
  outcome: { status: string; adminId: string; note: string },
) {
  await tx
    .update(uidClaims)
    .set({
      status: outcome.status,
      resolvedAt: sql`now()`,
      resolvedBy: outcome.adminId,
      resolutionNote: outcome.note,
    })
    .where(eq(uidClaims.id, id));
}

/**
 * Takes the UID off whoever holds it (only off `holderId` when given); answers the holder's id,
 * or null when nobody (or not that member) holds it.
 */
export async function unlinkUid(tx: Db, uid: string, holderId?: string): Promise<string | null> {
  const [row] = await tx
    .update(users)
    .set({
      bingxUid: null,
      bingxDirectInvitation: null,
      bingxRegisteredAt: null,
      bingxLinkedAt: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.bingxUid, uid), holderId ? eq(users.id, holderId) : undefined))
    .returning({ id: users.id });
  return row?.id ?? null;
}

/** Links the UID to the claimant, who must not hold one. False when they do by now. */
export async function giveUid(tx: Db, userId: string, uid: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ bingxUid: uid, bingxLinkedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.bingxUid} is null`))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function userById(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
