import type { WithdrawalStatus } from '@ctn/contracts/constants';
import type { CyclePreview, CycleSource, CycleStatus } from '@ctn/contracts/cycles';
import type { PayoutAbandon, PayoutState } from '@ctn/contracts/withdrawals';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
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
    /** The member wants the non-transactional "cycle credited" mails (on /profile). */
    cycleMails: boolean('cycle_mails').notNull().default(true),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isRoot: boolean('is_root').notNull().default(false),
    status: text('status').notNull().default('ACTIVE'),
    referralCode: text('referral_code').notNull().unique(),
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id),
    depositIndex: integer('deposit_index').unique(),
    walletAddress: text('wallet_address').unique(),
    /**
     * The chain (identity) and its final block when the deposit address was handed out: the
     * watcher scans the address from there (decision 014). Null when the chain could not be read
     * then; the watcher then starts the address a re-scan window before its own position.
     */
    depositIssuedChain: text('deposit_issued_chain'),
    depositIssuedBlock: bigint('deposit_issued_block', { mode: 'bigint' }),
    /** The watcher has scanned this address from its issue block up to its own position. */
    depositCaughtUp: boolean('deposit_caught_up').notNull().default(false),
    bingxUid: text('bingx_uid').unique(),
    subscriptionPaidAt: timestamp('subscription_paid_at', { withTimezone: true }),
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** Micro-USDT paid toward the next period but short of a full fee. */
    subscriptionCreditMicro: bigint('subscription_credit_micro', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The `paid_until` whose expiry reminder was mailed: one reminder per period. */
    subscriptionReminderFor: timestamp('subscription_reminder_for', { withTimezone: true }),
    /** Compliance (DESIGN.md section 4): since when new rewards go to the locked bucket. */
    earningsLockedSince: timestamp('earnings_locked_since', { withTimezone: true }),
    /** Why, as of the last check: LOW_BALANCE, COPYING_STOPPED, SUBSCRIPTION_LAPSED, ... */
    earningsLockReasons: text('earnings_lock_reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    complianceCheckedAt: timestamp('compliance_checked_at', { withTimezone: true }),
    /**
     * The first successful check that saw an exchange condition (low balance, copying stopped)
     * not yet confirmed: a lock needs it seen again a day later (decision 017).
     */
    exchangeConcernSince: timestamp('exchange_concern_since', { withTimezone: true }),
    /** Why the last check knew nothing new of the member (the exchange's answer was unusable). */
    complianceUnknownReason: text('compliance_unknown_reason'),
    complianceUnknownAt: timestamp('compliance_unknown_at', { withTimezone: true }),
    /** What the exchange said when the UID was linked. */
    bingxDirectInvitation: boolean('bingx_direct_invitation'),
    bingxRegisteredAt: timestamp('bingx_registered_at', { withTimezone: true }),
    bingxLinkedAt: timestamp('bingx_linked_at', { withTimezone: true }),
    /** The last lock-reminder day mailed in the current lock (0 = the lock mail itself). */
    complianceMailDay: smallint('compliance_mail_day'),
    /**
     * Withdrawals are refused until this moment: 'infinity' after the owner's "Not me? Freeze my
     * account" (only an administrator lifts it), a day after an administrator reset the second
     * factor. Null: not frozen.
     */
    withdrawalsFrozenUntil: timestamp('withdrawals_frozen_until', { withTimezone: true }),
    /** Why, for the member's refusal and the admin user detail: OWNER_FREEZE, TWO_FACTOR_RESET. */
    withdrawalsFrozenReason: text('withdrawals_frozen_reason'),
    /**
     * The member's anti-phishing phrase (decision 051): printed at the top of every mail to
     * them, so a mail without it is not ours. Null: none set.
     */
    antiPhishingPhrase: text('anti_phishing_phrase'),
    /**
     * The relay refused mail to this address for good (a 5xx answer about the recipient): since
     * when, and its answer, for the admin user detail. Cleared by a later accepted mail.
     */
    emailUndeliverableAt: timestamp('email_undeliverable_at', { withTimezone: true }),
    emailUndeliverableAnswer: text('email_undeliverable_answer'),
    /**
     * Wrong passwords in a row on this account from any address (decision 039); a right one sets
     * it back to 0. At 20, `signInLockedAt` is set and only the mailed unlock link clears it.
     */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    signInLockedAt: timestamp('sign_in_locked_at', { withTimezone: true }),
    /** Until when the second factor is refused after a budget of wrong codes (decision 039). */
    twoFactorLockedUntil: timestamp('two_factor_locked_until', { withTimezone: true }),
    /** How many such pauses in a row: each lasts twice the last, up to 24 h. */
    twoFactorLockouts: integer('two_factor_lockouts').notNull().default(0),
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
    // With the id: the admin list's newest-first page reads it backwards, no sort (bench:load).
    index('users_created_idx').on(t.createdAt, t.id),
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

/** Email verification, password reset and sign-in unlock tokens: only a SHA-256 of each is stored. */
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
    check(
      'auth_tokens_purpose_check',
      sql`${t.purpose} in ('VERIFY_EMAIL', 'RESET_PASSWORD', 'UNLOCK_SIGN_IN')`,
    ),
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
    /** Holds a one-time code or link: its body is blanked once delivered (who/what/when stay). */
    secret: boolean('secret').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** When the last send was tried (set with its outcome). */
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The relay refused it for good (a 5xx about the recipient): never tried again (decision 036). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_unsent_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    // The backlog and the age of its oldest row (/metrics, the admin dashboard).
    index('mail_outbox_backlog_idx')
      .on(t.createdAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
    index('mail_outbox_failed_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
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

/**
 * Reconciliation reports (decision 014): the chain, the ledger and the hot wallet compared, with
 * every difference; kept so a difference stays visible after it is mailed.
 */
export const reconciliationReports = pgTable(
  'reconciliation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
    clean: boolean('clean').notNull(),
    differences: integer('differences').notNull(),
    report: jsonb('report').notNull(),
  },
  (t) => [index('reconciliation_reports_ran_at_idx').on(t.ranAt)],
);

/**
 * The public earnings disclosure (issue 18): one row per UTC day, built by a daily job from the
 * rewards and the subscription payments; `figures` is the contract's window list.
 */
export const earningsDisclosures = pgTable('earnings_disclosures', {
  day: date('day', { mode: 'string' }).primaryKey(),
  figures: jsonb('figures').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The treasury (decision 046): the last good balance of every address it reads (members' deposit
 * addresses, the hot wallet, the treasury addresses), so the page reads the database, not the
 * chain. `failed_at` after `read_at`: a later read failed and the value is stale.
 */
export const treasuryBalances = pgTable(
  'treasury_balances',
  {
    /** Lower-cased. */
    address: text('address').primaryKey(),
    place: text('place').$type<'DEPOSIT' | 'HOT_WALLET' | 'TREASURY'>().notNull(),
    usdtMicro: bigint('usdt_micro', { mode: 'bigint' }).notNull(),
    /** The native coin (BNB) in wei: read for the hot wallet only. */
    nativeWei: numeric('native_wei', { precision: 78, scale: 0 }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    index('treasury_balances_place_idx').on(t.place),
    check(
      'treasury_balances_place_check',
      sql`${t.place} in ('DEPOSIT', 'HOT_WALLET', 'TREASURY')`,
    ),
    check('treasury_balances_usdt_check', sql`${t.usdtMicro} >= 0`),
  ],
);

/** One row per scan of the chain by the treasury job: how it went, kept for the page. */
export const treasuryScans = pgTable(
  'treasury_scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    method: text('method').$type<'multicall' | 'batch'>(),
    addresses: integer('addresses').notNull(),
    read: integer('read').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    error: text('error'),
  },
  (t) => [index('treasury_scans_started_idx').on(t.startedAt)],
);

/** The treasury's daily snapshot (one per UTC day): holdings, liabilities, coverage. */
export const treasurySnapshots = pgTable('treasury_snapshots', {
  day: date('day', { mode: 'string' }).primaryKey(),
  /** Null: a holding was unknown that day. */
  holdingsMicro: bigint('holdings_micro', { mode: 'bigint' }),
  liabilitiesMicro: bigint('liabilities_micro', { mode: 'bigint' }).notNull(),
  coverage: numeric('coverage', { precision: 20, scale: 4 }),
  stale: boolean('stale').notNull(),
  /** The whole overview as the page showed it then. */
  detail: jsonb('detail').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An administrator's "rescan from block N" (decision 014): run by a job in batches, on the chain
 * it was asked for, crediting what it finds exactly once; `next_block` is its progress.
 */
export const chainRescans = pgTable(
  'chain_rescans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chainIdentity: text('chain_identity').notNull(),
    fromBlock: bigint('from_block', { mode: 'bigint' }).notNull(),
    toBlock: bigint('to_block', { mode: 'bigint' }).notNull(),
    nextBlock: bigint('next_block', { mode: 'bigint' }).notNull(),
    status: text('status').notNull().default('RUNNING'),
    credited: integer('credited').notNull().default(0),
    error: text('error'),
    requestedBy: uuid('requested_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('chain_rescans_status_check', sql`${t.status} in ('RUNNING', 'DONE', 'FAILED')`),
    check('chain_rescans_range_check', sql`${t.fromBlock} >= 0 and ${t.toBlock} >= ${t.fromBlock}`),
  ],
);

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

/** Platform settings an administrator saves (one JSON document per group). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: uuid('updated_by').references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

const micro = (name: string) =>
  bigint(name, { mode: 'bigint' })
    .notNull()
    .default(sql`0`);

/**
 * Per-member balances in micro-USDT, changed only together with a ledger entry in the same
 * statement (modules/ledger). The CHECKs make an overdraft an error, never a negative balance.
 */
export const balances = pgTable(
  'balances',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id),
    availableMicro: micro('available_micro'),
    lockedMicro: micro('locked_micro'),
    pendingMicro: micro('pending_micro'),
    totalEarnedMicro: micro('total_earned_micro'),
    totalWithdrawnMicro: micro('total_withdrawn_micro'),
    forfeitedMicro: micro('forfeited_micro'),
    /** DOWNLINE credits held while the trading member's UID link is under review (decision 044). */
    heldMicro: micro('held_micro'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('balances_available_check', sql`${t.availableMicro} >= 0`),
    check('balances_locked_check', sql`${t.lockedMicro} >= 0`),
    check('balances_pending_check', sql`${t.pendingMicro} >= 0`),
    check('balances_earned_check', sql`${t.totalEarnedMicro} >= 0`),
    check('balances_withdrawn_check', sql`${t.totalWithdrawnMicro} >= 0`),
    check('balances_forfeited_check', sql`${t.forfeitedMicro} >= 0`),
    check('balances_held_check', sql`${t.heldMicro} >= 0`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE, migration 0004): every change of a balance,
 * as deltas of each bucket. `(user_id, kind, source_key)` is unique, so a source (a payment, a
 * cycle, a withdrawal, a compliance event) moves a member's money once.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    sourceKey: text('source_key').notNull(),
    availableDelta: micro('available_delta'),
    lockedDelta: micro('locked_delta'),
    pendingDelta: micro('pending_delta'),
    earnedDelta: micro('earned_delta'),
    withdrawnDelta: micro('withdrawn_delta'),
    forfeitedDelta: micro('forfeited_delta'),
    heldDelta: micro('held_delta'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_source_unique').on(t.userId, t.kind, t.sourceKey),
    index('ledger_entries_user_idx').on(t.userId, t.createdAt),
    check(
      'ledger_entries_kind_check',
      sql`${t.kind} in ('REWARD_DIRECT', 'REWARD_DOWNLINE', 'LOCK_RELEASE', 'LOCK_FORFEIT', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_PAID', 'WITHDRAWAL_RETURNED', 'HOLD_RELEASE', 'HOLD_FORFEIT', 'REWARD_CORRECTION')`,
    ),
  ],
);

/** Cycle numbers, assigned when a cycle first runs. */
export const rewardCycleNumberSeq = pgSequence('reward_cycle_number_seq', { startWith: 1 });

/** A DOWNLINE batch: master amounts per member for a period, previewed, then run once. */
export const rewardCycles = pgTable(
  'reward_cycles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').unique(),
    status: text('status').$type<CycleStatus>().notNull().default('DRAFT'),
    source: text('source').$type<CycleSource>().notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    members: integer('members').notNull(),
    totalMasterMicro: bigint('total_master_micro', { mode: 'bigint' }).notNull(),
    /** The preview as the administrator saw it (unknown UIDs, line errors, projected payout). */
    preview: jsonb('preview').$type<CyclePreview>().notNull(),
    /** Percent x 100 per level, fixed when the run starts. */
    schedule: integer('schedule').array(),
    statement: jsonb('statement'),
    totalPaidMicro: bigint('total_paid_micro', { mode: 'bigint' }),
    rewardLines: integer('reward_lines'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id),
    createdByEmail: text('created_by_email').notNull(),
    /**
     * Why this cycle may cover days another cycle of its source already paid (a CSV correction,
     * audited). Without it, the exclusion constraints of migration 0014 refuse the overlap.
     */
    correctionReason: text('correction_reason'),
    /**
     * The numbers of the paid cycles a correction nets out, as the administrator confirmed them:
     * their lines for the days both cover are taken back when it runs (decision 044).
     */
    correctsCycles: integer('corrects_cycles').array(),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When its members' "cycle credited" mails were queued (the cycle-mails job, once). */
    membersMailedAt: timestamp('members_mailed_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'reward_cycles_status_check',
      sql`${t.status} in ('DRAFT', 'RUNNING', 'COMPLETED', 'FAILED')`,
    ),
    check('reward_cycles_source_check', sql`${t.source} in ('EXCHANGE', 'CSV')`),
    index('reward_cycles_created_idx').on(t.createdAt),
  ],
);

/** The master amount of each member in a cycle. */
export const rewardCycleEntries = pgTable(
  'reward_cycle_entries',
  {
    cycleId: uuid('cycle_id')
      .notNull()
      .references(() => rewardCycles.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    masterMicro: bigint('master_micro', { mode: 'bigint' }).notNull(),
    /**
     * The member's trading volume over the period, from the same exchange rows as the
     * commission; null when the source has none (a CSV batch) or a day's figure was unreadable.
     */
    volumeMicro: bigint('volume_micro', { mode: 'bigint' }),
  },
  (t) => [
    primaryKey({ columns: [t.cycleId, t.userId] }),
    // A member's cycles (the trading counters of the user reports).
    index('reward_cycle_entries_user_idx').on(t.userId, t.cycleId),
    check('reward_cycle_entries_master_check', sql`${t.masterMicro} > 0`),
    check(
      'reward_cycle_entries_volume_check',
      sql`${t.volumeMicro} is null or ${t.volumeMicro} >= 0`,
    ),
  ],
);

/**
 * Reward lines: DIRECT from a subscription payment, DOWNLINE from a cycle. The unique keys make
 * each line exist once, however often its source is processed.
 */
export const rewards = pgTable(
  'rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // No foreign keys on the three columns a cycle writes a million times: every line is built
    // from rows that have them (users, reward_cycle_entries, referral_paths), members are never
    // deleted (decision 010) and a cycle with lines never is, while the checks cost a cycle more
    // than its indexes (docs/performance.md, decision 012).
    /** Who receives it. */
    userId: uuid('user_id').notNull(),
    /** The payer (DIRECT) or the trading member (DOWNLINE). */
    sourceUserId: uuid('source_user_id').notNull(),
    type: text('type').notNull(),
    level: smallint('level').notNull(),
    rewardMicro: bigint('reward_micro', { mode: 'bigint' }).notNull(),
    masterMicro: bigint('master_micro', { mode: 'bigint' }).notNull(),
    /** Percent x 100 (0.6% is 60). */
    percentBp: integer('percent_bp').notNull(),
    cycleId: uuid('cycle_id'),
    paymentId: uuid('payment_id').references(() => subscriptionPayments.id),
    bucket: text('bucket').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // Partial: DIRECT lines stay out of the cycle key and DOWNLINE lines out of the payment key.
    uniqueIndex('rewards_cycle_line_unique')
      .on(t.cycleId, t.sourceUserId, t.level)
      .where(sql`${t.cycleId} is not null`),
    uniqueIndex('rewards_payment_line_unique')
      .on(t.paymentId, t.level)
      .where(sql`${t.paymentId} is not null`),
    index('rewards_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('rewards_created_idx').on(t.createdAt, t.id),
    check('rewards_type_check', sql`${t.type} in ('DIRECT', 'DOWNLINE')`),
    check('rewards_bucket_check', sql`${t.bucket} in ('AVAILABLE', 'LOCKED', 'HELD')`),
    // The held lines of one trading member (a review's clearing or rejection, decision 044).
    index('rewards_held_source_idx')
      .on(t.sourceUserId, t.userId)
      .where(sql`${t.bucket} = 'HELD'`),
    check('rewards_level_check', sql`${t.level} between 1 and 15`),
    check('rewards_amount_check', sql`${t.rewardMicro} > 0 and ${t.masterMicro} > 0`),
    check(
      'rewards_source_check',
      sql`(${t.type} = 'DIRECT' and ${t.paymentId} is not null and ${t.cycleId} is null) or (${t.type} = 'DOWNLINE' and ${t.cycleId} is not null and ${t.paymentId} is null)`,
    ),
  ],
);

/**
 * Withdrawal requests. At most one PENDING request per member, and a wallet address on at most
 * one PENDING request: partial unique indexes, so concurrent requests cannot slip past a check.
 * The held amount moves available -> pending with the insert (WITHDRAWAL_HOLD ledger entry).
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
    walletAddress: text('wallet_address').notNull(),
    asset: text('asset').notNull().default('USDT'),
    status: text('status').$type<WithdrawalStatus>().notNull().default('PENDING'),
    reason: text('reason'),
    transactionHash: text('transaction_hash'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    processedBy: uuid('processed_by').references(() => users.id),
    /** Hot-wallet payout: NONE, SENDING (signed and stored, maybe broadcast), SENT, FAILED. */
    payoutState: text('payout_state').$type<PayoutState>().notNull().default('NONE'),
    payoutNonce: bigint('payout_nonce', { mode: 'bigint' }),
    /** The hot wallet that signed it: nonces count per wallet, and the key can be rotated. */
    payoutFrom: text('payout_from'),
    /** The signed transaction, stored before broadcasting: a retry re-sends the same bytes. */
    payoutRawTx: text('payout_raw_tx'),
    payoutError: text('payout_error'),
    /** The administrator who pressed "Approve and send": recovery finishes the payout as them. */
    payoutStartedBy: uuid('payout_started_by').references(() => users.id),
    /**
     * The decision (REJECTED, BLOCKED_COMPLIANCE or CANCELLED, with its reason and who asked)
     * waiting for the zero-value self-transfer that takes the payout's nonce to be final
     * (payout_state CANCELLING, decision 045).
     */
    payoutAbandon: jsonb('payout_abandon').$type<PayoutAbandon>(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.requestedAt),
    index('withdrawals_requested_idx').on(t.requestedAt),
    uniqueIndex('withdrawals_one_pending_per_member')
      .on(t.userId)
      .where(sql`${t.status} = 'PENDING'`),
    uniqueIndex('withdrawals_one_pending_per_address')
      .on(sql`lower(${t.walletAddress})`)
      .where(sql`${t.status} = 'PENDING'`),
    // Rows signed before payout_from existed count as the current wallet's ('').
    uniqueIndex('withdrawals_payout_nonce_unique').on(
      sql`coalesce(lower(${t.payoutFrom}), '')`,
      t.payoutNonce,
    ),
    // One transfer on chain proves one payout: a hash cannot approve two requests.
    uniqueIndex('withdrawals_approved_hash_unique')
      .on(sql`lower(${t.transactionHash})`)
      .where(sql`${t.status} = 'APPROVED'`),
    check(
      'withdrawals_status_check',
      sql`${t.status} in ('PENDING', 'APPROVED', 'REJECTED', 'BLOCKED_COMPLIANCE', 'CANCELLED')`,
    ),
    check(
      'withdrawals_payout_state_check',
      sql`${t.payoutState} in ('NONE', 'SENDING', 'CANCELLING', 'CONFIRMING', 'SENT', 'FAILED')`,
    ),
    check('withdrawals_amount_check', sql`${t.amountMicro} > 0`),
  ],
);

/**
 * Every transaction signed for a hot-wallet payout, written before its bytes leave the process
 * (decision 045): the transfer, its replacements at the same nonce with a higher fee, and the
 * zero-value self-transfer that abandons it. All of them are checked on chain before the
 * request is re-sent, rejected or cancelled; reconciliation matches outflows to them.
 * `broadcast_at`: first handed to a node (set just before; null means never sent anywhere).
 */
export const payoutAttempts = pgTable(
  'payout_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    kind: text('kind').$type<'PAYOUT' | 'CANCEL'>().notNull(),
    fromAddress: text('from_address').notNull(),
    nonce: bigint('nonce', { mode: 'bigint' }).notNull(),
    hash: text('hash').notNull(),
    rawTx: text('raw_tx').notNull(),
    signedBy: uuid('signed_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    broadcastAt: timestamp('broadcast_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payout_attempts_hash_unique').on(sql`lower(${t.hash})`),
    index('payout_attempts_withdrawal_idx').on(t.withdrawalId, t.createdAt),
    check('payout_attempts_kind_check', sql`${t.kind} in ('PAYOUT', 'CANCEL')`),
  ],
);

/**
 * Withdrawal one-time codes: only an HMAC of the code is stored. Valid 10 minutes, at most 5
 * wrong tries, single use (`used_at`), bound to the withdrawal it confirmed.
 */
export const withdrawalOtps = pgTable(
  'withdrawal_otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    withdrawalId: uuid('withdrawal_id').references(() => withdrawals.id),
    /**
     * The withdrawal the code was mailed for (amount and address stated in the mail): a code
     * with them confirms only that withdrawal. Null for a code requested without them (spec).
     */
    amountMicro: bigint('amount_micro', { mode: 'bigint' }),
    walletAddress: text('wallet_address'),
    createdAt: createdAt(),
  },
  (t) => [index('withdrawal_otps_user_idx').on(t.userId, t.createdAt)],
);

/** A transaction id as PostgreSQL's pg_current_xact_id() gives it, carried as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The transactions that changed what the member counters count (who is a member, status,
 * verification, subscription, link), one row each, written by a trigger on users (migration
 * 0018). A cached count is still exact while no transaction it could not see is listed here.
 * Rows older than an hour are pruned by the reader.
 */
export const memberChanges = pgTable('member_changes', {
  xid: xid8('xid').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-ins of every account, one row per successful sign-in (the LOGIN activity of reports). */
export const memberLogins = pgTable(
  'member_logins',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('member_logins_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A user's second factor (RFC 6238 TOTP, decision 015): the secret encrypted with the server's
 * two-factor key (lib/secret-box.ts), never stored in clear. A row without `enabledAt` is an
 * enrolment waiting for its first code. `lastUsedStep` refuses a code used once from being used
 * again within its 30 s.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
  createdAt: createdAt(),
});

/** One-time recovery codes of a second factor, stored as HMACs; each works once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/**
 * Signed-in sessions: every token names its row, so a member sees where they are signed in and
 * can end one session or all of them. `lastSeenAt` is written at most every few minutes.
 */
export const userSessions = pgTable(
  'user_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its token expires: the session is listed until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('user_sessions_user_idx').on(t.userId, t.createdAt)],
);

/** What happened to an account's security: sign-ins, password and 2FA changes, withdrawals. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('security_events_user_idx').on(t.userId, t.createdAt)],
);

/**
 * An operational condition that lasts (the mail backlog too old, ...): its row exists while it
 * lasts, so administrators are alerted once when it starts, by whichever instance sees it first.
 */
export const alertEpisodes = pgTable('alert_episodes', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Background jobs shared by every instance (decision 013): one row per job holds when it is due
 * next and whose run holds the lease; an instance runs a job only after claiming it here.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** Lease of the run in progress, renewed while it runs; a dead run is retried after it. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  runs: bigint('runs', { mode: 'bigint' })
    .notNull()
    .default(sql`0`),
});

/** One row per claimed period: the primary key makes a period impossible to run twice. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    instance: text('instance').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    outcome: text('outcome').notNull().default('RUNNING'),
    error: text('error'),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.dueAt] }),
    index('job_runs_started_idx').on(t.startedAt),
    check('job_runs_outcome_check', sql`${t.outcome} in ('RUNNING', 'OK', 'FAILED', 'ABANDONED')`),
  ],
);

/**
 * Each daily compliance run: what it saw and whether it applied it. A run that would lock too
 * many members at once, or sees all copy trading stop, is HELD: nothing applied, administrators
 * alerted until one acknowledges it (decision 017).
 */
export const complianceRuns = pgTable(
  'compliance_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').notNull(),
    linkedMembers: integer('linked_members').notNull(),
    newlyLocked: integer('newly_locked').notNull(),
    unknownMembers: integer('unknown_members').notNull(),
    /** UIDs with copy-trading volume in the window; null when the listing could not be read. */
    copyingMembers: integer('copying_members'),
    /** Members whose COPYING_STOPPED was held back: no copying evidence yet (decision 038). */
    copyingHeld: integer('copying_held'),
    reason: text('reason'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: uuid('acknowledged_by').references(() => users.id),
  },
  (t) => [
    index('compliance_runs_started_idx').on(t.startedAt),
    check('compliance_runs_status_check', sql`${t.status} in ('APPLIED', 'HELD', 'SHADOW')`),
  ],
);

/**
 * What a shadow compliance run decided for each member it would act on, and on what evidence
 * (decision 038). Written only by shadow runs; an enforced run's effects are in the ledger,
 * the members' rows and the mail outbox.
 */
export const complianceDecisions = pgTable(
  'compliance_decisions',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => complianceRuns.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    reasons: text('reasons')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    mailDay: smallint('mail_day'),
    amountMicro: bigint('amount_micro', { mode: 'bigint' }),
    evidence: jsonb('evidence').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.userId] }),
    check(
      'compliance_decisions_action_check',
      sql`${t.action} in ('LOCK', 'REMIND', 'FORFEIT', 'RELEASE', 'CONCERN', 'UNKNOWN')`,
    ),
  ],
);

