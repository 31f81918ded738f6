import { ERROR_CATALOGUE, type ErrorCode } from '@ctn/contracts/errors';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { acceptsBody, refusalsByStatus, refusalsOf } from './refusals';

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI document, generated from the routes' zod schemas (contracts), at /api/docs; the
 * same document is committed as docs/openapi.json (`npm run openapi`). Each operation lists the
 * refusals its declaration implies and those it declares (plugins/refusals.ts,
 * docs/decisions/041), so a route added later is documented without a word written here.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  /** "get /api/users/register"-like keys of the operations whose body may be left out. */
  const optionalBodies = new Set<string>();

  const transform: SwaggerTransform = (input) => {
    const { route } = input;
    // A route declared as '/' under a prefix is served at both spellings; the document names
    // the one without the slash.
    const url = input.url.length > 1 ? input.url.replace(/\/$/, '') : input.url;
    const transformed = jsonSchemaTransform(input) as { schema?: object };
    const schema = (transformed.schema ?? {}) as JsonSchema;
    if (schema['hide']) return { schema, url };
    const body = route.schema?.body as { safeParse?: (v: unknown) => { success: boolean } };
    if (body?.safeParse?.(undefined).success) {
      for (const method of [route.method].flat()) optionalBodies.add(operationKey(method, url));
    }
    const response = { ...(schema['response'] as JsonSchema | undefined) };
    for (const [status, codes] of refusalsByStatus(refusalsOf(route))) {
      // A status the route describes itself (the health check's 503) keeps its own schema.
      if (!(String(status) in response)) response[String(status)] = refusalResponse(codes);
    }
    if (acceptsBody(route)) response['415'] = refusalResponse(['BAD_REQUEST']);
    return {
      schema: {
        operationId: operationIdOf(route.method, url),
        ...schema,
        // Who may call it is `config.auth`, not a second word beside it.
        security: route.config?.auth ? [{ bearerAuth: [] }] : [],
        response,
      },
      url,
    };
  };

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CopyTrade Network API',
        version,
        description:
          'Every answer is the envelope {success, message, data, error, errorCode}. On failure `message` and `errorCode` carry the catalogue code and `error` a readable text; each operation lists the codes it can answer with, by status (also as `x-error-codes`). Amounts are USDT as JSON numbers; dates are ISO-8601.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      // Relative: the document is the same wherever it is served (and as docs/openapi.json).
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as OpenAPIV3_1.Document;
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of operationsOf(item)) {
          if (operation.requestBody && optionalBodies.has(operationKey(method, path)))
            (operation.requestBody as OpenAPIV3_1.RequestBodyObject).required = false;
          const codes = Object.values(operation.responses ?? {}).flatMap(codesOf);
          if (codes.length > 0) Object.assign(operation, { 'x-error-codes': codes });
        }
      }
      return document;
    },
  });
  // No policy of its own: Swagger UI runs under the app's Content-Security-Policy
  // (security-headers.ts). Its scripts are files under /api/docs/static, its icons data: URLs,
  // its <style> elements need the 'unsafe-inline' styles the app needs anyway, and it calls
  // nothing but this origin (validatorUrl stays null). Checked in Chromium: no violations.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}

/** The response of a refusal status: the envelope, with the codes that status can carry. */
function refusalResponse(codes: readonly ErrorCode[]): JsonSchema {
  const throttled = codes.some((code) => ERROR_CATALOGUE[code].status === 429);
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_CATALOGUE[code].text}`).join(' · '),
    type: 'object',
    required: ['success', 'message', 'data', 'error', 'errorCode'],
    additionalProperties: false,
    properties: {
      success: { const: false },
      message: { enum: codes },
      data: {
        type: ['object', 'null'],
        description:
          'VALIDATION_ERROR: `{errors: [{field, message}]}`; a throttle: `{retryAfterSeconds}` where the wait is known; some refusals carry what the client needs to go on (their operation says which).',
      },
      error: { type: 'string' },
      errorCode: { enum: codes },
    },
    ...(throttled
      ? {
          headers: {
            'Retry-After': {
              type: 'integer',
              minimum: 0,
              description: 'Seconds to wait before trying again, where the wait is known.',
            },
          },
        }
      : {}),
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function operationsOf(item: OpenAPIV3_1.PathItemObject | undefined) {
  return METHODS.flatMap((method) => {
    const operation = item?.[method];
    return operation ? [[method, operation] as const] : [];
  });
}

/** The catalogue codes a response of the document lists (refusals only). */
function codesOf(response: OpenAPIV3_1.ResponseObject | OpenAPIV3_1.ReferenceObject): string[] {
  const schema = 'content' in response ? response.content?.['application/json']?.schema : null;
  const errorCode = (schema as { properties?: { errorCode?: { enum?: unknown } } } | null)
    ?.properties?.errorCode;
  return Array.isArray(errorCode?.enum) ? errorCode.enum.map(String) : [];
}

/** `getApiWithdrawalsAdminById` for GET /api/withdrawals/admin/:id, unless the route names it. */
function operationIdOf(method: string | string[], url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? `by-${part.slice(1)}` : part))
    .flatMap((part) => part.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  const verb = [method].flat().join('-').toLowerCase();
  return [verb, ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** One key per operation, from Fastify's or OpenAPI's spelling of the path. */
function operationKey(method: string, url: string): string {
  return `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
}
