/** Helpers for raw SQL, where drizzle's builder does not reach. */

/** The rows of `db.execute(sql…)`: both drivers (node-postgres and PGlite) answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A table, schema or column name as a quoted SQL identifier. */
export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;
