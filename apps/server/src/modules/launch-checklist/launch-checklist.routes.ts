import { envelopeSchema } from '@ctn/contracts/envelope';
import { launchChecklistQuerySchema, launchChecklistSchema } from '@ctn/contracts/launch-checklist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { LaunchChecklistService } from './launch-checklist.service';

/** GET /api/admin/launch-checklist: the preflight's checks, live (administrators). */
export function launchChecklistRoutes(checklist: LaunchChecklistService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/launch-checklist', {
      config: { auth: 'admin' },
      schema: {
        tags: ['System'],
        security: [{ bearerAuth: [] }],
        summary: 'Launch checklist: the checks of `npm run preflight`, run on this server',
        description:
          'One line per check: ok, warn or fail, the variable at fault and what was found. Results are kept for a minute; `fresh=true` runs the checks again unless they ran in the last 10 seconds.',
        querystring: launchChecklistQuerySchema,
        response: { 200: envelopeSchema(launchChecklistSchema) },
      },
      handler: async (request) => ok(await checklist.checklist(request.query.fresh === 'true')),
    });
  };
}
