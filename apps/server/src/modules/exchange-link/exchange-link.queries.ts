import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { InviteeFacts } from '../../integrations/exchange/exchange';

export async function linkState(db: Db, userId: string) {
  const [row] = await db
    .select({ bingxUid: users.bingxUid, paidUntil: users.paidUntil })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function uidTakenByOther(db: Db, uid: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.bingxUid, uid), ne(users.id, userId)));
  return rows.length > 0;
}

/**
 * Links once, with what the exchange said of the UID then: only a member without a UID is
 * changed. False when one was set meanwhile.
 */
export async function setUidOnce(
  db: Db,
  userId: string,
  uid: string,
  check: Pick<InviteeFacts, 'directInvitation' | 'registeredAt'>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      bingxUid: uid,
      bingxDirectInvitation: check.directInvitation,
      bingxRegisteredAt: check.registeredAt,
      bingxLinkedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.bingxUid)))
    .returning({ id: users.id });
  return rows.length > 0;
}
