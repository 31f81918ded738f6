import { z } from 'zod';
import { ADMIN_PAGE_SIZE, REWARD_TYPES } from './constants';

/**
 * Beyond the spec: DOWNLINE reward cycles (DESIGN.md section 4 "Rewards"). An administrator
 * prepares a cycle from the exchange's commission data or from a CSV (uid, amount), sees the
 * preview, runs it, and reads its statement. Paths sit under /api/rewards/admin/cycles.
 */

export const CYCLE_SOURCES = ['EXCHANGE', 'CSV'] as const;
export type CycleSource = (typeof CYCLE_SOURCES)[number];
export const CYCLE_STATUSES = ['DRAFT', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** Limits of an uploaded CSV. */
export const CYCLE_CSV_MAX_BYTES = 8 * 1024 * 1024;
export const CYCLE_CSV_MAX_LINES = 200_000;
/** At most this many problems of each kind are listed in a preview (all are counted). */
export const CYCLE_PREVIEW_LIST_LIMIT = 100;

const DAY_MESSAGE = 'must be a date as YYYY-MM-DD';
const day = (name: string) =>
  z
    .string({ error: `${name} ${DAY_MESSAGE}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} ${DAY_MESSAGE}`)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `${name} ${DAY_MESSAGE}`);

export const cyclePreviewRequestSchema = z
  .object({
    source: z.enum(CYCLE_SOURCES, { error: 'source must be EXCHANGE or CSV' }),
    periodStart: day('periodStart'),
    periodEnd: day('periodEnd'),
    /** The CSV text (source CSV): one `uid,amount` per line, an optional header line. */
    csv: z.string().max(CYCLE_CSV_MAX_BYTES, 'The CSV file is larger than 8 MB').optional(),
    /**
     * Beyond the spec: a CSV cycle may cover days a paid cycle already covers only as an explicit
     * correction, with its reason (audited). Any other overlap is refused (CYCLE_PERIOD_OVERLAP).
     */
    correctionReason: z.string().trim().max(500).optional(),
    /**
     * The numbers of the paid cycles a correction nets out, as the administrator confirmed them
     * in the form: exactly the paid cycles covering its days, else CYCLE_CORRECTION_UNCONFIRMED.
     */
    correctsCycles: z.array(z.number().int().min(1)).max(50).optional(),
  })
  .refine((v) => v.periodStart <= v.periodEnd, {
    message: 'periodEnd must not be before periodStart',
    path: ['periodEnd'],
  })
  .refine((v) => v.correctionReason === undefined || v.source === 'CSV', {
    message: 'Only a CSV cycle can be a correction',
    path: ['correctionReason'],
  })
  .refine((v) => v.source !== 'CSV' || (v.csv !== undefined && v.csv.trim() !== ''), {
    message: 'Choose a CSV file with uid,amount lines',
    path: ['csv'],
  });
export type CyclePreviewRequest = z.infer<typeof cyclePreviewRequestSchema>;

export const cyclesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_PAGE_SIZE),
});

export const cycleIdParamsSchema = z.object({ id: z.uuid('Invalid cycle id') });

export const cycleSummarySchema = z.object({
  _id: z.string(),
  /** Assigned when the cycle runs; null for a draft. */
  number: z.number().nullable(),
  status: z.enum(CYCLE_STATUSES),
  source: z.enum(CYCLE_SOURCES),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** Members with a master amount in the batch. */
  members: z.number(),
  totalMasterAmount: z.number(),
  /** What the run credited (null until it completes). */
  totalPaid: z.number().nullable(),
  rewardLines: z.number().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type CycleSummary = z.infer<typeof cycleSummarySchema>;

const levelLine = z.object({
  level: z.number(),
  percent: z.number(),
  lines: z.number(),
  amount: z.number(),
});

export const cyclePreviewSchema = z.object({
  /** Data lines read (CSV) or exchange rows summed (EXCHANGE). */
  linesRead: z.number(),
  matchedMembers: z.number(),
  unknownUids: z.array(z.string()),
  unknownCount: z.number(),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  errorCount: z.number(),
  totalMasterAmount: z.number(),
  /** What the run would pay with today's member states and schedule. */
  payoutByLevel: z.array(levelLine),
  totalPayout: z.number(),
  recipients: z.object({ available: z.number(), locked: z.number(), skipped: z.number() }),
});
export type CyclePreview = z.infer<typeof cyclePreviewSchema>;

export const CYCLE_SKIP_REASONS = ['DISABLED', 'PLATFORM_ACCOUNT', 'BELOW_ONE_MICRO'] as const;

export const cycleStatementSchema = z.object({
  byLevel: z.array(
    levelLine.extend({
      availableAmount: z.number(),
      lockedAmount: z.number(),
      /** Held while the trading member's UID link is under review (0 in older statements). */
      heldAmount: z.number().default(0),
    }),
  ),
  /** The cycle's DOWNLINE lines and the DIRECT rewards credited during its period. */
  byType: z.array(z.object({ type: z.enum(REWARD_TYPES), lines: z.number(), amount: z.number() })),
  recipients: z.object({
    credited: z.number(),
    available: z.number(),
    locked: z.number(),
    held: z.number().default(0),
  }),
  /** Members credited to the locked bucket, by the reason of their lock. */
  locked: z.array(z.object({ reason: z.string(), members: z.number(), amount: z.number() })),
  /**
   * A correction: what it took back of the corrected cycles' lines for the days both cover, and
   * what could not be taken back (balances at zero); null for any other cycle (decision 044).
   */
  netted: z
    .object({
      cycles: z.array(z.number()),
      members: z.number(),
      amount: z.number(),
      unrecovered: z.number(),
    })
    .nullable()
    .default(null),
  /** Uplines that received nothing, and why. */
  skipped: z.array(
    z.object({ reason: z.enum(CYCLE_SKIP_REASONS), members: z.number(), lines: z.number() }),
  ),
});
export type CycleStatement = z.infer<typeof cycleStatementSchema>;

export const CYCLE_PHASES = ['QUEUED', 'CREDITING', 'DONE'] as const;

export const cycleDetailSchema = cycleSummarySchema.extend({
  preview: cyclePreviewSchema,
  statement: cycleStatementSchema.nullable(),
  /** While RUNNING (on whichever instance runs it). */
  progress: z
    .object({
      phase: z.enum(CYCLE_PHASES),
      expectedLines: z.number(),
      elapsedMs: z.number(),
    })
    .nullable(),
});
export type CycleDetail = z.infer<typeof cycleDetailSchema>;

export const cyclesResponseSchema = z.object({
  cycles: z.array(cycleSummarySchema),
  /** The day after the last paid cycle ends (YYYY-MM-DD): a new cycle starts there at the earliest. */
  nextPeriodStart: z.string().nullable(),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    limit: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});
export type CyclesResponse = z.infer<typeof cyclesResponseSchema>;
