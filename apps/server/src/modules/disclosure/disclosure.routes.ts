import { envelopeSchema } from '@ctn/contracts/envelope';
import { earningsDisclosureSchema } from '@ctn/contracts/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { DisclosureService } from './disclosure.service';

const description =
  'Over the 30 and 365 days before the build: members with an active subscription or a reward, how many earned nothing, the median, the 90th percentile and the top 1% (micro-USDT strings), all rewards credited and the fees members paid.';

/** Beyond the spec: GET /api/public/earnings-disclosure (no sign-in). */
export function publicDisclosureRoutes(disclosure: DisclosureService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/earnings-disclosure', {
      schema: {
        tags: ['Public site'],
        summary: 'What members really earned and paid (built daily; null before the first build)',
        description,
        response: { 200: envelopeSchema(earningsDisclosureSchema.nullable()) },
      },
      handler: async () => ok(await disclosure.latest()),
    });
  };
}

/** Beyond the spec: POST /api/admin/earnings-disclosure rebuilds today's figures now. */
export function adminDisclosureRoutes(disclosure: DisclosureService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/earnings-disclosure', {
      config: { auth: 'admin' },
      schema: {
        tags: ['Admin: settings'],
        security: [{ bearerAuth: [] }],
        summary: "Rebuild today's earnings disclosure from the data as it is now",
        description,
        response: { 200: envelopeSchema(earningsDisclosureSchema) },
      },
      handler: async () => ok(await disclosure.build()),
    });
  };
}
