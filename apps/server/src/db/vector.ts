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
 * HNSW graph parameters. pgvector's defaults (m 16, ef_construction 64) reach a recall@10 of only 0.65–0.83
 * on the local embedder's vectors (hashed features: neighbours lie close together, bench/rag.ts); 32 / 128
 * reach 0.95 at ef_search 100 for about three times the build time. An index built before keeps its
 * parameters until it is rebuilt (`REINDEX INDEX document_chunks_embedding_384_hnsw`).
 */
export const HNSW_M = 32;
export const HNSW_EF_CONSTRUCTION = 128;
/** Candidates the HNSW search keeps per query (pgvector's default is 40); see HNSW_SESSION_SETTINGS. */
export const HNSW_EF_SEARCH = 100;

/**
 * How every connection searches the HNSW index, set once when it opens (db/client.ts) rather than in a transaction
 * around each search (three round trips fewer on every question): ef_search, and iterative scans, which keep
 * searching the index until enough rows of the asked chatbot are found (pgvector ≥ 0.8; the index holds every
 * chatbot's chunks). Until pgvector is loaded in a session, PostgreSQL keeps them as placeholders and hands them to
 * it when it loads; without pgvector nothing reads them. A search that needs other values sets them with SET LOCAL.
 */
export const HNSW_SESSION_SETTINGS = `SET hnsw.ef_search = ${HNSW_EF_SEARCH}; SET hnsw.iterative_scan = relaxed_order`;

/** Embedding sizes Parley indexes: the built-in local embedder (384) and OpenAI's models (1536). */
export const INDEXED_DIMENSIONS = [384, 1536] as const;

/**
 * Tables declare embeddings as real[] (portable migrations). Under pgvector the column
 * becomes `vector` (any size) with one partial HNSW cosine index per indexed size,
 * on the expression `column::vector(n)` where `dimensionsColumn = n`. Idempotent.
 */
export async function prepareVectorColumn(
  db: AnyDb,
  mode: VectorSearchMode,
  table: string,
  column: string,
  options: { dimensionsColumn: string; dimensions: readonly number[] },
): Promise<void> {
  if (mode !== 'pgvector') return;
  const result = await db.execute<{ udt_name: string }>(
    sql`SELECT udt_name FROM information_schema.columns WHERE table_name = ${table} AND column_name = ${column}`,
  );
  const rows = (result as unknown as { rows: { udt_name: string }[] }).rows;
  if (rows[0]?.udt_name !== 'vector') {
    await db.execute(sql`ALTER TABLE ${identifier(table)} ALTER COLUMN ${identifier(column)} TYPE vector USING ${identifier(column)}::vector`);
  }
  for (const n of options.dimensions) {
    if (!Number.isInteger(n) || n < 1 || n > 2000) throw new Error(`Invalid vector dimensions: ${n}`);
    await db.execute(
      sql`CREATE INDEX IF NOT EXISTS ${identifier(`${table}_${column}_${n}_hnsw`)} ON ${identifier(table)} USING hnsw ((${identifier(column)}::vector(${sql.raw(String(n))})) vector_cosine_ops) WITH (m = ${sql.raw(String(HNSW_M))}, ef_construction = ${sql.raw(String(HNSW_EF_CONSTRUCTION))}) WHERE ${identifier(options.dimensionsColumn)} = ${sql.raw(String(n))}`,
    );
  }
}

/** A literal for a query embedding, typed for the mode's column type. */
export function vectorLiteral(mode: VectorSearchMode, values: readonly number[]): SQL {
  if (!values.every((v) => Number.isFinite(v))) throw new Error('Embedding has a non-finite value');
  return mode === 'pgvector' ? sql`${`[${values.join(',')}]`}::vector(${sql.raw(String(values.length))})` : sql`${`{${values.join(',')}}`}::real[]`;
}

/**
 * Cosine distance (0 = same direction, 2 = opposite) between a column and a query
 * embedding. Under pgvector the column is cast to the query's size, matching the
 * partial HNSW index's expression so the planner can use it.
 */
export function cosineDistance(mode: VectorSearchMode, column: SQL, query: readonly number[]): SQL<number> {
  const literal = vectorLiteral(mode, query);
  return mode === 'pgvector'
    ? sql<number>`(${column}::vector(${sql.raw(String(query.length))}) <=> ${literal})`
    : sql<number>`parley_cosine_distance(${column}, ${literal})`;
}
