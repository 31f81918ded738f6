import { desc, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/** Up to `limit` linked members, the most recently linked first (the volume-field sample). */
export async function linkedSample(db: Db, limit: number) {
  const rows = await db
    .select({ uid: users.bingxUid, email: users.email })
    .from(users)
    .where(isNotNull(users.bingxUid))
    .orderBy(desc(users.bingxLinkedAt), desc(users.id))
    .limit(limit);
  return rows.map((r) => ({ uid: r.uid!, email: r.email }));
}
