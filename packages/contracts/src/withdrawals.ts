import { z } from 'zod';
import { WITHDRAWAL_HISTORY_LIMIT, WITHDRAWAL_STATUSES } from './constants';

/**
 * Wire schemas of the member's withdrawal history (member sections 3 and 7: GET /withdrawals).
 * Requests, OTP and admin review come with the withdrawals issue.
 */

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
  explorerUrl: z.string(),
});
export type WithdrawalsResponse = z.infer<typeof withdrawalsResponseSchema>;
