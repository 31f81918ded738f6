import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  uidReviewDecisionSchema,
  uidReviewParamsSchema,
  uidReviewResponseSchema,
} from '@ctn/contracts/uid-reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { UidReviewService } from './uid-review.service';

/** /api/admin/uid-reviews: a member's flagged UID link, cleared or rejected (decision 044). */
export function uidReviewRoutes(reviews: UidReviewService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Admin: risk center'];
    const security = [{ bearerAuth: [] }];
    app.get('/uid-reviews/:userId', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: "A member's UID link review and what it holds (null when never flagged)",
        params: uidReviewParamsSchema,
        response: { 200: envelopeSchema(uidReviewResponseSchema) },
      },
      handler: async (request) => ok({ review: await reviews.reviewOf(request.params.userId) }),
    });
    const refusals = ['UID_REVIEW_NOT_FOUND', 'UID_REVIEW_ALREADY_DECIDED'] as const;
    app.post('/uid-reviews/:userId/clear', {
      config: { auth: 'admin', refusals },
      schema: {
        tags,
        security,
        summary: 'Clear a flagged UID link: what it held goes to its uplines (audited)',
        params: uidReviewParamsSchema,
        response: { 200: envelopeSchema(uidReviewDecisionSchema) },
      },
      handler: async (request) => ok(await reviews.clear(request.params.userId, actorOf(request))),
    });
    app.post('/uid-reviews/:userId/reject', {
      config: { auth: 'admin', refusals },
      schema: {
        tags,
        security,
        summary:
          'Reject a flagged UID link: the UID is unlinked and what it held is forfeited (audited)',
        params: uidReviewParamsSchema,
        response: { 200: envelopeSchema(uidReviewDecisionSchema) },
      },
      handler: async (request) => ok(await reviews.reject(request.params.userId, actorOf(request))),
    });
  };
}
