import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as contractSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/**
 * Answers serialised by code compiled once per route from its contract (the zod schema turned
 * into JSON Schema, compiled by fast-json-stringify), instead of a zod pass over every answer
 * and JSON.stringify: about a fifth of the CPU for a page of ten reward lines (issue 16).
 * A contract JSON Schema cannot express exactly (a transform, a codec) keeps zod's serialiser.
 *
 * `checked` (the server suite, test/test-app.ts) serialises every answer both ways and fails when the two differ as
 * JSON values (fast-json-stringify writes required keys before optional ones: the order may
 * differ), so the suite's answers prove the compiled code says what the contract says; zod still
 * refuses an answer that breaks its contract there.
 */
export function compiledSerializerCompiler(options: {
  checked: boolean;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const viaContract = contractSerializerCompiler(
      route as Parameters<typeof contractSerializerCompiler>[0],
    ) as Serialize;
    const compiled = compile(route.schema);
    if (!compiled) return viaContract;
    if (!options.checked) return compiled;
    return (data) => {
      const expected = viaContract(data);
      const actual = compiled(data);
      if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected)))
        throw new Error(
          `the compiled serialiser of ${route.method} ${route.url} disagrees with its contract:\n${actual}\n${expected}`,
        );
      return actual;
    };
  };
}

function compile(schema: unknown): Serialize | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      unrepresentable: 'throw',
      target: 'draft-7',
    });
    return fastJson(nullableWithoutUnion(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * zod writes `T | null` as `anyOf: [T, {type: 'null'}]`, which fast-json-stringify resolves by
 * validating the value against each branch on every answer; its own `nullable` keyword says the
 * same without that.
 */
function nullableWithoutUnion(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableWithoutUnion);
  if (!node || typeof node !== 'object') return node;
  const { $schema: _dialect, anyOf, ...rest } = node as JsonSchema;
  const branches = Array.isArray(anyOf) ? (anyOf as JsonSchema[]) : null;
  const other = branches?.length === 2 ? branches.find((b) => b['type'] !== 'null') : undefined;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(rest)) out[key] = nullableWithoutUnion(value);
  // `nullable` needs a `type` beside it (an enum alone or a union stays a union).
  if (typeof other?.['type'] === 'string' && branches?.some((b) => b['type'] === 'null'))
    return { ...(nullableWithoutUnion(other) as JsonSchema), ...out, nullable: true };
  if (branches) out['anyOf'] = nullableWithoutUnion(branches);
  return out;
}
