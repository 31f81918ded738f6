import { envelopeSchema } from '@ctn/contracts/envelope';
import {
  LEGAL_DOCUMENTS,
  legalBodySchema,
  legalDocumentSchema,
  siteLinksSchema,
} from '@ctn/contracts/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../lib/envelope';
import { actorOf } from '../../plugins/auth';
import type { SiteService } from './site.service';

const documentParams = z.object({ document: z.enum(LEGAL_DOCUMENTS) });

/** Beyond the spec: what the public pages show, under /api/public (no sign-in). */
export function publicSiteRoutes(site: SiteService): FastifyPluginAsyncZod {
  const tags = ['Public site'];
  return async (app) => {
    app.get('/site', {
      schema: {
        tags,
        summary: 'The affiliate and copy-trading links, the channels and the support mailbox',
        description: 'A link that is not set is null: the pages leave it out.',
        response: { 200: envelopeSchema(siteLinksSchema) },
      },
      handler: async () => ok(await site.links()),
    });

    app.get('/legal/:document', {
      schema: {
        tags,
        summary: 'The Terms of Service, the Privacy Policy or the Risk Disclosure',
        description:
          'The body is plain text: "## " starts a section heading, a blank line separates paragraphs. updatedAt is null while the built-in text is shown.',
        params: documentParams,
        response: { 200: envelopeSchema(legalDocumentSchema) },
      },
      handler: async (request) => ok(await site.legal(request.params.document)),
    });
  };
}

/** Beyond the spec: administrators set the public site's links and legal pages. */
export function adminSiteRoutes(site: SiteService): FastifyPluginAsyncZod {
  const tags = ['Admin: settings'];
  const security = [{ bearerAuth: [] }];
  return async (app) => {
    app.get('/site', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'The public links and support mailbox (the environment’s until first saved)',
        response: { 200: envelopeSchema(siteLinksSchema) },
      },
      handler: async () => ok(await site.links()),
    });

    app.put('/site', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save the public links and support mailbox (https only; null leaves one out)',
        body: siteLinksSchema,
        response: { 200: envelopeSchema(siteLinksSchema) },
      },
      handler: async (request) => ok(await site.saveLinks(actorOf(request), request.body)),
    });

    app.put('/legal/:document', {
      config: { auth: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Save the text of a legal page (audited; public at once)',
        params: documentParams,
        body: legalBodySchema,
        response: { 200: envelopeSchema(legalDocumentSchema) },
      },
      handler: async (request) =>
        ok(await site.saveLegal(actorOf(request), request.params.document, request.body.body)),
    });
  };
}
