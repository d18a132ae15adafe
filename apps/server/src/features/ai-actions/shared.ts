import type { Db } from '../../db/client';

export type RequestContext = { ipAddress: string; userAgent: string | null };
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A unique-constraint violation from either driver (node-postgres, or PGlite wrapped by Drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth += 1) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** JSON with object keys sorted: equal values compare equal even after jsonb reordered their keys. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
