import { envelopeSchema } from '@ctn/contracts/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { ok } from '../../lib/envelope';
import { escapeHtml } from './mail-templates';
import type { MailRecord, MailService } from './mail.service';

const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
});

function linksOf(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]);
}

function toJson(row: MailRecord) {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    text: row.textBody,
    html: row.htmlBody,
    links: linksOf(row.textBody),
  };
}

const page = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
header{background:#0f172a;color:#fff;padding:14px 20px}header a{color:#6ee7b7}
main{max-width:960px;margin:0 auto;padding:20px;box-sizing:border-box}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #e2e8f0}
td,th{padding:10px 12px;border-bottom:1px solid #e2e8f0;text-align:left;font-size:14px;vertical-align:top;overflow-wrap:anywhere}
.scroll{overflow-x:auto}
th{background:#f1f5f9}a{color:#047857}.muted{color:#64748b;font-size:13px}
pre{white-space:pre-wrap;background:#fff;border:1px solid #e2e8f0;padding:12px}
.mail{background:#fff;border:1px solid #e2e8f0;margin-top:12px;overflow-x:auto}
</style></head><body><header><strong>Dev mailbox</strong> · development only: every mail the app sends is kept here instead of being delivered · <a href="/dev/mail">all mail</a></header><main>${body}</main></body></html>`;

/** /dev/mail: the mailbox of a development server without SMTP (never registered in production). */
export function devMailboxRoutes(mail: MailService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/mail', {
      schema: {
        hide: true,
        response: { 200: envelopeSchema(z.object({ mails: z.array(mailSchema) })) },
      },
      handler: async () => ok({ mails: (await mail.listMailbox()).map(toJson) }),
    });

    app.get('/mail', { schema: { hide: true } }, async (_request, reply) => {
      const rows = await mail.listMailbox();
      const body =
        rows.length === 0
          ? '<p>No mail yet. Register an account and its verification mail appears here.</p>'
          : `<div class="scroll"><table><thead><tr><th>To</th><th>Subject</th><th>Created</th></tr></thead><tbody>${rows
              .map(
                (r) =>
                  `<tr><td>${escapeHtml(r.toAddress)}</td><td><a href="/dev/mail/${r.id}">${escapeHtml(r.subject)}</a></td><td class="muted">${r.createdAt.toISOString()}</td></tr>`,
              )
              .join('')}</tbody></table></div>`;
      return reply.type('text/html; charset=utf-8').send(page('Dev mailbox', body));
    });

    app.get(
      '/mail/:id',
      { schema: { hide: true, params: z.object({ id: z.uuid() }) } },
      async (request, reply) => {
        const row = await mail.findMail(request.params.id);
        if (!row) throw new AppError('NOT_FOUND');
        const links = linksOf(row.textBody)
          .map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`)
          .join('');
        const body = `<h1 style="font-size:20px">${escapeHtml(row.subject)}</h1>
<p class="muted">To ${escapeHtml(row.toAddress)} · ${row.createdAt.toISOString()}${mail.usesDevMailbox ? '' : ` · ${row.sentAt ? 'delivered over SMTP' : 'not delivered yet'}`}</p>
${links ? `<p>Links in this mail:</p><ul>${links}</ul>` : ''}
<h2 style="font-size:16px">HTML part</h2><div class="mail">${row.htmlBody}</div>
<h2 style="font-size:16px">Text part</h2><pre>${escapeHtml(row.textBody)}</pre>`;
        return reply.type('text/html; charset=utf-8').send(page(row.subject, body));
      },
    );
  };
}
