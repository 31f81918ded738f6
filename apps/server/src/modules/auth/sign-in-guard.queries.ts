import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** One more wrong password in a row on the account; answers the new count. */
export async function countFailedSignIn(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
    .where(eq(users.id, userId))
    .returning({ count: users.failedSignIns });
  return row?.count ?? 0;
}

/** A right password: the run of wrong ones is over (unless sign-in is paused already). */
export async function clearFailedSignIns(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ failedSignIns: 0 })
    .where(and(eq(users.id, userId), gt(users.failedSignIns, 0), isNull(users.signInLockedAt)));
}

/** Pauses sign-in; true for the one call that paused it (the episode's mail goes once). */
export async function pauseSignIn(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ signInLockedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.signInLockedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Pauses the second factor for `firstMs` doubled by every pause before, up to `longestMs`; the
 * moment it ends, or null when a pause is running already (a parallel request started it).
 */
export async function pauseTwoFactor(
  db: Db,
  userId: string,
  firstMs: number,
  longestMs: number,
): Promise<Date | null> {
  const [row] = await db
    .update(users)
    .set({
      twoFactorLockedUntil: sql`now() + least(${firstMs}::bigint * power(2, least(${users.twoFactorLockouts}, 20))::bigint, ${longestMs}::bigint) * interval '1 millisecond'`,
      twoFactorLockouts: sql`${users.twoFactorLockouts} + 1`,
    })
    .where(
      and(
        eq(users.id, userId),
        or(isNull(users.twoFactorLockedUntil), lte(users.twoFactorLockedUntil, sql`now()`)),
      ),
    )
    .returning({ until: users.twoFactorLockedUntil });
  return row?.until ?? null;
}

/** A right second factor: the next pause starts again from the shortest. */
export async function clearTwoFactorPauses(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ twoFactorLockouts: 0 })
    .where(and(eq(users.id, userId), gt(users.twoFactorLockouts, 0)));
}

/** The owner's unlock link: every pause and count of the account ends. */
export async function resumeSignIn(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      failedSignIns: 0,
      signInLockedAt: null,
      twoFactorLockedUntil: null,
      twoFactorLockouts: 0,
    })
    .where(eq(users.id, userId));
}

/** Holds the member's withdrawals until `hours` from now, for `reason` (the refusal says why). */
export async function freezeWithdrawals(
  db: Db,
  userId: string,
  hours: number,
  reason: string,
): Promise<void> {
  await db
    .update(users)
    .set({
      withdrawalsFrozenUntil: sql`now() + ${hours} * interval '1 hour'`,
      withdrawalsFrozenReason: reason,
    })
    .where(eq(users.id, userId));
}
