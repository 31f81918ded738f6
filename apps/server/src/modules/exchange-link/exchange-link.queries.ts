import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export async function linkedUid(db: Db, userId: string): Promise<string | null | undefined> {
  const [row] = await db.select({ uid: users.bingxUid }).from(users).where(eq(users.id, userId));
  return row === undefined ? undefined : row.uid;
}

export async function uidTakenByOther(db: Db, uid: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.bingxUid, uid), ne(users.id, userId)));
  return rows.length > 0;
}

/** Links once: only a member without a UID is changed. False when one was set meanwhile. */
export async function setUidOnce(db: Db, userId: string, uid: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ bingxUid: uid, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.bingxUid)))
    .returning({ id: users.id });
  return rows.length > 0;
}
