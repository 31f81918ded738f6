import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { uidLinkReviews } from '../../db/schema';

/**
 * Why a fresh UID link needs an administrator's review (decision 043), decided in one statement
 * from what BingX said and what we hold: the UID registered at BingX before the member (or their
 * upline) registered here, BingX did not say when it registered (unknown is not "fine"), or the
 * member shares a sign-in or withdrawal address with another member. Records the review when
 * any reason holds (a re-link after a rejection replaces the old one); answers the reasons.
 */
export async function flagLinkForReview(
  db: Db,
  link: { userId: string; uid: string; registeredAt: Date | null; invitationCode: string | null },
): Promise<string[]> {
  const registeredAt = link.registeredAt?.toISOString() ?? null;
  const [row] = await rowsOf<{ reasons: string[] }>(
    db,
    sql`with member as (
      select u.id, u.created_at, up.created_at as upline_created_at
      from users u left join users up on up.id = u.referred_by and not up.is_root
      where u.id = ${link.userId}
    ), reasons as (
      select array_remove(array[
        case when ${registeredAt}::timestamptz is null then 'BINGX_REGISTRATION_UNKNOWN' end,
        case when ${registeredAt}::timestamptz < m.created_at then 'UID_OLDER_THAN_MEMBER' end,
        case when ${registeredAt}::timestamptz < m.upline_created_at then 'UID_OLDER_THAN_UPLINE' end,
        case when exists (
          select 1 from member_logins a join member_logins b on b.ip = a.ip and b.user_id <> a.user_id
          where a.user_id = m.id and a.ip is not null) then 'SHARED_SIGN_IN_ADDRESS' end,
        case when exists (
          select 1 from withdrawals a join withdrawals b
            on lower(b.wallet_address) = lower(a.wallet_address) and b.user_id <> a.user_id
          where a.user_id = m.id) then 'SHARED_WITHDRAWAL_ADDRESS' end
      ], null) as reasons
      from member m
    ), flagged as (
      insert into uid_link_reviews (user_id, uid, reasons, invitation_code)
      select ${link.userId}, ${link.uid}, r.reasons, ${link.invitationCode}::text
        from reasons r where cardinality(r.reasons) > 0
      on conflict (user_id) do update set uid = excluded.uid, reasons = excluded.reasons,
        invitation_code = excluded.invitation_code,
        status = 'FLAGGED', flagged_at = now(), decided_at = null, decided_by = null
      returning reasons
    )
    select coalesce((select reasons from flagged), '{}'::text[]) as reasons`,
  );
  return row?.reasons ?? [];
}

const reviewColumns = {
  userId: uidLinkReviews.userId,
  uid: uidLinkReviews.uid,
  status: uidLinkReviews.status,
  reasons: uidLinkReviews.reasons,
  invitationCode: uidLinkReviews.invitationCode,
  flaggedAt: uidLinkReviews.flaggedAt,
  decidedAt: uidLinkReviews.decidedAt,
};

export async function reviewOf(db: Db, userId: string) {
  const [row] = await db
    .select(reviewColumns)
    .from(uidLinkReviews)
    .where(eq(uidLinkReviews.userId, userId));
  return row;
}
export type ReviewRow = NonNullable<Awaited<ReturnType<typeof reviewOf>>>;

/**
 * Decides a FLAGGED review, guarded on its status: of two decisions sent at once, the second
 * waits for the first's row lock and then finds nothing to decide. Answers the review as it was
 * flagged (its `flaggedAt` names the episode the decision settles), or undefined.
 */
export async function decideFlagged(
  tx: Db,
  userId: string,
  decision: { status: 'CLEARED' | 'REJECTED'; adminId: string },
): Promise<ReviewRow | undefined> {
  const [row] = await tx
    .update(uidLinkReviews)
    .set({ status: decision.status, decidedAt: sql`now()`, decidedBy: decision.adminId })
    .where(and(eq(uidLinkReviews.userId, userId), eq(uidLinkReviews.status, 'FLAGGED')))
    .returning(reviewColumns);
  return row;
}
