import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { preparedRead } from '../../db/prepared';
import { authTokens, balances, memberLogins, referralPaths, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD' | 'UNLOCK_SIGN_IN';

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** What the API shows of a user (user-view.ts). */
export type ProfileRow = Pick<
  UserRow,
  | 'id'
  | 'userId'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'isEmailVerified'
  | 'isAdmin'
  | 'referralCode'
  | 'paidUntil'
  | 'subscriptionPaidAt'
  | 'bingxUid'
  | 'status'
  | 'walletAddress'
  | 'lastLoginAt'
  | 'createdAt'
>;

/** The profile read of every page load: one prepared primary-key statement, narrow. */
export function profileLookup(db: Db): (id: string) => Promise<ProfileRow | undefined> {
  const read = preparedRead<ProfileRow, [string]>(
    db,
    'user_profile',
    `select id, user_id as "userId", first_name as "firstName", last_name as "lastName", email,
            is_email_verified as "isEmailVerified", is_admin as "isAdmin",
            referral_code as "referralCode", paid_until as "paidUntil",
            subscription_paid_at as "subscriptionPaidAt", bingx_uid as "bingxUid", status,
            wallet_address as "walletAddress", last_login_at as "lastLoginAt",
            created_at as "createdAt"
       from users where id = $1`,
  );
  return async (id) => (await read(id))[0];
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByReferralCode(db: Db, code: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code));
  return row;
}

export async function findRoot(db: Db): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.isRoot, true));
  return row;
}

export async function referralCodeTaken(db: Db, code: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.referralCode, code));
  return rows.length > 0;
}

export async function nextDepositIndex(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select nextval('deposit_index_seq') as n`,
  );
  return Number(row?.n);
}

export type NewUser = typeof users.$inferInsert;

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

/** The new member's upline paths: the referrer's own paths one level deeper, plus the referrer. */
export async function insertReferralPaths(
  db: Db,
  memberId: string,
  referrerId: string,
): Promise<void> {
  await db.execute(sql`
    insert into ${referralPaths} (ancestor, descendant, depth)
    select ${referrerId}::uuid, ${memberId}::uuid, 1
    union all
    select ancestor, ${memberId}::uuid, depth + 1
      from ${referralPaths}
     where descendant = ${referrerId}::uuid and depth < 15`);
}

export async function insertAuthToken(
  db: Db,
  token: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(authTokens).values(token);
}

/** Uses a token once: a single guarded update, so two concurrent uses cannot both succeed. */
export async function consumeAuthToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        sql`${authTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId;
}

/**
 * The holder of a token without using it: only while it is usable, or (`anyState`) whatever its
 * state, to tell "already verified" from "invalid".
 */
export async function findTokenHolder(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
  { anyState = false } = {},
): Promise<UserRow | undefined> {
  const usable = anyState
    ? undefined
    : and(isNull(authTokens.usedAt), sql`${authTokens.expiresAt} > now()`);
  const [row] = await db
    .select({ user: users })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.purpose, purpose), usable));
  return row?.user;
}

export async function voidOtherTokens(
  db: Db,
  userId: string,
  purpose: TokenPurpose,
  keepHash: string,
): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.userId, userId),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        ne(authTokens.tokenHash, keepHash),
      ),
    );
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(users)
    .set({
      isEmailVerified: true,
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/** Sets a new password hash and ends every session of the member; returns the new token version. */
export async function replacePassword(
  db: Db,
  userId: string,
  passwordHash: string,
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  if (!row) throw new Error(`no user ${userId}`);
  return row.tokenVersion;
}

export async function recordLogin(db: Db, userId: string): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new Error(`no user ${userId}`);
  return row;
}

/** One row per successful sign-in: the LOGIN activity of admin reports. */
export async function recordLoginEvent(db: Db, userId: string, ip: string): Promise<void> {
  await db.insert(memberLogins).values({ userId, ip });
}

/**
 * Hands a member their deposit address (at email verification): the index and address, and
 * the chain position the payment watcher reads from. Only when none was issued yet.
 */
export async function issueDepositAddress(
  db: Db,
  userId: string,
  deposit: {
    depositIndex: number;
    walletAddress: string;
    issuedChain: string | null;
    issuedBlock: bigint | null;
  },
): Promise<void> {
  await db
    .update(users)
    .set({
      depositIndex: deposit.depositIndex,
      walletAddress: deposit.walletAddress,
      depositIssuedChain: deposit.issuedChain,
      depositIssuedBlock: deposit.issuedBlock,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.id, userId), isNull(users.walletAddress)));
}

/**
 * Deletes an unverified member who left nothing behind (no downline, no payment, no ledger
 * entry): a junk or mistaken registration. Locks the row first, so of two callers one deletes
 * and the other hears false.
 */
export async function deleteUnverifiedAccount(db: Db, userId: string): Promise<boolean> {
  const [held] = await rowsOf<{ id: string }>(
    db,
    sql`
      select u.id from ${users} u
       where u.id = ${userId} and not u.is_email_verified and not u.is_admin and not u.is_root
         and not exists (select 1 from ${referralPaths} p where p.ancestor = u.id)
         and not exists (select 1 from subscription_payments sp where sp.user_id = u.id)
         and not exists (select 1 from ledger_entries le where le.user_id = u.id)
       for update of u`,
  );
  if (!held) return false;
  await db.delete(referralPaths).where(eq(referralPaths.descendant, userId));
  await db.delete(authTokens).where(eq(authTokens.userId, userId));
  await db.delete(memberLogins).where(eq(memberLogins.userId, userId));
  await db.delete(balances).where(eq(balances.userId, userId));
  await db.delete(users).where(eq(users.id, userId));
  return true;
}

/** Unverified members registered more than `hours` ago (oldest first, at most `limit`). */
export async function staleUnverifiedAccounts(
  db: Db,
  hours: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isEmailVerified, false),
        eq(users.isAdmin, false),
        eq(users.isRoot, false),
        lt(users.createdAt, sql`now() - make_interval(hours => ${hours})`),
      ),
    )
    .orderBy(users.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The mails a member chose to receive (beyond the transactional ones). */
export async function notificationSettings(
  db: Db,
  id: string,
): Promise<{ cycleCredited: boolean } | undefined> {
  const [row] = await db
    .select({ cycleCredited: users.cycleMails })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function saveNotificationSettings(
  db: Db,
  id: string,
  settings: { cycleCredited: boolean },
): Promise<void> {
  await db.update(users).set({ cycleMails: settings.cycleCredited }).where(eq(users.id, id));
}

/** The anti-phishing phrase mails to this member carry (decision 051); null removes it. */
export async function setAntiPhishingPhrase(
  db: Db,
  userId: string,
  phrase: string | null,
): Promise<void> {
  await db.update(users).set({ antiPhishingPhrase: phrase }).where(eq(users.id, userId));
}
