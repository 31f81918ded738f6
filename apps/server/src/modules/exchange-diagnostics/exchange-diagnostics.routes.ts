import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  exchangeDiagnosticsRequestSchema,
  exchangeDiagnosticsSchema,
  exchangeStatusSchema,
  volumeFieldsSchema,
} from '@ctn/contracts/exchange-diagnostics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { ExchangeDiagnosticsService } from './exchange-diagnostics.service';

/** /api/admin/exchange: the BingX connection's state and signed test calls (administrators). */
export function exchangeDiagnosticsRoutes(
  diagnostics: ExchangeDiagnosticsService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['Admin: exchange'];
    const security = [{ bearerAuth: [] }];
    app.get('/exchange/status', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The BingX connection as this server sees it: breaker, last error, API version',
        response: { 200: envelopeSchema(exchangeStatusSchema) },
      },
      handler: async () => ok(diagnostics.status()),
    });
    app.post('/exchange/diagnostics', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Signed test calls of every BingX endpoint used, optionally for one UID',
        description:
          'About eight calls from the members lane of the request budget; none while a ban lasts. Answers each raw answer and latency, the clock against BingX server time, the key permissions where BingX gives them, and which commission version and date format work.',
        body: exchangeDiagnosticsRequestSchema,
        response: { 200: envelopeSchema(exchangeDiagnosticsSchema) },
      },
      handler: async (request) => ok(await diagnostics.run(request.body.uid)),
    });
    app.post('/exchange/volume-fields', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every commission volume field, 30-day totals, for a sample of linked members',
        description:
          'One call per member (up to 20) from the members lane: shows which field moves for members known to copy, so BINGX_COPY_VOLUME_FIELDS can be set from evidence.',
        response: { 200: envelopeSchema(volumeFieldsSchema) },
      },
      handler: async () => ok(await diagnostics.volumeFields()),
    });
  };
}
