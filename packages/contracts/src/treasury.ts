import { z } from 'zod';

/**
 * The treasury (administrators; docs/decisions/046-treasury-holdings-and-coverage.md): what the
 * platform holds on chain, by place, against what it owes members, by bucket. Amounts are exact
 * decimal strings of USDT (at most 6 decimals), never floats: a figure that decides whether
 * members' money is covered is not rounded on its way to the page.
 */

/** An exact amount of USDT as text: `1234.5`, `0`, `0.000001`. */
export const usdtDecimalSchema = z.string().regex(/^-?\d+(\.\d{1,6})?$/);

/**
 * One figure read from the chain: its last good value (null: never read), when that value was
 * read, and whether it is stale (a later read failed, or part of it could not be read).
 */
export const holdingSchema = z.object({
  usdt: usdtDecimalSchema.nullable(),
  asOf: z.string().nullable(),
  stale: z.boolean(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const treasuryOverviewSchema = z.object({
  holdings: z.object({
    /** Every member's deposit address, summed (the oldest read's time). */
    depositAddresses: holdingSchema.extend({
      addresses: z.number(),
      /** Addresses whose balance was never read (issued since the last scan, or a failed one). */
      unread: z.number(),
    }),
    /** The payout wallet (PAYOUT_PRIVATE_KEY); null when payouts are made elsewhere. */
    hotWallet: holdingSchema
      .extend({
        address: z.string(),
        /** BNB for gas, a decimal string of up to 18 decimals; not counted in coverage. */
        bnb: z.string().nullable(),
      })
      .nullable(),
    /** The read-only treasury addresses (TREASURY_ADDRESSES). */
    treasuryAddresses: z.array(holdingSchema.extend({ address: z.string() })),
    /** Every place above: null when any is unknown, stale when any is. */
    total: holdingSchema,
  }),
  liabilities: z.object({
    /** Members' available balances. */
    available: usdtDecimalSchema,
    /** Rewards locked until the subscription is renewed. */
    locked: usdtDecimalSchema,
    /** Withdrawal requests held, awaiting an administrator's decision. */
    pending: usdtDecimalSchema,
    /** Withdrawals approved and signed from the hot wallet, not yet settled. */
    approvedUnsent: usdtDecimalSchema,
    total: usdtDecimalSchema,
  }),
  /** Holdings / liabilities as a decimal string (`1.0234`); null when either is unknown or 0. */
  coverage: z.string().nullable(),
  /** The last scan of the chain: when, how, and how it ended. */
  lastScan: z
    .object({
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      method: z.enum(['multicall', 'batch']).nullable(),
      addresses: z.number(),
      read: z.number(),
      error: z.string().nullable(),
    })
    .nullable(),
  /** One snapshot per UTC day, oldest first (at most 90). */
  snapshots: z.array(
    z.object({
      day: z.string(),
      holdings: usdtDecimalSchema.nullable(),
      liabilities: usdtDecimalSchema,
      coverage: z.string().nullable(),
      stale: z.boolean(),
    }),
  ),
  /** Block explorer for address links. */
  explorerUrl: z.string().nullable(),
});
export type TreasuryOverview = z.infer<typeof treasuryOverviewSchema>;
