import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balances, users } from '../../db/schema';

/**
 * Who the daily check looks at: members, not the platform's own accounts (root, administrators),
 * not DISABLED ones, and not accounts whose email was never verified (they cannot sign in, and
 * mailing an unconfirmed address is spam). A member still in onboarding (never paid) is looked at
 * only once they hold locked earnings: until then there is nothing to lock, and a "locked" mail
 * would only confuse someone who has not started.
 */
const checkedMembers = and(
  eq(users.isRoot, false),
  eq(users.isAdmin, false),
  ne(users.status, 'DISABLED'),
  eq(users.isEmailVerified, true),
  sql`(${users.subscriptionPaidAt} is not null or ${users.earningsLockedSince} is not null
       or exists (select 1 from balances lb where lb.user_id = ${users.id} and lb.locked_micro > 0))`,
);

/** One page of members in id order (keyset paging: stable while rows change under it). */
export function memberPage(db: Db, afterId: string | null, limit: number) {
  return db
    .select({
      id: users.id,
      status: users.status,
      paidUntil: users.paidUntil,
      bingxUid: users.bingxUid,
    })
    .from(users)
    .where(afterId === null ? checkedMembers : and(checkedMembers, gt(users.id, afterId)))
    .orderBy(asc(users.id))
    .limit(limit);
}

export type MemberRow = NonNullable<Awaited<ReturnType<typeof lockMember>>>;

/**
 * The member's row, locked for the rest of the transaction: a second instance running the job
 * waits here and then decides on what the first one committed. Undefined when no longer checked.
 */
export async function lockMember(tx: Db, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      status: users.status,
      paidUntil: users.paidUntil,
      bingxUid: users.bingxUid,
      lockedSince: users.earningsLockedSince,
      reasons: users.earningsLockReasons,
      mailDay: users.complianceMailDay,
      lockedMicro: balances.lockedMicro,
    })
    .from(users)
    .leftJoin(balances, eq(balances.userId, users.id))
    .where(and(eq(users.id, id), checkedMembers))
    .for('update', { of: users });
  return row;
}

/** Starts a lock; false when one is already running (then nothing is mailed). */
export async function startLock(tx: Db, id: string, reasons: string[], now: Date) {
  const rows = await tx
    .update(users)
    .set({
      earningsLockedSince: now,
      earningsLockReasons: reasons,
      complianceMailDay: 0,
      complianceCheckedAt: now,
    })
    .where(and(eq(users.id, id), isNull(users.earningsLockedSince)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function recordCheck(tx: Db, id: string, reasons: string[], now: Date) {
  await tx
    .update(users)
    .set({ earningsLockReasons: reasons, complianceCheckedAt: now })
    .where(eq(users.id, id));
}

/**
 * Claims the mail of `day` of the running lock (7, 21, 28; 30 for the forfeiture); false when
 * it, or a later one, was mailed already.
 */
export async function claimMailDay(tx: Db, id: string, day: number) {
  const rows = await tx
    .update(users)
    .set({ complianceMailDay: day })
    .where(
      and(
        eq(users.id, id),
        isNotNull(users.earningsLockedSince),
        sql`coalesce(${users.complianceMailDay}, 0) < ${day}`,
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Ends the running lock; false when there was none. */
export async function endLock(tx: Db, id: string, now: Date) {
  const rows = await tx
    .update(users)
    .set({
      earningsLockedSince: null,
      earningsLockReasons: [],
      complianceMailDay: null,
      complianceCheckedAt: now,
    })
    .where(and(eq(users.id, id), isNotNull(users.earningsLockedSince)))
    .returning({ id: users.id });
  return rows.length > 0;
}
