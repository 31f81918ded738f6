import { z } from 'zod';

/**
 * The reconciliation report (administrators; beyond the spec): the chain against the payments
 * credited, the ledger against the balances and what the platform owes, and the hot wallet
 * against the payouts in flight. Amounts in USDT, like every answer.
 */

export const RECONCILIATION_DIFFERENCE_KINDS = [
  /** A USDT transfer to a deposit address that no subscription payment records. */
  'TRANSFER_NOT_CREDITED',
  /** A subscription payment credited that the chain does not show in the range checked. */
  'CREDIT_WITHOUT_TRANSFER',
  /** A member's balance column that the ledger's entries do not add up to. */
  'BALANCE_MISMATCH',
  /** Owed (available + locked + held + pending) differs from earned - withdrawn - forfeited. */
  'LIABILITIES_MISMATCH',
  /** The hot wallet holds less USDT than the payouts being sent. */
  'HOT_WALLET_SHORT',
  /**
   * A USDT transfer out of the hot wallet that no approved request's payout attempt accounts
   * for (unknown hash, a request not approved, or another amount or address; decision 045).
   */
  'OUTFLOW_UNMATCHED',
  /** A second transfer out of the hot wallet for a request already paid by another. */
  'OUTFLOW_DUPLICATE',
  /** USDT left a deposit address for an address that is not a sweep destination. */
  'DEPOSIT_OUTFLOW_UNKNOWN',
] as const;

export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(RECONCILIATION_DIFFERENCE_KINDS),
  detail: z.string(),
  transactionHash: z.string().nullable(),
  userId: z.string().nullable(),
  amount: z.number().nullable(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

/** One part of the report: checked, or skipped with the reason (never "clean" when not read). */
const partSchema = z.object({
  checked: z.boolean(),
  note: z.string(),
});

/** A USDT transfer out of a deposit address to a sweep destination (`npm run sweep`). */
export const sweepTransferSchema = z.object({
  transactionHash: z.string(),
  blockNumber: z.number(),
  /** The deposit address swept, and its member's public number (null: no member has it). */
  from: z.string(),
  userId: z.string().nullable(),
  to: z.string(),
  amount: z.number(),
});
export type SweepTransfer = z.infer<typeof sweepTransferSchema>;

export const reconciliationReportSchema = z.object({
  _id: z.string(),
  ranAt: z.string(),
  clean: z.boolean(),
  differences: z.array(reconciliationDifferenceSchema),
  chain: partSchema.extend({
    fromBlock: z.number().nullable(),
    toBlock: z.number().nullable(),
    transfers: z.number(),
    credited: z.number(),
  }),
  ledger: partSchema.extend({
    entries: z.number(),
    balances: z.number(),
    liabilities: z.number(),
    pendingWithdrawals: z.number(),
  }),
  hotWallet: partSchema.extend({
    address: z.string().nullable(),
    balance: z.number().nullable(),
    inFlight: z.number(),
  }),
  /**
   * Every USDT transfer out of the hot wallet against the approved requests' payout attempts
   * (decision 045). Absent from reports made before it.
   */
  outflows: partSchema
    .extend({
      fromBlock: z.number().nullable(),
      toBlock: z.number().nullable(),
      transfers: z.number(),
      matched: z.number(),
    })
    .optional(),
  /**
   * USDT that left deposit addresses in the chain part's blocks: sweeps to the configured
   * destinations, listed; anything else is a DEPOSIT_OUTFLOW_UNKNOWN difference. Null in reports
   * kept before sweeps were read.
   */
  sweeps: partSchema
    .extend({
      destinations: z.array(z.string()),
      transfers: z.array(sweepTransferSchema),
      /** USDT swept in those blocks. */
      total: z.number(),
    })
    .nullable(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationOverviewSchema = z.object({
  latest: reconciliationReportSchema.nullable(),
  /** Block explorer for transaction links. */
  explorerUrl: z.string().nullable(),
  history: z.array(
    z.object({ _id: z.string(), ranAt: z.string(), clean: z.boolean(), differences: z.number() }),
  ),
});
export type ReconciliationOverview = z.infer<typeof reconciliationOverviewSchema>;

/** An administrator's "rescan from block N": run by a job in batches, credited exactly once. */
export const chainRescanSchema = z.object({
  _id: z.string(),
  fromBlock: z.number(),
  toBlock: z.number(),
  /** The next block to read; past `toBlock` when done. */
  nextBlock: z.number(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  credited: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ChainRescan = z.infer<typeof chainRescanSchema>;

export const chainRescanRequestSchema = z.object({
  fromBlock: z
    .number({ error: 'Enter a block number' })
    .int('Enter a whole block number')
    .min(0, 'Enter a block number of 0 or more')
    .max(Number.MAX_SAFE_INTEGER, 'Enter a real block number'),
});
export type ChainRescanRequest = z.infer<typeof chainRescanRequestSchema>;
