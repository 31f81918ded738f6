import type { FastifyInstance } from 'fastify';

/**
 * Body parsing. Member section 7 has calls with an empty or an optional body
 * (`/otp/withdrawal/request`, `send-` and `resend-verification-email`), and clients send those
 * every which way: no body at all, an empty body labelled `application/json` (which Fastify's own
 * parser refuses) or labelled anything else. An empty body is no body, whatever its content type;
 * each route's schema then says whether a body was needed. A body with content is still JSON only:
 * anything else is refused as before (415, or 400 when it does not parse).
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (isBlank(body)) done(null, undefined);
    // With `done` given the parser answers through it; what it returns is nothing to wait for.
    else void parseJson(request, body.toString(), done);
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (isBlank(body)) done(null, undefined);
    else done(Object.assign(new Error('Unsupported media type'), { statusCode: 415 }), undefined);
  });
}

function isBlank(body: string | Buffer): boolean {
  return body.toString().trim() === '';
}
