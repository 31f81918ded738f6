import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  adminClaimSchema,
  adminClaimsSchema,
  claimParamsSchema,
  claimPartsSchema,
  operatorFactsSchema,
} from '@ctn/contracts/operator';
import { CLAIM_IDS } from '@ctn/contracts/operator-facts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { ClaimsService } from './claims.service';
import type { OperatorService } from './operator.service';

const publicClaimsSchema = z.object(
  Object.fromEntries(
    CLAIM_IDS.map((id) => [id, z.record(z.string(), z.string()).nullable()]),
  ) as Record<(typeof CLAIM_IDS)[number], z.ZodNullable<z.ZodRecord<z.ZodString, z.ZodString>>>,
);

/** Beyond the spec: the operator's facts and the claims as the public pages show them. */
export function publicOperatorRoutes(
  operator: OperatorService,
  claims: ClaimsService,
): FastifyPluginAsyncZod {
  const tags = ['Public site'];
  return async (app) => {
    app.get('/operator', {
      schema: {
        tags,
        summary: 'Who runs the platform, where members reach support and when',
        description:
          'The legal entity, address, jurisdiction, support channels and hours, and the effective date of the Terms and Privacy. Unset is null (an empty list for the channels): the pages say it is not published yet.',
        response: { 200: envelopeSchema(operatorFactsSchema) },
      },
      handler: async () => ok(await operator.facts()),
    });

    app.get('/claims', {
      schema: {
        tags,
        summary: 'The marketing claims of the public pages, in the operator’s words',
        description:
          'Each claim’s parts, or null where it is left out: a claim about returns, rank, a partnership or availability that no administrator confirmed can be substantiated.',
        response: { 200: envelopeSchema(publicClaimsSchema) },
      },
      handler: async () => ok(await claims.shown()),
    });
  };
}

/** Beyond the spec: administrators set the operator's facts and the claims (decision 049). */
export function adminOperatorRoutes(
  operator: OperatorService,
  claims: ClaimsService,
): FastifyPluginAsyncZod {
  const tags = ['Admin: settings'];
  const security = [{ bearerAuth: [] }];
  return async (app) => {
    app.get('/operator', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The operator’s facts (the environment’s until first saved)',
        response: { 200: envelopeSchema(operatorFactsSchema) },
      },
      handler: async () => ok(await operator.facts()),
    });

    app.put('/operator', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save the operator’s facts (audited; public at once; null leaves one unset)',
        body: operatorFactsSchema,
        response: { 200: envelopeSchema(operatorFactsSchema) },
      },
      handler: async (request) => ok(await operator.save(actorOf(request), request.body)),
    });

    app.get('/claims', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every marketing claim, whether it shows, and the disclosure’s figures',
        response: { 200: envelopeSchema(adminClaimsSchema) },
      },
      handler: async () => ok(await claims.forAdmin()),
    });

    app.put('/claims/:claim', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save a claim’s text (audited; a changed confirmed claim is unconfirmed)',
        description: 'The body holds exactly the claim’s parts (VALIDATION_ERROR otherwise).',
        params: claimParamsSchema,
        body: z.object({ parts: claimPartsSchema }),
        response: { 200: envelopeSchema(adminClaimSchema) },
      },
      handler: async (request) =>
        ok(await claims.saveParts(actorOf(request), request.params.claim, request.body.parts)),
    });

    app.post('/claims/:claim/confirmation', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Confirm a claim can be substantiated: it shows from now on (audited)',
        description: 'VALIDATION_ERROR for a claim that states a product rule (always shown).',
        params: claimParamsSchema,
        response: { 200: envelopeSchema(adminClaimSchema) },
      },
      handler: async (request) => ok(await claims.confirm(actorOf(request), request.params.claim)),
    });

    app.delete('/claims/:claim/confirmation', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Withdraw a claim’s confirmation: it is hidden again (audited)',
        params: claimParamsSchema,
        response: { 200: envelopeSchema(adminClaimSchema) },
      },
      handler: async (request) =>
        ok(await claims.unconfirm(actorOf(request), request.params.claim)),
    });
  };
}
