import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// CommonJS: under Node's ESM loader the default import is `module.exports`, whose `default` is
// the plugin.
const addFormats = (formatsPlugin as unknown as { default: typeof formatsPlugin }).default;

/** JSON Pointer escaping of one reference token (RFC 6901). */
const token = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

interface DocumentResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface DocumentOperation {
  responses?: Record<string, DocumentResponse>;
}
type OpenApiDocument = { paths: Record<string, Record<string, DocumentOperation>> };

/**
 * The server suite's contract test (docs/decisions/041): every answer a route test receives is
 * checked against the API document the app publishes (the one `npm run lint:openapi` keeps
 * equal to docs/openapi.json). A status the operation does not list, or a JSON body its schema
 * refuses, is replaced by a 500 and printed, so the test that received it fails. Answers of
 * paths the document does not describe (the web app, hidden and unknown routes) pass.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  let ajv: Ajv2020 | undefined;
  const validators = new Map<string, ValidateFunction>();

  const validatorFor = (pointer: string): ValidateFunction => {
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true });
      addFormats(ajv);
      ajv.addSchema(app.swagger(), 'openapi.json');
    }
    let validate = validators.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi.json#${pointer}` });
      validators.set(pointer, validate);
    }
    return validate;
  };

  app.addHook('onSend', (request, reply, payload, done) => {
    const problem = violation(request, reply, payload);
    if (!problem) return done(null, payload);
    console.error(`contract: ${problem}`);
    // Not the envelope and not the status the test expects: whatever it asserts, it fails.
    void reply.code(500).header('content-type', 'application/json');
    done(null, JSON.stringify({ contractViolation: problem }));
  });

  function violation(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const route = request.routeOptions.url;
    // Routes a test adds for itself declare no answer: the document describes none of them. (A
    // product route without one fails Redocly's operation-2xx-response in npm run check.)
    if (route === undefined || request.method === 'HEAD' || !request.routeOptions.schema?.response)
      return null;
    const path = (route.length > 1 ? route.replace(/\/$/, '') : route).replace(/:(\w+)/g, '{$1}');
    const method = request.method.toLowerCase();
    const document = app.swagger() as unknown as OpenApiDocument;
    const operation = document.paths[path]?.[method];
    if (!operation) return null;
    const status = String(reply.statusCode);
    const where = `${request.method} ${path} answered ${status}`;
    const response = operation.responses?.[status];
    if (!response) return `${where}, a status the document does not list: ${String(payload)}`;
    if (typeof payload !== 'string') return null; // a stream (CSV export): its status is checked
    const type = String(reply.getHeader('content-type') ?? '').split(';')[0];
    if (type !== 'application/json') return null;
    if (!response.content?.['application/json'])
      return `${where} with JSON the document does not describe: ${payload}`;
    const pointer = ['', 'paths', path, method, 'responses', status, 'content']
      .map(token)
      .join('/');
    const validate = validatorFor(`${pointer}/application~1json/schema`);
    if (validate(JSON.parse(payload))) return null;
    return `${where}, a body the document refuses (${ajv?.errorsText(validate.errors)}): ${payload}`;
  }
}
