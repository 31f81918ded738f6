import { z } from 'zod';
import { BINGX_UID_PATTERN, trimmedPattern } from './validation';

/** Wire schemas of subscription payment and exchange linking (member sections 2 and 7). */

export const subscriptionPaymentSchema = z.object({
  _id: z.string(),
  /** USDT credited (6 decimals at most). */
  amount: z.number(),
  transactionHash: z.string(),
  blockNumber: z.number(),
  /** Periods (30 days each) this payment completed, with any earlier credit. */
  periodsAdded: z.number(),
  /** paid_until after this payment, or null when it only added credit. */
  paidUntil: z.string().nullable(),
  /** Beyond the spec: when the period(s) this payment bought began (its receipt); null likewise. */
  paidFrom: z.string().nullable(),
  creditedAt: z.string(),
});
export type SubscriptionPayment = z.infer<typeof subscriptionPaymentSchema>;

/** A transfer to the deposit address in a block that is not final yet: seen, confirming. */
export const incomingPaymentSchema = z.object({
  transactionHash: z.string(),
  amount: z.number(),
  blockNumber: z.number(),
  /** Blocks still to come before its block is final and the payment is credited. */
  blocksToFinal: z.number(),
});
export type IncomingPayment = z.infer<typeof incomingPaymentSchema>;

/** GET /api/users/refresh-subscription: the member's subscription after a scan of their address. */
export const subscriptionSchema = z.object({
  subscriptionFee: z.object({ paid: z.boolean(), timestamp: z.string().nullable() }),
  paidUntil: z.string().nullable(),
  /** The monthly fee in USDT. */
  feeUsdt: z.number(),
  periodDays: z.number(),
  /** Paid toward the next period but not yet a full fee (under- or overpayment). */
  creditUsdt: z.number(),
  /** What is still missing for the next period. */
  amountDueUsdt: z.number(),
  /** The member's own deposit address. */
  walletAddress: z.string().nullable(),
  /** The USDT token contract on BNB Smart Chain (BEP20). */
  usdtContract: z.string(),
  network: z.literal('BEP20 (BSC)'),
  /** A block explorer base URL (transaction links are `${explorerUrl}/tx/${hash}`); null: the
   * chain has no known explorer, so no links (decision 035). */
  explorerUrl: z.string().nullable(),
  /** True when payments come from the built-in simulated chain (development only). */
  simulatedChain: z.boolean(),
  /** When the payment watcher last finished reading the chain (null: not yet, or unknown). */
  lastChainScanAt: z.string().nullable().optional(),
  payments: z.array(subscriptionPaymentSchema),
  /**
   * Beyond the spec: transfers seen in blocks not final yet, from the member's own recent scan.
   * Absent when the chain's newest blocks were not read (unknown, which is not "none").
   */
  incoming: z.array(incomingPaymentSchema).optional(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** PUT /api/users/bingx-uid */
export const linkExchangeRequestSchema = z.object({
  bingXUID: z
    .string({ error: 'Please enter your BingX UID' })
    .trim()
    .min(1, 'Please enter your BingX UID')
    .max(32)
    .meta({ pattern: trimmedPattern(BINGX_UID_PATTERN) }),
});

/** What a UID pre-check looks at, in the order linking checks it. */
export const UID_CRITERIA = ['INVITED', 'KYC', 'DEPOSIT'] as const;
export type UidCriterion = (typeof UID_CRITERIA)[number];

/**
 * POST /api/users/bingx-uid/check (beyond the spec): the eligibility of a UID without linking
 * it: what a paying member must still do on BingX. `ok` null: BingX did not say.
 */
export const uidCheckSchema = z.object({
  uid: z.string(),
  /** True only when every criterion of BingX is met; null when one is unknown. */
  eligible: z.boolean().nullable(),
  /**
   * Always false: the check does not tell who holds a UID (decision 040). Linking answers
   * BINGX_UID_ALREADY_EXISTS, the spec's code, under the same turns. Kept for the contract.
   */
  takenByOther: z.boolean(),
  criteria: z.array(
    z.object({
      key: z.enum(UID_CRITERIA),
      ok: z.boolean().nullable(),
      /**
       * Always null: the check never shows an account's balance (decision 040); a missing
       * deposit reads "below 100 USDT". Kept for the contract.
       */
      figure: z.string().nullable(),
    }),
  ),
});
export type UidCheck = z.infer<typeof uidCheckSchema>;

/** Development only: POST /dev/api/simulate-payment sends USDT on the simulated chain. */
export const simulatePaymentRequestSchema = z.object({
  amount: z.number().positive().max(100_000),
});

/** Development only: GET /dev/api/exchange/demo-uids lists simulator UIDs with their outcome. */
export const demoUidSchema = z.object({ uid: z.string(), outcome: z.string() });
