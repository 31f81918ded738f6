import { z } from 'zod';
import { MAX_WITHDRAWAL_USDT, WITHDRAWAL_HISTORY_LIMIT, WITHDRAWAL_STATUSES } from './constants';

/**
 * Wire schemas of the member's withdrawal history (member sections 3 and 7: GET /withdrawals).
 * Requests, OTP and admin review come with the withdrawals issue.
 */

/**
 * Hot-wallet payout (decision 045). NONE: nothing signed. SENDING: signed and stored, its nonce
 * reserved for it (maybe broadcast, maybe replaced with a higher fee). CANCELLING: a zero-value
 * self-transfer takes its nonce; the request is returned once that is final. CONFIRMING:
 * approved with the hash of a transfer made elsewhere that matches and is not final yet. SENT:
 * paid, final. FAILED: its nonce was used by a transaction that paid nothing (final): nothing of
 * it can be mined any more.
 */
export const PAYOUT_STATES = [
  'NONE',
  'SENDING',
  'CANCELLING',
  'CONFIRMING',
  'SENT',
  'FAILED',
] as const;
export type PayoutState = (typeof PAYOUT_STATES)[number];

/** A rejection, block or cancel waiting for the payout's nonce to be taken by a cancellation. */
export interface PayoutAbandon {
  status: 'REJECTED' | 'BLOCKED_COMPLIANCE' | 'CANCELLED';
  reason: string | null;
  /** Who asked (an administrator, or the member for CANCELLED). */
  by: string;
}

export const withdrawalSchema = z.object({
  _id: z.string(),
  amount: z.number(),
  walletAddress: z.string(),
  asset: z.literal('USDT'),
  status: z.enum(WITHDRAWAL_STATUSES),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  transactionHash: z.string().nullable(),
  /** Why a request was rejected or blocked. */
  reason: z.string().nullable(),
  /**
   * Beyond the spec: where a hot-wallet transfer stands (NONE: none was started, the request is
   * reviewed and paid by hand). The status timeline reads it with the times above.
   */
  payout: z.enum(PAYOUT_STATES),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(WITHDRAWAL_HISTORY_LIMIT),
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(WITHDRAWAL_STATUSES).optional(),
  ),
});
export type WithdrawalsQuery = z.infer<typeof withdrawalsQuerySchema>;

export const withdrawalsResponseSchema = z.object({
  withdrawals: z.array(withdrawalSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    limit: z.number(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
  }),
  /** Beyond the spec: the block explorer the address and transaction links point to. */
  explorerUrl: z.string().nullable(),
});
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponseSchema>;

// ------------------------------------------------------------ OTP (member section 7)

/** How long after a code is mailed another may be requested. */
export const OTP_RESEND_COOLDOWN_SECONDS = 60;

/**
 * Beyond the spec (which sends no body): the withdrawal the code is for, so the mail can state
 * the amount and the address the member is confirming. Both or neither.
 */
export const otpRequestSchema = z
  .object({
    amount: z.number().positive().max(MAX_WITHDRAWAL_USDT),
    walletAddress: z.string().trim().min(1).max(64),
  })
  .partial()
  .nullish();
export type OtpRequest = z.infer<typeof otpRequestSchema>;

export const otpRequestResponseSchema = z.object({
  expiresAt: z.string(),
  /** Beyond the spec: when another code may be requested. */
  resendAvailableAt: z.string(),
});
export type OtpRequestResponse = z.infer<typeof otpRequestResponseSchema>;

export const otpVerifyRequestSchema = z.object({
  otp: z
    .string({ error: 'Please enter the OTP code' })
    .trim()
    .min(1, 'Please enter the OTP code')
    .max(32),
});

export const otpStatusSchema = z.object({
  /** A code is waiting to be used (mailed, not expired, not void, not used). */
  active: z.boolean(),
  verified: z.boolean(),
  expiresAt: z.string().nullable(),
  attemptsLeft: z.number(),
  resendAvailableAt: z.string().nullable(),
});
export type OtpStatus = z.infer<typeof otpStatusSchema>;

// ------------------------------------------------------------------ POST /withdrawals

export const createWithdrawalSchema = z.object({
  amount: z
    .number({ error: 'Invalid withdrawal amount' })
    .positive('Invalid withdrawal amount')
    .max(MAX_WITHDRAWAL_USDT, 'Invalid withdrawal amount'),
  walletAddress: z.string({ error: 'Please enter a valid wallet address' }).trim().max(64),
  asset: z.literal('USDT', { error: 'The asset is always USDT' }),
  otp: z.string({ error: 'Please enter the OTP code' }).trim().max(32),
  /**
   * Beyond the spec: members with two-factor sign-in confirm every withdrawal with a current
   * authenticator code (or a recovery code); TWO_FACTOR_REQUIRED without it (decision 040).
   */
  totpCode: z.string().trim().max(32).optional(),
});
export type CreateWithdrawalRequest = z.infer<typeof createWithdrawalSchema>;

export const withdrawalIdParamsSchema = z.object({ id: z.string().max(64) });

