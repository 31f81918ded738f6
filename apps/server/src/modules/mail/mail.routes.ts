import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  mailOutboxStatusSchema,
  mailTestRequestSchema,
  mailTestResultSchema,
} from '@ctn/contracts/mail';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { MailAdminService } from './mail-admin.service';

const tags = ['Admin: mail'];
const security = [{ bearerAuth: [] }];

/** /api/admin/mail: the outbox's state and a test mail through the relay (administrators). */
export function mailAdminRoutes(mailAdmin: MailAdminService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/mail/status', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The mail outbox: backlog, its oldest mail, mails refused for good in 24 h',
        response: { 200: envelopeSchema(mailOutboxStatusSchema) },
      },
      handler: async () => ok(await mailAdmin.status()),
    });

    app.post('/mail/test', {
      config: { refusals: ['MAIL_NOT_CONFIGURED', 'TOO_MANY_REQUESTS'], auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Send a test mail straight to the relay and answer what it said (audited)',
        description:
          'Connects to SMTP_URL on a connection of its own (TLS and login as configured), sends one mail from MAIL_FROM and answers whether the relay accepted it, with its answer. Five per administrator per 10 minutes (TOO_MANY_REQUESTS); MAIL_NOT_CONFIGURED without SMTP_URL.',
        body: mailTestRequestSchema,
        response: { 200: envelopeSchema(mailTestResultSchema) },
      },
      handler: async (request) =>
        ok(await mailAdmin.sendTestMail(actorOf(request), request.body.to)),
    });
  };
}
