import { z } from 'zod';

/** What the fuzzer knows of each route's fields, read from the OpenAPI document. */

export interface Field {
  name: string;
  type: string | undefined;
  format: string | undefined;
  values: unknown[] | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  maxLength?: number | undefined;
}
export interface RouteShape {
  path: Field[];
  query: Field[];
  body: Field[] | null;
}

const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.looseObject({
    type: z.union([z.string(), z.array(z.string())]).optional(),
    format: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    maxLength: z.number().optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    anyOf: z.array(jsonSchema).optional(),
  }),
);
interface JsonSchema {
  type?: string | string[] | undefined;
  format?: string | undefined;
  enum?: unknown[] | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  maxLength?: number | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  anyOf?: JsonSchema[] | undefined;
}
const openApi = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.looseObject({
        parameters: z
          .array(z.object({ in: z.string(), name: z.string(), schema: jsonSchema.optional() }))
          .optional(),
        requestBody: z
          .object({
            content: z.record(z.string(), z.object({ schema: jsonSchema.optional() })),
          })
          .optional(),
      }),
    ),
  ),
});

/** A field by hand, for routes the OpenAPI document hides (the /dev tools). */
export function field(name: string, type: string): Field {
  return { name, type, format: undefined, values: undefined };
}

function fieldOf(name: string, schema: JsonSchema | undefined): Field {
  const branch = schema?.anyOf?.find((s) => s.type !== 'null') ?? schema;
  const type = Array.isArray(branch?.type) ? branch.type[0] : branch?.type;
  return {
    name,
    type,
    format: branch?.format,
    values: branch?.enum,
    minimum: branch?.minimum,
    maximum: branch?.maximum,
    maxLength: branch?.maxLength,
  };
}

function propertiesOf(schema: JsonSchema | undefined): Field[] | null {
  const props = schema?.properties ?? schema?.anyOf?.find((s) => s.properties)?.properties;
  if (!props) return null;
  return Object.entries(props).map(([name, s]) => fieldOf(name, s));
}

/** `METHOD /url` (fastify's :param form) -> the fields the OpenAPI document gives it. */
export function shapesOf(document: unknown): Map<string, RouteShape> {
  const shapes = new Map<string, RouteShape>();
  for (const [path, operations] of Object.entries(openApi.parse(document).paths)) {
    const url = path.replace(/\{(\w+)\}/g, ':$1');
    for (const [method, op] of Object.entries(operations)) {
      const params = op.parameters ?? [];
      shapes.set(`${method.toUpperCase()} ${url}`, {
        path: params.filter((p) => p.in === 'path').map((p) => fieldOf(p.name, p.schema)),
        query: params.filter((p) => p.in === 'query').map((p) => fieldOf(p.name, p.schema)),
        body: propertiesOf(op.requestBody?.content['application/json']?.schema),
      });
    }
  }
  return shapes;
}
