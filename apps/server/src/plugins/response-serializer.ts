import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Schema = Parameters<typeof zodSerializerCompiler>[0]['schema'];

/** The zod schema a route's response declares (Fastify hands it over as given, or wrapped in `properties`). */
function zodSchemaOf(schema: Schema): $ZodType | null {
  if (schema instanceof $ZodType) return schema;
  const wrapped = (schema as { properties?: unknown }).properties;
  return wrapped instanceof $ZodType ? wrapped : null;
}

/**
 * The same schema as a serialiser compiled by fast-json-stringify (what Fastify does with JSON schemas): it writes
 * the declared properties only, so an undeclared field never leaves the server, without checking each value against
 * the contract. Null where zod's JSON schema cannot be compiled (transforms, dates, formats Ajv does not know).
 */
function compileFast(schema: $ZodType): ((data: unknown) => string) | null {
  try {
    const { $schema: _ignored, ...json } = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'throw', target: 'draft-07' });
    return fastJson(json as Parameters<typeof fastJson>[0]);
  } catch {
    return null;
  }
}

/**
 * Response serialisation (decisions/0029-response-serialisation-and-per-request-cost.md). The contract's zod schema stays the reference: in development and tests
 * every response is encoded with zod (a response outside its contract is a 500 there, as before) and the fast
 * serialiser's output must equal it, so the whole test suite checks the fast path route by route. In production the
 * fast serialiser alone writes the response: zod's check of every outgoing value cost a quarter of the CPU of a
 * 100-row list under load.
 */
export function createResponseSerializerCompiler(options: { verify: boolean }): FastifySerializerCompiler<Schema> {
  return (route) => {
    // Built on the route's first response with this status, not when the server starts: compiling every route's
    // serialisers took about 0.9 s of each start (decisions/0029-response-serialisation-and-per-request-cost.md), and most routes answer few of their statuses.
    let serialize: ((data: unknown) => string) | undefined;
    return (data) => (serialize ??= compileSerializer(route, options))(data);
  };
}

function compileSerializer(route: Parameters<FastifySerializerCompiler<Schema>>[0], options: { verify: boolean }): (data: unknown) => string {
  const reference = zodSerializerCompiler(route);
  const schema = zodSchemaOf(route.schema);
  const fast = schema && compileFast(schema);
  if (!fast) return reference;
  if (!options.verify) return fast;
  return (data) => {
    const expected = reference(data);
    const actual = fast(data);
    if (!isDeepStrictEqual(JSON.parse(actual), JSON.parse(expected))) {
      throw new ResponseSerializationError(route.method, route.url, {
        cause: new z.ZodError([
          {
            code: 'custom',
            path: [],
            input: data,
            message: `the fast serialiser wrote ${actual.slice(0, 500)} where the contract gives ${expected.slice(0, 500)}`,
          },
        ]),
      });
    }
    return actual;
  };
}
