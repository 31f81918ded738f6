import { and, asc, count, desc, eq, gt, isNotNull, isNull, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  balances,
  complianceDecisions,
  complianceRuns,
  uidLinkReviews,
  users,
} from '../../db/schema';

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

export type MemberPageRow = Awaited<ReturnType<typeof memberPage>>[number];

/** One page of members in id order (keyset paging: stable while rows change under it). */
export function memberPage(db: Db, afterId: string | null, limit: number) {
  return db
    .select({
      id: users.id,
      status: users.status,
      paidUntil: users.paidUntil,
      bingxUid: users.bingxUid,
      lockedSince: users.earningsLockedSince,
      concernSince: users.exchangeConcernSince,
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
      concernSince: users.exchangeConcernSince,
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
      exchangeConcernSince: null,
      complianceUnknownReason: null,
      complianceUnknownAt: null,
    })
    .where(and(eq(users.id, id), isNull(users.earningsLockedSince)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function recordCheck(tx: Db, id: string, reasons: string[], now: Date) {
  await tx
    .update(users)
    .set({
      earningsLockReasons: reasons,
      complianceCheckedAt: now,
      exchangeConcernSince: null,
      complianceUnknownReason: null,
      complianceUnknownAt: null,
    })
    .where(eq(users.id, id));
}

/** The first sighting of an exchange condition, kept until confirmed or gone. */
export async function noteConcern(tx: Db, id: string, now: Date) {
  await tx
    .update(users)
    .set({
      exchangeConcernSince: sql`coalesce(${users.exchangeConcernSince}, ${now})`,
      complianceCheckedAt: now,
      complianceUnknownReason: null,
      complianceUnknownAt: null,
    })
    .where(eq(users.id, id));
}

/**
 * A shadow run's note of what the exchange showed (decision 038): a first sighting is kept, or a
 * compliant reading clears it, as an enforced run does; nothing a member sees or owns changes.
 */
export async function noteExchangeSighting(tx: Db, id: string, seen: Date | null) {
  await tx
    .update(users)
    .set({
      exchangeConcernSince:
        seen === null ? null : sql`coalesce(${users.exchangeConcernSince}, ${seen})`,
      complianceUnknownReason: null,
      complianceUnknownAt: null,
    })
    .where(eq(users.id, id));
}

/** This check learned nothing usable about the member: state kept, reason recorded. */
export async function noteUnknown(tx: Db, id: string, reason: string, now: Date) {
  await tx
    .update(users)
    .set({ complianceUnknownReason: reason, complianceUnknownAt: now })
    .where(eq(users.id, id));
}

/** The previous run that was applied: what the guard compares with. */
export async function lastAppliedRun(db: Db) {
  const [row] = await db
    .select()
    .from(complianceRuns)
    .where(eq(complianceRuns.status, 'APPLIED'))
    .orderBy(desc(complianceRuns.id))
    .limit(1);
  return row;
}

export async function recordRun(db: Db, run: typeof complianceRuns.$inferInsert) {
  const [row] = await db.insert(complianceRuns).values(run).returning();
  return row!;
}

/**
 * When a linked member first showed copy-trading volume, in any run (applied, held or shadow);
 * undefined while none ever has (decision 038).
 */
export async function copyingFirstSeen(db: Db): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(complianceRuns.startedAt) })
    .from(complianceRuns)
    .where(gt(complianceRuns.copyingMembers, 0));
  return row?.at ?? undefined;
}

export async function runById(db: Db, id: number) {
  const [row] = await db.select().from(complianceRuns).where(eq(complianceRuns.id, id));
  return row;
}

export async function finishRun(db: Db, id: number) {
  await db
    .update(complianceRuns)
    .set({ finishedAt: sql`now()` })
    .where(eq(complianceRuns.id, id));
}