/**
 * A member's claim to a BingX UID that another account has linked: the UID proves nothing by
 * itself, so an administrator looks at both accounts and the exchange's answer and decides.
 */
export const uidClaims = pgTable(
  'uid_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    claimantId: uuid('claimant_id')
      .notNull()
      .references(() => users.id),
    uid: text('uid').notNull(),
    message: text('message').notNull(),
    /** Who held the UID when the claim was filed. */
    holderId: uuid('holder_id').references(() => users.id),
    status: text('status').notNull().default('OPEN'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    index('uid_claims_status_idx').on(t.status, t.createdAt),
    // One open claim per member at a time.
    uniqueIndex('uid_claims_one_open_per_member')
      .on(t.claimantId)
      .where(sql`${t.status} = 'OPEN'`),
    check(
      'uid_claims_status_check',
      sql`${t.status} in ('OPEN', 'UNLINKED', 'REASSIGNED', 'REJECTED')`,
    ),
  ],
);

/**
 * Every UID a member checked or tried to link (decision 043): the throttle's counters forget, and
 * the risk center looks for members probing many UIDs.
 */
export const uidCheckAttempts = pgTable(
  'uid_check_attempts',
  {
    id: bigint('id', { mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('uid_check_attempts_created_idx').on(t.createdAt, t.userId)],
);

/**
 * A UID link flagged for review (decision 043): the UID registered at BingX before the member (or
 * their upline) registered here, or the member shares a sign-in or withdrawal address. While
 * FLAGGED, the DOWNLINE credits its trading produces are held; CLEARED releases them, REJECTED
 * unlinked the UID. `invitationCode` is the code BingX names as the inviter's, when it does.
 */
export const uidLinkReviews = pgTable(
  'uid_link_reviews',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    uid: text('uid').notNull(),
    reasons: text('reasons').array().notNull(),
    invitationCode: text('invitation_code'),
    status: text('status').notNull().default('FLAGGED'),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
  },
  (t) => [
    index('uid_link_reviews_flagged_idx')
      .on(t.userId)
      .where(sql`${t.status} = 'FLAGGED'`),
    check('uid_link_reviews_status_check', sql`${t.status} in ('FLAGGED', 'CLEARED', 'REJECTED')`),
  ],
);

/** A risk signal an administrator marked reviewed, by its stable key (modules/risk). */
export const riskReviews = pgTable('risk_reviews', {
  signalKey: text('signal_key').primaryKey(),
  kind: text('kind').notNull(),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
  reviewedBy: uuid('reviewed_by')
    .notNull()
    .references(() => users.id),
});

/** Risk signals the daily digest has mailed: each is mailed once. */
export const riskDigestedSignals = pgTable('risk_digested_signals', {
  signalKey: text('signal_key').primaryKey(),
  digestedAt: timestamp('digested_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Merkle sum trees (docs/decisions/048): the daily proof of liabilities (LIABILITIES) and each
 * completed reward cycle's lines (CYCLE, one per cycle). Only the root, total, count and time are
 * public; leaves and nodes are read only for their own member's path.
 */
export const merkleTrees = pgTable(
  'merkle_trees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<'LIABILITIES' | 'CYCLE'>().notNull(),
    cycleId: uuid('cycle_id').references(() => rewardCycles.id),
    root: text('root').notNull(),
    totalMicro: bigint('total_micro', { mode: 'bigint' }).notNull(),
    leafCount: integer('leaf_count').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('merkle_trees_kind_check', sql`${t.kind} in ('LIABILITIES', 'CYCLE')`),
    check('merkle_trees_cycle_check', sql`(${t.kind} = 'CYCLE') = (${t.cycleId} is not null)`),
    check('merkle_trees_total_check', sql`${t.totalMicro} >= 0`),
    uniqueIndex('merkle_trees_cycle_unique')
      .on(t.cycleId)
      .where(sql`${t.cycleId} is not null`),
    index('merkle_trees_kind_built_idx').on(t.kind, t.builtAt),
  ],
);

/** A member's leaf in a tree: its salt (fresh per tree), amount and place among the leaves. */
export const merkleLeaves = pgTable(
  'merkle_leaves',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => merkleTrees.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    position: integer('position').notNull(),
    salt: text('salt').notNull(),
    amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.treeId, t.userId] }),
    check('merkle_leaves_amount_check', sql`${t.amountMicro} >= 0`),
  ],
);

