import { healthResponseSchema } from '@ctn/contracts/accounts';
import { envelopeSchema } from '@ctn/contracts/envelope';
import { errorText } from '@ctn/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@ctn/contracts/accounts';
import { failure, ok } from '../../lib/envelope';

/** GET /api/health: 200 with the database state when it answers, 503 when it does not. */
export function healthRoutes(checkHealth: () => Promise<HealthResponse>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/health', {
      schema: {
        tags: ['System'],
        summary: 'Liveness and database state',
        response: {
          200: envelopeSchema(healthResponseSchema),
          503: envelopeSchema(healthResponseSchema),
        },
      },
      handler: async (_request, reply) => {
        const health = await checkHealth();
        if (health.database.status === 'down') {
          return reply
            .status(503)
            .send(failure('SERVICE_UNAVAILABLE', errorText('SERVICE_UNAVAILABLE'), health));
        }
        return ok(health);
      },
    });
  };
}
