import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The one schema, for PGlite and PostgreSQL alike. `drizzle-kit generate` turns changes here
 * into committed SQL under migrations/; keep to PostgreSQL 15 SQL.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Members' public numbers start at CT1000001. */
export const userNumberSeq = pgSequence('user_number_seq', { startWith: 1000001 });
/** Deposit address child index n of m/44'/60'/0'/0, in order of registration. */
export const depositIndexSeq = pgSequence('deposit_index_seq', { startWith: 0, minValue: 0 });

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .unique()
      .default(sql`'CT' || nextval('user_number_seq')`),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull().unique(),
    /** Null for the network's root account, which never signs in. */
    passwordHash: text('password_hash'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isRoot: boolean('is_root').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id),
    depositIndex: integer('deposit_index').unique(),
    walletAddress: text('wallet_address').unique(),
    bingxUid: text('bingx_uid').unique(),
    subscriptionPaidAt: timestamp('subscription_paid_at', { withTimezone: true }),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** Micro-USDT paid toward the next period but short of a full fee. */
    subscriptionCreditMicro: bigint('subscription_credit_micro', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The `paid_until` whose expiry reminder was mailed: one reminder per period. */
    subscriptionReminderFor: timestamp('subscription_reminder_for', { withTimezone: true }),
    /** Bumped by a password change or a LOCKED/DISABLED status: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('users_status_check', sql`${t.status} in ('ACTIVE', 'LOCKED', 'DISABLED')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_subscription_credit_check', sql`${t.subscriptionCreditMicro} >= 0`),
    uniqueIndex('users_single_root')
      .on(t.isRoot)
      .where(sql`${t.isRoot}`),
    index('users_referred_by_idx').on(t.referredBy),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Closure table of the referral network: every (upline, member) pair up to 15 levels apart,
 * written with the registration and never changed (the upline is fixed for life).
 *
 * The `descendant_*` columns copy the member's own fields so that statistics, level counts and
 * "newest first" pages of a network read one index and never join `users` (docs/decisions/
 * 008-referral-tree-lazy-loading.md). Triggers keep them equal to `users` (migration 0001):
 * they are filled from `users` on insert, whatever the insert says, and follow every change of
 * `created_at`, `status`, `bingx_uid` and `paid_until`.
 */
export const referralPaths = pgTable(
  'referral_paths',
  {
    ancestor: uuid('ancestor')
      .notNull()
      .references(() => users.id),
    descendant: uuid('descendant')
      .notNull()
      .references(() => users.id),
    depth: smallint('depth').notNull(),
    descendantJoinedAt: timestamp('descendant_joined_at', { withTimezone: true }).notNull(),
    descendantStatus: text('descendant_status').notNull(),
    descendantLinked: boolean('descendant_linked').notNull(),
    descendantPaidUntil: timestamp('descendant_paid_until', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.ancestor, t.descendant] }),
    check('referral_paths_depth_check', sql`${t.depth} between 1 and 15`),
    index('referral_paths_descendant_idx').on(t.descendant, t.depth),
    // One level of a network in join order: children in the tree, history pages of one level.
    index('referral_paths_ancestor_level_idx').on(
      t.ancestor,
      t.depth,
      t.descendantJoinedAt,
      t.descendant,
    ),
    // Per-level statistics and descendant counts from a narrow index alone.
    index('referral_paths_ancestor_stats_idx').on(
      t.ancestor,
      t.depth,
      t.descendantStatus,
      t.descendantLinked,
      t.descendantPaidUntil,
    ),
    // A whole network in join order (history pages without a level filter).
    index('referral_paths_ancestor_joined_idx').on(
      t.ancestor,
      t.descendantJoinedAt,
      t.descendant,
      t.depth,
      t.descendantStatus,
    ),
  ],
);

/** Email verification and password reset tokens: only a SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('auth_tokens_purpose_check', sql`${t.purpose} in ('VERIFY_EMAIL', 'RESET_PASSWORD')`),
    index('auth_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/**
 * Outgoing mail, written in the same transaction as the change that causes it and delivered
 * after commit (and retried by the outbox job). Without SMTP, delivered rows are the dev mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    index('mail_outbox_to_idx').on(t.toAddress, t.createdAt),
  ],
);

/**
 * USDT payments received on members' deposit addresses, each (tx hash, log index) once: the
 * unique key is what makes crediting exactly-once, whoever scans the chain and however often.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
    periodsAdded: integer('periods_added').notNull().default(0),
    paidUntilAfter: timestamp('paid_until_after', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_payments_log_unique').on(t.txHash, t.logIndex),
    index('subscription_payments_user_idx').on(t.userId, t.creditedAt),
    check('subscription_payments_amount_check', sql`${t.amountMicro} >= 0`),
  ],
);

/** How far each chain has been scanned; a restart resumes after `last_block`. */
export const chainCursors = pgTable('chain_cursors', {
  name: text('name').primaryKey(),
  lastBlock: bigint('last_block', { mode: 'bigint' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every administrator action and sign-in: who, what, on what, before and after, from where. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id),
    actorEmail: text('actor_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

export const schema = {
  users,
  referralPaths,
  authTokens,
  mailOutbox,
  subscriptionPayments,
  chainCursors,
  auditLog,
  userNumberSeq,
  depositIndexSeq,
};
export type Schema = typeof schema;