// --------------------------------------------------------------- admin (admin sections 3, 7)

export const CHAIN_CHECK_STATES = [
  'VERIFIED',
  'MISMATCH',
  'NOT_FOUND',
  'UNAVAILABLE',
  'NOT_CONFIGURED',
] as const;
export type ChainCheckState = (typeof CHAIN_CHECK_STATES)[number];

export const chainCheckSchema = z.object({
  state: z.enum(CHAIN_CHECK_STATES),
  /** What was found, in words (amount and recipient of the transfer, or why not). */
  detail: z.string(),
});
export type ChainCheck = z.infer<typeof chainCheckSchema>;

export const adminWithdrawalsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  search: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().trim().max(100).optional(),
  ),
  status: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(WITHDRAWAL_STATUSES).optional(),
  ),
  sort: z.enum(['-createdAt', 'createdAt', '-amount', 'amount']).default('-createdAt'),
});
export type AdminWithdrawalsQuery = z.infer<typeof adminWithdrawalsQuerySchema>;

const adminPerson = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userId: z.string(),
});

export const adminWithdrawalSchema = z.object({
  _id: z.string(),
  user: adminPerson,
  amount: z.number(),
  asset: z.literal('USDT'),
  walletAddress: z.string(),
  transactionHash: z.string().nullable(),
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  requestedAt: z.string(),
  processedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Beyond the spec: the hot-wallet payout of an approval, when one was sent. */
  payout: z.enum(PAYOUT_STATES),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const withdrawalStatisticsSchema = z.object({
  total: z.number(),
  pending: z.number(),
  approved: z.number(),
  rejected: z.number(),
  blocked: z.number(),
  /** Beyond the spec: requests their members cancelled. */
  cancelled: z.number(),
  totalApprovedAmount: z.number(),
  totalPendingAmount: z.number(),
  totalRequestedAmount: z.number(),
});
export type WithdrawalStatistics = z.infer<typeof withdrawalStatisticsSchema>;

export const adminWithdrawalsResponseSchema = z.object({
  withdrawals: z.array(adminWithdrawalSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
    limit: z.number(),
    resultsCount: z.number(),
  }),
  statistics: withdrawalStatisticsSchema,
  explorerUrl: z.string().nullable(),
});
export type AdminWithdrawalsResponse = z.infer<typeof adminWithdrawalsResponseSchema>;

/** Beyond the spec: everything the review page at /admin/withdrawals/{id} shows. */
export const withdrawalReviewSchema = z.object({
  withdrawal: adminWithdrawalSchema,
  member: z.object({
    status: z.string(),
    availableBalance: z.number(),
    lockedBalance: z.number(),
    pendingBalance: z.number(),
    totalEarned: z.number(),
    totalWithdrawn: z.number(),
    compliance: z.object({
      locked: z.boolean(),
      reasons: z.array(z.string()),
      lockedSince: z.string().nullable(),
    }),
    /**
     * Beyond the spec: the member's withdrawals are frozen (decision 040): by the owner's "Not
     * me" link (until null: only an administrator lifts it) or for a day after an administrator
     * reset the second factor. Approvals are refused meanwhile; the request stays pending.
     */
    withdrawalsFrozen: z
      .object({
        reason: z.enum(['OWNER_FREEZE', 'TWO_FACTOR_RESET']),
        until: z.string().nullable(),
      })
      .nullable(),
  }),
  ledger: z.array(
    z.object({
      kind: z.string(),
      available: z.number(),
      locked: z.number(),
      pending: z.number(),
      withdrawn: z.number(),
      memo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  pastWithdrawals: z.array(adminWithdrawalSchema),
  /** The on-chain check of the recorded transaction hash (null without one). */
  chainCheck: chainCheckSchema.nullable(),
  /** Whether "Approve and send" is available (a hot wallet is configured). */
  canSend: z.boolean(),
  explorerUrl: z.string().nullable(),
});
export type WithdrawalReview = z.infer<typeof withdrawalReviewSchema>;

export const REVIEW_STATUSES = ['APPROVED', 'REJECTED', 'BLOCKED_COMPLIANCE'] as const;

export const reviewWithdrawalSchema = z
  .object({
    status: z.enum(REVIEW_STATUSES, {
      error: 'status must be APPROVED, REJECTED or BLOCKED_COMPLIANCE',
    }),
    reason: z.string().trim().max(500).optional(),
    transactionHash: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x and 64 hex digits')
      .optional(),
    /** Beyond the spec: approve and send the USDT from the hot wallet. */
    send: z.boolean().optional(),
  })
  .refine((v) => v.status !== 'REJECTED' || (v.reason !== undefined && v.reason !== ''), {
    message: 'A reason is required when rejecting',
    path: ['reason'],
  })
  .refine((v) => !(v.send && v.transactionHash), {
    message: 'Either send from the hot wallet or give the hash of a transfer made elsewhere',
    path: ['transactionHash'],
  });
export type ReviewWithdrawalRequest = z.infer<typeof reviewWithdrawalSchema>;

export const checkTransactionSchema = z.object({
  transactionHash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x and 64 hex digits'),
});
