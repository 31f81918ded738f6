import { z } from 'zod';

/** Micro-USDT as a whole non-negative decimal string (money never travels as a float). */
const microString = z.string().regex(/^(0|[1-9][0-9]*)$/);
const hashString = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * The platform's holdings beside the proof (the treasury's figure): USDT as a decimal string,
 * when it was read, and whether that read is stale. Null until the treasury publishes one.
 */
export const proofHoldingsSchema = z.object({
  usdt: z.string(),
  asOf: z.string(),
  stale: z.boolean(),
});
export type ProofHoldings = z.infer<typeof proofHoldingsSchema>;

/** GET /api/proof/latest: the newest published root; null before the first build. */
export const proofLatestSchema = z.object({
  root: hashString,
  totalMicroUsdt: microString,
  leafCount: z.number().int(),
  builtAt: z.string(),
  holdings: proofHoldingsSchema.nullable(),
});
export type ProofLatest = z.infer<typeof proofLatestSchema>;

export const proofBuildSchema = z.object({
  root: hashString,
  totalMicroUsdt: microString,
  leafCount: z.number().int(),
  builtAt: z.string(),
});
export type ProofBuild = z.infer<typeof proofBuildSchema>;

export const proofHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type ProofHistoryQuery = z.infer<typeof proofHistoryQuerySchema>;

/** GET /api/proof/history: every published root, newest first. */
export const proofHistorySchema = z.object({
  builds: z.array(proofBuildSchema),
  pagination: z.object({
    currentPage: z.number(),
    totalPages: z.number(),
    totalRecords: z.number(),
    limit: z.number(),
    hasNext: z.boolean(),
    hasPrev: z.boolean(),
  }),
});
export type ProofHistory = z.infer<typeof proofHistorySchema>;

/** One step of a path: the sibling's hash and sum, and on which side of the path it sits. */
export const proofPathStepSchema = z.object({
  side: z.enum(['left', 'right']),
  hash: hashString,
  sumMicroUsdt: microString,
});

/** A member's leaf in a tree and its path up to the root. */
export const inclusionProofSchema = z.object({
  root: hashString,
  builtAt: z.string(),
  leaf: z.object({ hash: hashString, salt: z.string(), balanceMicroUsdt: microString }),
  path: z.array(proofPathStepSchema),
});
/** GET /api/users/proof: the caller's proof in the newest build; null when not in one yet. */
export type InclusionProof = z.infer<typeof inclusionProofSchema>;

/** A completed reward cycle's published root (its lines: one leaf per member credited). */
export const cycleRootSchema = z.object({
  root: hashString,
  totalMicroUsdt: microString,
  leafCount: z.number().int(),
  builtAt: z.string(),
});
export type CycleRoot = z.infer<typeof cycleRootSchema>;
