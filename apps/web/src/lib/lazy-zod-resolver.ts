import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that validates with a shared zod schema loaded after the first screen. The sign-in
 * page's forms validate with the shared contracts, and zod is about a tenth of that page's JavaScript; the schema
 * (and zod with it) starts loading when the form's module loads, so it is there long before anyone submits. A failed
 * load is tried again on the next validation.
 */
export function lazyZodResolver<Values extends FieldValues>(load: () => Promise<z.ZodType<Values, Values>>): Resolver<Values> {
  let loading: Promise<Resolver<Values>> | undefined;
  const ready = () =>
    (loading ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<Values>,
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  ready().catch(() => undefined);
  return async (values, context, options) => (await ready())(values, context, options);
}
