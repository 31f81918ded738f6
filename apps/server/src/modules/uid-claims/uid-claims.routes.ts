import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  adminUidClaimDetailSchema,
  adminUidClaimSchema,
  fileUidClaimRequestSchema,
  memberUidClaimSchema,
  resolveUidClaimRequestSchema,
  UID_CLAIM_STATUSES,
} from '@ctn/contracts/uid-claims';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { actorOf, sessionOf } from '../../plugins/auth';
import type { UidClaimsService } from './uid-claims.service';

/** POST/GET /api/users/bingx-uid/claims: a member's claims to a UID linked elsewhere. */
export function memberUidClaimRoutes(claims: UidClaimsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Exchange'];
    app.post('/bingx-uid/claims', {
      config: {
        auth: 'user',
        refusals: [
          'BINGX_UID_ALREADY_SET',
          'BINGX_UID_INELIGIBLE',
          'UID_CLAIM_ALREADY_OPEN',
          'UID_CLAIM_NOT_NEEDED',
          'TOO_MANY_REQUESTS',
        ],
      },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: 'Claim a BingX UID that another account has linked',
        description:
          'For the UID of BINGX_UID_ALREADY_EXISTS: an administrator reviews both accounts and the exchange answer. UID_CLAIM_NOT_NEEDED when nobody holds the UID (link it instead), UID_CLAIM_ALREADY_OPEN with one open already; 3 a day. Takes a turn of the UID probes (5 an hour per member, 20 per address, shared with check and link) before answering anything (TOO_MANY_REQUESTS).',
        body: fileUidClaimRequestSchema,
        response: { 201: envelopeSchema(memberUidClaimSchema) },
      },
      handler: async (request, reply) =>
        reply
          .status(201)
          .send(ok(await claims.file(sessionOf(request).id, request.body, request.ip))),
    });
    app.get('/bingx-uid/claims', {
      config: { auth: 'user' },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        summary: "The member's own UID claims, newest first",
        response: { 200: envelopeSchema(z.object({ claims: z.array(memberUidClaimSchema) })) },
      },
      handler: async (request) => ok({ claims: await claims.mine(sessionOf(request).id) }),
    });
  };
}

/** /api/admin/uid-claims: review and resolve claims (administrators). */
export function adminUidClaimRoutes(claims: UidClaimsService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Admin: UID claims'];
    const security = [{ bearerAuth: [] }];
    app.get('/uid-claims', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'UID claims with both accounts, newest first (at most 200)',
        querystring: z.object({ status: z.enum(UID_CLAIM_STATUSES).optional() }),
        response: { 200: envelopeSchema(z.object({ claims: z.array(adminUidClaimSchema) })) },
      },
      handler: async (request) => ok({ claims: await claims.list(request.query.status) }),
    });
    app.get('/uid-claims/:id', {
      config: { auth: 'admin', refusals: ['UID_CLAIM_NOT_FOUND'] },
      schema: {
        tags,
        security,
        summary: 'One claim, with what the exchange says of the UID now',
        params: z.object({ id: z.string() }),
        response: { 200: envelopeSchema(adminUidClaimDetailSchema) },
      },
      handler: async (request) => ok(await claims.detail(request.params.id)),
    });
    app.post('/uid-claims/:id/resolve', {
      config: { auth: 'admin', refusals: ['UID_CLAIM_NOT_FOUND', 'CLAIMANT_ALREADY_LINKED'] },
      schema: {
        tags,
        security,
        summary:
          'Unlink the UID, move it to the claimant, or reject the claim; audited, both mailed',
        params: z.object({ id: z.string() }),
        body: resolveUidClaimRequestSchema,
        response: { 200: envelopeSchema(adminUidClaimSchema) },
      },
      handler: async (request) =>
        ok(await claims.resolve(request.params.id, request.body, actorOf(request))),
    });
  };
}