export async function lastShadowRun(db: Db) {
  const [row] = await db
    .select()
    .from(complianceRuns)
    .where(eq(complianceRuns.status, 'SHADOW'))
    .orderBy(desc(complianceRuns.id))
    .limit(1);
  return row;
}

export async function recordDecision(tx: Db, decision: typeof complianceDecisions.$inferInsert) {
  await tx.insert(complianceDecisions).values(decision).onConflictDoNothing();
}

/** Members and micro-USDT per action of one shadow run. */
export function decisionTotals(db: Db, runId: number) {
  return db
    .select({
      action: complianceDecisions.action,
      members: count(),
      amountMicro: sql<string>`coalesce(sum(${complianceDecisions.amountMicro}), 0)::text`,
    })
    .from(complianceDecisions)
    .where(eq(complianceDecisions.runId, runId))
    .groupBy(complianceDecisions.action);
}

export async function decisionCount(db: Db, runId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(complianceDecisions)
    .where(eq(complianceDecisions.runId, runId));
  return row?.n ?? 0;
}

/** One page of a shadow run's decisions, locks and forfeits first, then by member. */
export function decisionPage(db: Db, runId: number, offset: number, limit: number) {
  return db
    .select({
      userId: complianceDecisions.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      action: complianceDecisions.action,
      reasons: complianceDecisions.reasons,
      mailDay: complianceDecisions.mailDay,
      amountMicro: complianceDecisions.amountMicro,
      evidence: complianceDecisions.evidence,
    })
    .from(complianceDecisions)
    .innerJoin(users, eq(users.id, complianceDecisions.userId))
    .where(eq(complianceDecisions.runId, runId))
    .orderBy(
      sql`array_position(array['FORFEIT', 'LOCK', 'REMIND', 'RELEASE', 'CONCERN', 'UNKNOWN'], ${complianceDecisions.action})`,
      asc(users.email),
    )
    .offset(offset)
    .limit(limit);
}

export async function lastRun(db: Db) {
  const [row] = await db.select().from(complianceRuns).orderBy(desc(complianceRuns.id)).limit(1);
  return row;
}

/** The newest HELD run nobody acknowledged yet: the admin dashboard's banner. */
export async function unacknowledgedHeldRun(db: Db) {
  const [row] = await db
    .select()
    .from(complianceRuns)
    .where(and(eq(complianceRuns.status, 'HELD'), isNull(complianceRuns.acknowledgedAt)))
    .orderBy(desc(complianceRuns.id))
    .limit(1);
  return row;
}

export async function acknowledgeRun(db: Db, id: number, adminId: string) {
  const rows = await db
    .update(complianceRuns)
    .set({ acknowledgedAt: sql`now()`, acknowledgedBy: adminId })
    .where(and(eq(complianceRuns.id, id), isNull(complianceRuns.acknowledgedAt)))
    .returning({ id: complianceRuns.id });
  return rows.length > 0;
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
      exchangeConcernSince: null,
    })
    .where(and(eq(users.id, id), isNotNull(users.earningsLockedSince)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * The invitation code BingX names for each reviewed UID (decision 043: evidence shown to
 * administrators), from the run's bulk invitee read. Only codes BingX named are written: a row
 * without one leaves what was recorded (unknown is not "none").
 */
export async function recordInvitationCodes(
  db: Db,
  codeOf: (uid: string) => string | undefined,
): Promise<number> {
  const reviewed = await db.select({ uid: uidLinkReviews.uid }).from(uidLinkReviews);
  const named = reviewed.flatMap(({ uid }) => {
    const code = codeOf(uid);
    return code === undefined ? [] : [sql`(${uid}, ${code})`];
  });
  if (named.length === 0) return 0;
  await db.execute(sql`
    update uid_link_reviews r set invitation_code = v.code
      from (values ${sql.join(named, sql`, `)}) as v(uid, code)
     where r.uid = v.uid and r.invitation_code is distinct from v.code`);
  return named.length;
}
