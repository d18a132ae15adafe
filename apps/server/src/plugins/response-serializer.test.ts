import { activityLogListSchema } from '@parley/shared/contracts/activity-logs';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer';

const compile = (schema: z.ZodType, verify: boolean) =>
  createResponseSerializerCompiler({ verify })({ schema, method: 'GET', url: '/api/example', httpStatus: '200' } as never);

const userSchema = z.object({ id: z.uuid(), name: z.string(), note: z.string().nullable() });
const user = { id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', name: 'Ada', note: null };

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected the serialiser to throw');
}

describe('response serialiser', () => {
  it('is compiled on the first response, once, not when the route is registered', () => {
    let reads = 0;
    const route = {
      get schema() {
        reads += 1;
        return userSchema;
      },
      method: 'GET',
      url: '/api/example',
      httpStatus: '200',
    };
    const serialize = createResponseSerializerCompiler({ verify: false })(route as never);
    expect(reads).toBe(0);
    expect(JSON.parse(serialize(user))).toEqual(user);
    const compiled = reads;
    expect(compiled).toBeGreaterThan(0);
    expect(JSON.parse(serialize({ ...user, name: 'Grace' }))).toEqual({ ...user, name: 'Grace' });
    expect(reads).toBe(compiled);
  });

  it('writes the declared properties only, in production and in tests', () => {
    for (const verify of [false, true]) {
      const written = compile(userSchema, verify)({ ...user, passwordHash: 'scrypt:secret', email: 'ada@example.com' });
      expect(JSON.parse(written)).toEqual(user);
      expect(written).not.toContain('secret');
    }
  });

  it('writes a 100-entry activity list exactly as zod does', () => {
    const list = {
      items: Array.from({ length: 100 }, (_, i) => ({
        id: `6f1c2a3b-4d5e-4f60-8a7b-${String(i).padStart(12, '0')}`,
        action: i % 2 ? 'user_update' : 'tier_change',
        resourceType: 'user',
        resourceId: i % 3 ? String(i) : null,
        adminUserId: null,
        details: { n: i, text: 'quote " and <script>alert(1)</script> and \u2028 line', nested: { list: [1, 'two', null] } },
        createdAt: new Date(Date.UTC(2026, 10, 26, 0, 0, i)).toISOString(),
      })),
      summary: { total: 100, recent24h: 40, distinctAdmins: 0 },
    };
    const fast = compile(activityLogListSchema, false)(list);
    expect(JSON.parse(fast)).toEqual(JSON.parse(JSON.stringify(z.encode(activityLogListSchema, list))));
    expect(compile(activityLogListSchema, true)(list)).toBe(fast);
  });

  it('in tests, a response outside its contract fails as before; production writes what it can', () => {
    const outside = { ...user, id: 'not-a-uuid' };
    expect(isResponseSerializationError(thrown(() => compile(userSchema, true)(outside)) as Error)).toBe(true);
    expect(JSON.parse(compile(userSchema, false)(outside))).toEqual(outside);
  });

  it('in tests, fails where the fast serialiser would write something else than zod', () => {
    // fast-json-stringify honours toJSON; zod reads the properties themselves.
    const tricky = { ...user, toJSON: () => ({ ...user, name: 'Someone else' }) };
    const error = thrown(() => compile(userSchema, true)(tricky)) as Error & { cause: z.ZodError };
    expect(isResponseSerializationError(error)).toBe(true);
    expect(error.cause.issues[0]!.message).toContain('the fast serialiser wrote');
  });

  it('falls back to zod for a schema JSON Schema cannot express', () => {
    const dated = z.object({ at: z.date() });
    // Zod writes it, in production too: a value outside the contract still fails.
    expect(isResponseSerializationError(thrown(() => compile(dated, false)({ at: 'yesterday' })) as Error)).toBe(true);
    expect(JSON.parse(compile(dated, false)({ at: new Date(0) }))).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });
});
