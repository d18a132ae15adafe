/** The rows of `db.execute(sql…)`: both drivers (node-postgres and PGlite) answer with `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
