import { envelopeSchema } from '@ctn/contracts/envelope';
import { contactReceiptSchema, contactRequestSchema } from '@ctn/contracts/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import type { SupportService } from './support.service';

/** Beyond the spec: the public contact form, signed in or not (decision 049). */
export function publicSupportRoutes(support: SupportService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/contact', {
      config: { refusals: ['TOO_MANY_REQUESTS'] },
      schema: {
        tags: ['Public site'],
        summary: 'Send a message to support: a ticket number comes back and is mailed',
        description:
          'Stored as a ticket, mailed to the support mailbox (the administrators while none is set) and its number mailed to the sender. 5 messages an hour per address, 3 per sender’s mailbox (TOO_MANY_REQUESTS).',
        body: contactRequestSchema,
        response: { 200: envelopeSchema(contactReceiptSchema) },
      },
      handler: async (request) => ok(await support.contact(request.body, request.ip)),
    });
  };
}