/** Every node of a tree by level (0: the leaves) and position: a path is one indexed read. */
export const merkleNodes = pgTable(
  'merkle_nodes',
  {
    treeId: uuid('tree_id')
      .notNull()
      .references(() => merkleTrees.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    position: integer('position').notNull(),
    hash: text('hash').notNull(),
    sumMicro: bigint('sum_micro', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.treeId, t.level, t.position] })],
);

/**
 * A message sent through the public contact form (modules/support): mailed to support and its
 * number mailed back to the sender, both through the outbox in the same transaction.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    /** The ticket number's sequence ("CT-000042"). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_tickets_email_idx').on(t.email, t.createdAt)],
);

export const schema = {
  users,
  supportTickets,
  referralPaths,
  authTokens,
  mailOutbox,
  subscriptionPayments,
  chainCursors,
  reconciliationReports,
  earningsDisclosures,
  chainRescans,
  auditLog,
  settings,
  balances,
  ledgerEntries,
  rewardCycles,
  rewardCycleEntries,
  rewards,
  withdrawals,
  withdrawalOtps,
  memberLogins,
  uidCheckAttempts,
  uidLinkReviews,
  riskReviews,
  riskDigestedSignals,
  merkleTrees,
  merkleLeaves,
  merkleNodes,
  memberChanges,
  scheduledJobs,
  jobRuns,
  rewardCycleNumberSeq,
  userNumberSeq,
  depositIndexSeq,
};
export type Schema = typeof schema;
