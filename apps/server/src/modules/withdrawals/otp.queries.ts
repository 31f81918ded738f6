import { and, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withdrawalOtps } from '../../db/schema';

export interface OtpRow {
  id: string;
  codeHash: string;
  expiresAt: Date;
  attempts: number;
  verifiedAt: Date | null;
  /** When a withdrawal request used it: a used code holds no resend wait. */
  usedAt: Date | null;
  createdAt: Date;
  /** The withdrawal the mail stated, when it stated one: the code confirms only that one. */
  intent: { amountMicro: bigint; walletAddress: string } | null;
}

/** Neither used nor void (it may have expired). */
const OPEN = and(isNull(withdrawalOtps.usedAt), isNull(withdrawalOtps.voidedAt));

/** The member's newest code among those `where` keeps. */
async function newestCode(db: Db, userId: string, where?: SQL): Promise<OtpRow | undefined> {
  const [row] = await db
    .select({
      id: withdrawalOtps.id,
      codeHash: withdrawalOtps.codeHash,
      expiresAt: withdrawalOtps.expiresAt,
      attempts: withdrawalOtps.attempts,
      verifiedAt: withdrawalOtps.verifiedAt,
      usedAt: withdrawalOtps.usedAt,
      createdAt: withdrawalOtps.createdAt,
      amountMicro: withdrawalOtps.amountMicro,
      walletAddress: withdrawalOtps.walletAddress,
    })
    .from(withdrawalOtps)
    .where(and(eq(withdrawalOtps.userId, userId), where))
    .orderBy(desc(withdrawalOtps.createdAt))
    .limit(1);
  if (!row) return undefined;
  const { amountMicro, walletAddress, ...code } = row;
  return {
    ...code,
    intent: amountMicro === null || walletAddress === null ? null : { amountMicro, walletAddress },
  };
}

/** The member's newest code that is neither used nor void (it may have expired). */
export async function newestOpenCode(db: Db, userId: string): Promise<OtpRow | undefined> {
  return newestCode(db, userId, OPEN);
}

export async function latestCode(db: Db, userId: string): Promise<OtpRow | undefined> {
  return newestCode(db, userId);
}

export async function countSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawalOtps)
    .where(and(eq(withdrawalOtps.userId, userId), gt(withdrawalOtps.createdAt, since)));
  return row?.n ?? 0;
}

/** A new code replaces every open one. */
export async function replaceCodes(
  tx: Db,
  userId: string,
  codeHash: string,
  expiresAt: Date,
  intent: { amountMicro: bigint; walletAddress: string } | null,
): Promise<void> {
  await tx
    .update(withdrawalOtps)
    .set({ voidedAt: sql`now()` })
    .where(and(eq(withdrawalOtps.userId, userId), OPEN));
  await tx.insert(withdrawalOtps).values({
    userId,
    codeHash,
    expiresAt,
    amountMicro: intent?.amountMicro ?? null,
    walletAddress: intent?.walletAddress ?? null,
  });
}

/**
 * Takes one of the code's tries before the code is compared, atomically: parallel verifies can
 * never compare more than `max` codes. The tries taken including this one, or undefined when
 * none is left (or the code is no longer open).
 */
export async function takeTry(db: Db, id: string, max: number): Promise<number | undefined> {
  const [row] = await db
    .update(withdrawalOtps)
    .set({ attempts: sql`${withdrawalOtps.attempts} + 1` })
    .where(and(eq(withdrawalOtps.id, id), lt(withdrawalOtps.attempts, max), OPEN))
    .returning({ attempts: withdrawalOtps.attempts });
  return row?.attempts;
}

/** The compared code was right: its try is given back (a right code is no wrong try). */
export async function giveBackTry(db: Db, id: string): Promise<void> {
  await db
    .update(withdrawalOtps)
    .set({ attempts: sql`greatest(${withdrawalOtps.attempts} - 1, 0)` })
    .where(eq(withdrawalOtps.id, id));
}

/** The last try was wrong: the code can never be used. */
export async function voidCode(db: Db, id: string): Promise<void> {
  await db
    .update(withdrawalOtps)
    .set({ voidedAt: sql`coalesce(${withdrawalOtps.voidedAt}, now())` })
    .where(eq(withdrawalOtps.id, id));
}

export async function markVerified(db: Db, id: string): Promise<void> {
  await db
    .update(withdrawalOtps)
    .set({ verifiedAt: sql`coalesce(${withdrawalOtps.verifiedAt}, now())` })
    .where(eq(withdrawalOtps.id, id));
}

/** Uses a checked code for this request; false when another request used it first. */
export async function consumeCode(tx: Db, otpId: string, withdrawalId: string): Promise<boolean> {
  const rows = await tx
    .update(withdrawalOtps)
    .set({ usedAt: sql`now()`, withdrawalId })
    .where(and(eq(withdrawalOtps.id, otpId), OPEN, sql`${withdrawalOtps.expiresAt} > now()`))
    .returning({ id: withdrawalOtps.id });
  return rows.length > 0;
}
