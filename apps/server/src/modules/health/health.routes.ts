import {
  ACTIVE_USERS_WINDOW_MINUTES,
  healthResponseSchema,
  systemOverviewSchema,
  type SystemOverview,
} from '@ctn/contracts/accounts';
import { envelopeSchema } from '@ctn/contracts/envelope';
import { errorText } from '@ctn/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthResponse } from '@ctn/contracts/accounts';
import { failure, ok } from '../../lib/envelope';

/** GET /api/health: 200 with the database state when it answers, 503 when it does not. */
export function healthRoutes(
  checkHealth: () => Promise<HealthResponse>,
  systemOverview: () => Promise<SystemOverview>,
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/admin/system-overview', {
      config: { auth: 'admin' },
      schema: {
        tags: ['System'],
        security: [{ bearerAuth: [] }],
        summary: 'System Overview: server, database, active members, pending actions',
        description: `Beyond the spec (its values are static): live. Active users are members with a session seen in the last ${ACTIVE_USERS_WINDOW_MINUTES} minutes; pending actions are PENDING withdrawals plus OPEN UID claims. Figures the database could not give are null.`,
        response: { 200: envelopeSchema(systemOverviewSchema) },
      },
      handler: async () => ok(await systemOverview()),
    });

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
