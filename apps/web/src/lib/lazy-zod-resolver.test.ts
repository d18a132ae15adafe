import { z } from 'zod';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './lazy-zod-resolver';

const schema = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email({ error: 'Enter a valid e-mail address' })),
});
type Values = z.infer<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('lazyZodResolver', () => {
  it('starts loading the schema at once and validates with it: errors for bad values, parsed values for good ones', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver<Values>(load);
    expect(load).toHaveBeenCalledTimes(1);
    const bad = await resolver({ email: 'not an address' }, undefined, options);
    expect(bad.errors.email?.message).toBe('Enter a valid e-mail address');
    const good = await resolver({ email: '  ada@example.com ' }, undefined, options);
    expect(good).toEqual({ values: { email: 'ada@example.com' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the load again after it failed (a flaky network), instead of failing every submit', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(schema);
    const resolver = lazyZodResolver<Values>(load);
    await expect(resolver({ email: 'x' }, undefined, options)).rejects.toThrow('chunk failed');
    expect((await resolver({ email: 'ada@example.com' }, undefined, options)).errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
