import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  cycleRootSchema,
  inclusionProofSchema,
  proofBuildSchema,
  proofHistoryQuerySchema,
  proofHistorySchema,
  proofLatestSchema,
} from '@ctn/contracts/proof';
import { cycleNumberParamsSchema } from '@ctn/contracts/rewards';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf, sessionOf } from '../../plugins/auth';
import type { ProofService } from './proof.service';

const tags = ['Proof of liabilities'];
const security = [{ bearerAuth: [] }];
const rule =
  'Hashes are lower-case hex SHA-256 of UTF-8 text; a leaf is sha256("leaf:" + salt + ":" + userId + ":" + amount), a parent sha256("node:" + l.hash + ":" + l.sum + ":" + r.hash + ":" + r.sum); an odd node is paired with sha256("empty"), sum 0 (docs/proof.md).';

/** /api/proof: what anyone may read: roots, totals, counts and times, never a member's leaf. */
export function publicProofRoutes(proof: ProofService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/latest', {
      schema: {
        tags,
        summary: "The newest proof of liabilities' root and total, with the holdings beside it",
        description: `Null before the first build; holdings null until the treasury publishes them. ${rule}`,
        response: { 200: envelopeSchema(proofLatestSchema.nullable()) },
      },
      handler: async () => ok(await proof.latest()),
    });
    app.get('/history', {
      schema: {
        tags,
        summary: 'Every published root of the proof of liabilities, newest first',
        querystring: proofHistoryQuerySchema,
        response: { 200: envelopeSchema(proofHistorySchema) },
      },
      handler: async (request) => ok(await proof.history(request.query)),
    });
    app.get('/cycles/:number', {
      schema: {
        tags,
        summary: "A completed reward cycle's published root of its lines (one leaf per member)",
        description: `Null until the root is published (within a minute of the cycle completing). ${rule}`,
        params: cycleNumberParamsSchema,
        response: { 200: envelopeSchema(cycleRootSchema.nullable()) },
      },
      handler: async (request) => ok(await proof.cycleRoot(request.params.number)),
    });
  };
}

/** /api/users/proof: the caller's own leaf and path; whose is only ever the session's. */
export function memberProofRoutes(proof: ProofService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/proof', {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's leaf and path in the newest proof of liabilities",
        description: `The caller's balance is available + locked + pending (withdrawals held). Null before a build that includes the caller. Each path step's side says where the sibling sits. ${rule}`,
        response: { 200: envelopeSchema(inclusionProofSchema.nullable()) },
      },
      handler: async (request) => ok(await proof.memberProof(sessionOf(request).id)),
    });
    app.get('/proof/cycles/:number', {
      config: { auth: 'user' },
      schema: {
        tags,
        security,
        summary: "The caller's line and path in a completed reward cycle's published root",
        description: `The leaf's amount is what the cycle credited the caller in all. Null when the cycle's root is not published or it credited the caller nothing. ${rule}`,
        params: cycleNumberParamsSchema,
        response: { 200: envelopeSchema(inclusionProofSchema.nullable()) },
      },
      handler: async (request) =>
        ok(await proof.memberCycleProof(sessionOf(request).id, request.params.number)),
    });
  };
}

/** POST /api/admin/proof/build: builds a proof now (audited); the daily job runs the same code. */
export function adminProofRoutes(proof: ProofService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/proof/build', {
      config: { auth: 'admin', refusals: ['PROOF_BUILD_IN_PROGRESS'] },
      schema: {
        tags,
        security,
        summary: 'Build a proof of liabilities now from one snapshot of every balance',
        description: 'One at a time: PROOF_BUILD_IN_PROGRESS while another build runs.',
        response: { 200: envelopeSchema(proofBuildSchema) },
      },
      handler: async (request) => ok(await proof.build(actorOf(request))),
    });
  };
}
