import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export interface FreezeAccount {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userNumber: string;
  /** Frozen by its owner now (withdrawals frozen until 'infinity'). */
  frozenByOwner: boolean;
}

const ACCOUNT = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userNumber: users.userId,
  frozenByOwner: sql<boolean>`coalesce(${users.withdrawalsFrozenUntil} = 'infinity'
    and ${users.withdrawalsFrozenReason} = 'OWNER_FREEZE', false)`,
};

export async function accountOf(db: Db, id: string): Promise<FreezeAccount | undefined> {
  const [row] = await db.select(ACCOUNT).from(users).where(eq(users.id, id));
  return row;
}

/**
 * Freezes the account's withdrawals until an administrator lifts it. The account when this
 * call froze it; undefined when its owner had frozen it already (a second click changes nothing).
 */
export async function freezeByOwner(tx: Db, id: string): Promise<FreezeAccount | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      withdrawalsFrozenUntil: sql`'infinity'::timestamptz`,
      withdrawalsFrozenReason: 'OWNER_FREEZE',
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(users.id, id),
        sql`(${users.withdrawalsFrozenUntil} is distinct from 'infinity'
             or ${users.withdrawalsFrozenReason} is distinct from 'OWNER_FREEZE')`,
      ),
    )
    .returning(ACCOUNT);
  return row;
}

/** Lifts the owner's freeze; the account when there was one, else undefined. */
export async function liftOwnerFreeze(tx: Db, id: string): Promise<FreezeAccount | undefined> {
  const [row] = await tx
    .update(users)
    .set({ withdrawalsFrozenUntil: null, withdrawalsFrozenReason: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.id, id),
        sql`${users.withdrawalsFrozenUntil} = 'infinity'`,
        eq(users.withdrawalsFrozenReason, 'OWNER_FREEZE'),
      ),
    )
    .returning(ACCOUNT);
  return row;
}
