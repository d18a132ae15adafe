import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export type VectorSearchMode = 'pgvector' | 'exact';
type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * pgvector where `CREATE EXTENSION vector` succeeds (always in PGlite, on every
 * managed PostgreSQL); otherwise embeddings stay in real[] and are searched
 * exactly with parley_cosine_distance() (migration 0001).
 */
export async function enableVectorExtension(db: AnyDb): Promise<VectorSearchMode> {
  try {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
    return 'pgvector';
  } catch {
    return 'exact';
  }
}

const identifier = (name: string): SQL => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid SQL identifier: ${name}`);
  return sql.raw(`"${name}"`);
};

/**
 * Tables declare embeddings as real[] (portable migrations). Under pgvector the
 * column is converted to vector(dimensions) and given an HNSW cosine index.
 * Idempotent: safe to run at every start.
 */
export async function prepareVectorColumn(db: AnyDb, mode: VectorSearchMode, table: string, column: string, dimensions: number): Promise<void> {
  if (mode !== 'pgvector') return;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16000) throw new Error(`Invalid vector dimensions: ${dimensions}`);
  const result = await db.execute<{ udt_name: string }>(
    sql`SELECT udt_name FROM information_schema.columns WHERE table_name = ${table} AND column_name = ${column}`,
  );
  const rows = (result as unknown as { rows: { udt_name: string }[] }).rows;
  if (rows[0]?.udt_name !== 'vector') {
    await db.execute(
      sql`ALTER TABLE ${identifier(table)} ALTER COLUMN ${identifier(column)} TYPE vector(${sql.raw(String(dimensions))}) USING ${identifier(column)}::vector(${sql.raw(String(dimensions))})`,
    );
  }
  await db.execute(
    sql`CREATE INDEX IF NOT EXISTS ${identifier(`${table}_${column}_hnsw`)} ON ${identifier(table)} USING hnsw (${identifier(column)} vector_cosine_ops)`,
  );
}

/** A literal for a query embedding, typed for the mode's column type. */
export function vectorLiteral(mode: VectorSearchMode, values: readonly number[]): SQL {
  if (!values.every((v) => Number.isFinite(v))) throw new Error('Embedding has a non-finite value');
  const text = `[${values.join(',')}]`;
  return mode === 'pgvector' ? sql`${text}::vector` : sql`${`{${values.join(',')}}`}::real[]`;
}

/** Cosine distance (0 = same direction, 2 = opposite) between a column and a query embedding. */
export function cosineDistance(mode: VectorSearchMode, column: SQL, query: readonly number[]): SQL<number> {
  const literal = vectorLiteral(mode, query);
  return mode === 'pgvector' ? sql<number>`(${column} <=> ${literal})` : sql<number>`parley_cosine_distance(${column}, ${literal})`;
}
