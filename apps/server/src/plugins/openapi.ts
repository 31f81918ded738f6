import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas (contracts), at /api/docs. */
export async function registerOpenApi(
  app: FastifyInstance,
  version: string,
  publicUrl: string,
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'CopyTrade Network API',
        version,
        description:
          'Every answer is the envelope {success, message, data, error, errorCode}. On failure `message` and `errorCode` carry the catalogue code and `error` a readable text. Amounts are USDT as JSON numbers; dates are ISO-8601.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // No policy of its own: Swagger UI runs under the app's Content-Security-Policy
  // (security-headers.ts). Its scripts are files under /api/docs/static, its icons data: URLs,
  // its <style> elements need the 'unsafe-inline' styles the app needs anyway, and it calls
  // nothing but this origin (validatorUrl stays null). Checked in Chromium: no violations.
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
}
