import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { securityEvents, users, userSessions, userTwoFactor } from '../../db/schema';

export type SessionRow = typeof userSessions.$inferSelect;
export type SecurityEventRow = typeof securityEvents.$inferSelect;

export async function insertSession(
  db: Db,
  session: { userId: string; ip: string | null; userAgent: string | null; expiresAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(userSessions)
    .values({
      userId: session.userId,
      ip: session.ip,
      userAgent: session.userAgent?.slice(0, 512) ?? null,
      expiresAt: session.expiresAt,
    })
    .returning({ id: userSessions.id });
  return row!.id;
}

/**
 * What the auth check needs on every signed-in request, in one prepared primary-key lookup: the
 * session, its user, and whether the user has a second factor (bench:load).
 */
export function sessionLookup(db: Db) {
  const prepared = db
    .select({
      sessionUserId: userSessions.userId,
      endedAt: userSessions.endedAt,
      lastSeenAt: userSessions.lastSeenAt,
      id: users.id,
      email: users.email,
      isAdmin: users.isAdmin,
      status: users.status,
      tokenVersion: users.tokenVersion,
      twoFactor: sql<boolean>`${userTwoFactor.enabledAt} is not null`,
    })
    .from(userSessions)
    .innerJoin(users, eq(users.id, userSessions.userId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(userSessions.id, sql.placeholder('sid')))
    .prepare('session_user');
  return async (sid: string) => (await prepared.execute({ sid }))[0];
}

/** Marks the session seen now; written at most every few minutes per session. */
export async function touchSession(db: Db, id: string): Promise<void> {
  await db
    .update(userSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(eq(userSessions.id, id), sql`${userSessions.lastSeenAt} < now() - interval '1 minute'`),
    );
}

/** The user's sessions that can still be used, newest first. */
export async function openSessions(db: Db, userId: string): Promise<SessionRow[]> {
  return db
    .select()
    .from(userSessions)
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        gt(userSessions.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(userSessions.lastSeenAt))
    .limit(100);
}

export async function endSession(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(userSessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(eq(userSessions.id, id), eq(userSessions.userId, userId), isNull(userSessions.endedAt)),
    )
    .returning({ id: userSessions.id });
  return rows.length > 0;
}

/** Ends every open session of the user but `keep` (the one asking, when it stays). */
export async function endSessions(db: Db, userId: string, keep: string | null): Promise<void> {
  await db
    .update(userSessions)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(userSessions.userId, userId),
        isNull(userSessions.endedAt),
        keep === null ? sql`true` : sql`${userSessions.id} <> ${keep}`,
      ),
    );
}

export async function insertSecurityEvent(
  db: Db,
  event: { userId: string; kind: string; ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.insert(securityEvents).values({
    userId: event.userId,
    kind: event.kind,
    ip: event.ip,
    userAgent: event.userAgent?.slice(0, 512) ?? null,
  });
}

export async function recentSecurityEvents(db: Db, userId: string): Promise<SecurityEventRow[]> {
  return db
    .select()
    .from(securityEvents)
    .where(eq(securityEvents.userId, userId))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(50);
}

/** The newest event of these kinds since `since`, or undefined. */
export async function latestEventOf(
  db: Db,
  userId: string,
  kinds: readonly string[],
  since: Date,
): Promise<SecurityEventRow | undefined> {
  const [row] = await db
    .select()
    .from(securityEvents)
    .where(
      and(
        eq(securityEvents.userId, userId),
        sql`${securityEvents.kind} in ${kinds}`,
        gt(securityEvents.createdAt, since),
      ),
    )
    .orderBy(desc(securityEvents.createdAt))
    .limit(1);
  return row;
}
