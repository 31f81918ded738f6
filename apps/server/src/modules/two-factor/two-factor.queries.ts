import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../db/schema';

export type TwoFactorRow = typeof userTwoFactor.$inferSelect;

export async function findTwoFactor(db: Db, userId: string): Promise<TwoFactorRow | undefined> {
  const [row] = await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  return row;
}

/** Starts (or restarts) an enrolment: a new secret that is not enabled yet. */
export async function savePendingSecret(db: Db, userId: string, sealed: string): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: sealed, enabledAt: null, lastUsedStep: 0n, createdAt: sql`now()` },
      setWhere: isNull(userTwoFactor.enabledAt),
    });
}

/** Enables the pending secret, recording the step of the code that proved it; false if none. */
export async function enablePending(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ enabledAt: sql`now()`, lastUsedStep: BigInt(step) })
    .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

/** An enabled second factor with this secret, whatever was there before (ADMIN_TOTP_SECRET). */
export async function saveEnabledSecret(db: Db, userId: string, sealed: string): Promise<void> {
  await db
    .insert(userTwoFactor)
    .values({ userId, secret: sealed, enabledAt: sql`now()` })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret: sealed, enabledAt: sql`now()`, lastUsedStep: 0n },
    });
}

/**
 * Takes the time step of a right code, atomically: only a step later than the last one used
 * passes, so a code seen by someone else (over a shoulder, in a proxy log) cannot sign in again,
 * not even by requests sent together.
 */
export async function useStep(db: Db, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: BigInt(step) })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        isNotNull(userTwoFactor.enabledAt),
        sql`${userTwoFactor.lastUsedStep} < ${step}`,
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return rows.length > 0;
}

export async function removeTwoFactor(db: Db, userId: string): Promise<void> {
  await db.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(
  db: Db,
  userId: string,
  hashes: string[],
): Promise<void> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  if (hashes.length > 0)
    await db
      .insert(twoFactorRecoveryCodes)
      .values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused recovery code with this hash, once, even under parallel requests. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}
