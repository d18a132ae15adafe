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
 * HNSW graph parameters, by index form, fixed when an index is built. pgvector's defaults (m 16, ef_construction 64)
 * reach a recall@10 of only 0.65–0.83 on the local embedder's vectors (hashed features: neighbours lie close together,
 * bench/rag.ts). m 32 holds twice the neighbours. The full-precision graph (PGlite's) is built with ef_construction
 * 512: at 100,000 chunks its search at ef_search 100 finds 0.95 of the true ten where 128 found 0.92–0.93, in about
 * the same time; its build takes two to three times as long and a chunk written into it 1.7–2.8 times
 * (decisions/0005-vector-search.md). PostgreSQL's half-precision graph keeps 128: it searches at ef_search 200 and meets the target with it. An
 * index built before keeps its parameters until it is rebuilt (docs/operations.md).
 */
export interface HnswBuild {
  m: number;
  efConstruction: number;
}
export const HNSW_BUILD: Record<VectorIndexForm, HnswBuild> = {
  vector: { m: 32, efConstruction: 512 },
  halfvec: { m: 32, efConstruction: 128 },
};
/**
 * The memory PGlite builds an HNSW graph in (its maintenance_work_mem, set for its one connection; PostgreSQL's is
 * the server's setting, docs/operations.md). PGlite's default, 64 MB, holds a graph of about 25,000 chunks of 384
 * dimensions; past it pgvector goes on building on disk, several times slower. 512 MB holds about 200,000 and leaves
 * most of the WebAssembly memory (2 GB at most) to the rest. Only an index build uses it.
 */
export const PGLITE_INDEX_BUILD_MEMORY = '512MB';
/**
 * Candidates the HNSW search keeps per query (pgvector's default is 40), by index form: PostgreSQL's half-precision
 * graph searches about twice as fast (decisions/0005-vector-search.md), so it looks at twice as many candidates in the time the full
 * precision graph took for 100 (recall@10 at 100,000 chunks 0.77 → 0.86).
 */
export const HNSW_EF_SEARCH = { vector: 100, halfvec: 200 } as const;

/**
 * How every connection searches the HNSW index, set once when it opens (db/client.ts) rather than in a transaction
 * around each search (three round trips fewer on every question): ef_search, and iterative scans, which keep
 * searching the index until enough rows of the asked chatbot are found (pgvector ≥ 0.8; the index holds every
 * chatbot's chunks). Until pgvector is loaded in a session, PostgreSQL keeps them as placeholders and hands them to
 * it when it loads; without pgvector nothing reads them. A search that needs other values sets them with SET LOCAL.
 */
export function hnswSessionSettings(form: VectorIndexForm): string {
  return `SET hnsw.ef_search = ${HNSW_EF_SEARCH[form]}; SET hnsw.iterative_scan = relaxed_order`;
}

/**
 * Embedding sizes indexed on every installation: the built-in local embedder (384) and OpenAI's models (1536). Any
 * other size a chatbot embeds with (an OpenAI-compatible model, shortened OpenAI embeddings) is indexed too, from its
 * first processed document on (decisions/0005-vector-search.md).
 */
export const INDEXED_DIMENSIONS = [384, 1536] as const;

/** pgvector's HNSW limit for `vector` (halfvec allows 4,000; Parley embeds at most 1,536 dimensions). */
export const MAX_HNSW_DIMENSIONS = 2000;

/** The embedding sizes to index at start-up: the fixed ones and every size a chatbot embeds with. */
export async function embeddingSizesToIndex(db: AnyDb): Promise<{ all: number[]; extra: number[] }> {
  const result = await db.execute(sql`SELECT DISTINCT embedding_dimensions AS n FROM chatbots`);
  const inUse = (result as unknown as { rows: { n: number }[] }).rows.map((row) => Number(row.n));
  const fixed = new Set<number>(INDEXED_DIMENSIONS);
  const extra = inUse.filter((n) => !fixed.has(n) && Number.isInteger(n) && n >= 1 && n <= MAX_HNSW_DIMENSIONS).sort((a, b) => a - b);
  return { all: [...INDEXED_DIMENSIONS, ...extra], extra };
}

/**
 * The form of an HNSW index over the embeddings: full precision (`vector`) or half (`halfvec`, 16-bit floats).
 * PostgreSQL uses half precision: twice as fast for the same recall, two thirds of the size (decisions/0005-vector-search.md).
 * PGlite keeps full precision: in WebAssembly, without the F16C instructions, half precision is four times slower.
 */
export type VectorIndexForm = 'vector' | 'halfvec';

/** The index form a database's driver builds. */
export const vectorIndexFormFor = (driver: 'pglite' | 'postgres'): VectorIndexForm => (driver === 'postgres' ? 'halfvec' : 'vector');

/** The name of the partial HNSW index of one embedding size (the full-precision name is the one indexes always had). */
export function vectorIndexName(table: string, column: string, dimensions: number, form: VectorIndexForm): string {
  return form === 'halfvec' ? `${table}_${column}_${dimensions}_halfvec_hnsw` : `${table}_${column}_${dimensions}_hnsw`;
}

/** `CREATE INDEX [CONCURRENTLY] IF NOT EXISTS …` of one embedding size's partial HNSW cosine index. */
export function vectorIndexStatement(
  table: string,
  column: string,
  options: { dimensionsColumn: string; dimensions: number; form: VectorIndexForm; concurrently?: boolean },
): SQL {
  const n = options.dimensions;
  if (!Number.isInteger(n) || n < 1 || n > 2000) throw new Error(`Invalid vector dimensions: ${n}`);
  const expression = options.form === 'halfvec' ? `halfvec(${n})) halfvec_cosine_ops` : `vector(${n})) vector_cosine_ops`;
  const { m, efConstruction } = HNSW_BUILD[options.form];
  return sql`CREATE INDEX ${sql.raw(options.concurrently ? 'CONCURRENTLY ' : '')}IF NOT EXISTS ${identifier(vectorIndexName(table, column, n, options.form))} ON ${identifier(table)} USING hnsw ((${identifier(column)}::${sql.raw(expression)}) WITH (m = ${sql.raw(String(m))}, ef_construction = ${sql.raw(String(efConstruction))}) WHERE ${identifier(options.dimensionsColumn)} = ${sql.raw(String(n))}`;
}

/**
 * Which form each embedding size's usable index has, so searches write the expression that index is on. Sizes
 * move from full to half precision when a background build finishes (vector-index-upgrade.ts); the rest stay full.
 */
export class VectorIndexes {
  private readonly halfPrecision = new Set<number>();
  private readonly indexed = new Set<number>();

  /** Sizes with an index, or one being built, as this node knows (start-up, then sizes first used since). */
  sizes(): number[] {
    return [...this.indexed].sort((a, b) => a - b);
  }

  covers(dimensions: number): boolean {
    return this.indexed.has(dimensions);
  }

  cover(dimensions: number): void {
    this.indexed.add(dimensions);
  }

  uncover(dimensions: number): void {
    this.indexed.delete(dimensions);
  }

  formFor(dimensions: number): VectorIndexForm {
    return this.halfPrecision.has(dimensions) ? 'halfvec' : 'vector';
  }

  useHalfPrecision(dimensions: number): void {
    this.halfPrecision.add(dimensions);
  }

  /** The sizes searched on a half-precision index, smallest first. */
  halfPrecisionSizes(): number[] {
    return [...this.halfPrecision].sort((a, b) => a - b);
  }
}

/** What start-up left to a background build: sizes whose half-precision index is missing or unfinished. */
export interface PendingVectorIndexes {
  /** Sizes searched on the full-precision index until their half-precision one is built. */
  build: number[];
  /** Sizes whose half-precision index is in use and whose full-precision one is still there to drop. */
  retire: number[];
}

/**
 * Tables declare embeddings as real[] (portable migrations). Under pgvector the column becomes `vector` (any
 * size) with one partial HNSW cosine index per indexed size, on the expression `column::vector(n)` (or
 * `column::halfvec(n)`) where `dimensionsColumn = n`. Idempotent.
 *
 * A size with no index at all gets one in the wanted form at once (a new database), unless it is in `buildLater`. A
 * size in `buildLater` without an index, or one that has the other form's index, is returned as pending: building a
 * new index blocks writes to the table, for minutes on a large corpus, so it is built in the background (CREATE
 * INDEX CONCURRENTLY) while the old one, or an exact scan, serves the searches.
 */
export async function prepareVectorColumn(
  db: AnyDb,
  mode: VectorSearchMode,
  table: string,
  column: string,
  options: {
    dimensionsColumn: string;
    dimensions: readonly number[];
    form?: VectorIndexForm;
    indexes?: VectorIndexes;
    /** Sizes that may hold many rows and no index yet (half precision only): built in the background, not at once. */
    buildLater?: readonly number[];
  },
): Promise<PendingVectorIndexes> {
  const pending: PendingVectorIndexes = { build: [], retire: [] };
  if (mode !== 'pgvector') return pending;
  const form = options.form ?? 'vector';
  const result = await db.execute<{ udt_name: string }>(
    sql`SELECT udt_name FROM information_schema.columns WHERE table_name = ${table} AND column_name = ${column}`,
  );
  const rows = (result as unknown as { rows: { udt_name: string }[] }).rows;
  if (rows[0]?.udt_name !== 'vector') {
    await db.execute(sql`ALTER TABLE ${identifier(table)} ALTER COLUMN ${identifier(column)} TYPE vector USING ${identifier(column)}::vector`);
  }
  for (const n of options.dimensions) {
    options.indexes?.cover(n);
    const create = vectorIndexStatement(table, column, { dimensionsColumn: options.dimensionsColumn, dimensions: n, form });
    // Full precision (PGlite) is only ever built here, at start-up: it exists and is finished, or it is created.
    if (form === 'vector') {
      await db.execute(create);
      continue;
    }
    const states = await vectorIndexStates(db, table, column, n);
    if (states.halfvec === 'valid') {
      options.indexes?.useHalfPrecision(n);
      if (states.vector !== 'missing') pending.retire.push(n);
    } else if (states.vector === 'missing' && states.halfvec === 'missing' && !options.buildLater?.includes(n)) {
      await db.execute(create);
      options.indexes?.useHalfPrecision(n);
    } else {
      pending.build.push(n);
    }
  }
  return pending;
}

/**
 * Indexes an embedding size first used since start-up (decisions/0005-vector-search.md), once its first document's chunks are written;
 * resolves when the index is there. PostgreSQL builds the full-precision form concurrently (writes go on, and every
 * node searches a size it has not seen switch to half precision in that form, so all of them use it at once); its
 * next start-up moves it to half precision in the background. PGlite builds its index at once.
 */
export async function indexNewEmbeddingSize(
  db: AnyDb,
  input: { table: string; column: string; dimensionsColumn: string; dimensions: number; indexes: VectorIndexes; concurrently: boolean },
): Promise<void> {
  const { table, column, indexes, dimensions: n } = input;
  if (indexes.covers(n) || !Number.isInteger(n) || n < 1 || n > MAX_HNSW_DIMENSIONS) return;
  indexes.cover(n);
  try {
    const states = await vectorIndexStates(db, table, column, n);
    if (states.halfvec === 'valid') indexes.useHalfPrecision(n);
    // Any other index of this size is another node's (or an earlier start-up's) to finish.
    if (states.vector !== 'missing' || states.halfvec !== 'missing') return;
    await db.execute(
      vectorIndexStatement(table, column, { dimensionsColumn: input.dimensionsColumn, dimensions: n, form: 'vector', concurrently: input.concurrently }),
    );
  } catch (error) {
    indexes.uncover(n);
    throw error;
  }
}

type IndexState = 'missing' | 'invalid' | 'valid';

/** Whether each form's index of one size exists, and whether it is finished (a concurrent build may not be yet). */
export async function vectorIndexStates(db: AnyDb, table: string, column: string, dimensions: number): Promise<Record<VectorIndexForm, IndexState>> {
  const names = { vector: vectorIndexName(table, column, dimensions, 'vector'), halfvec: vectorIndexName(table, column, dimensions, 'halfvec') };
  const result = await db.execute(
    sql`SELECT c.relname AS name, i.indisvalid AS valid FROM pg_class c JOIN pg_index i ON i.indexrelid = c.oid JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relname IN (${names.vector}, ${names.halfvec}) AND n.nspname = current_schema()`,
  );
  const found = new Map((result as unknown as { rows: { name: string; valid: boolean }[] }).rows.map((row) => [row.name, row.valid]));
  const state = (name: string): IndexState => (!found.has(name) ? 'missing' : found.get(name) ? 'valid' : 'invalid');
  return { vector: state(names.vector), halfvec: state(names.halfvec) };
}

/** A literal for a query embedding, typed for the mode's column type. */
export function vectorLiteral(mode: VectorSearchMode, values: readonly number[], form: VectorIndexForm = 'vector'): SQL {
  if (!values.every((v) => Number.isFinite(v))) throw new Error('Embedding has a non-finite value');
  return mode === 'pgvector' ? sql`${`[${values.join(',')}]`}::${sql.raw(form)}(${sql.raw(String(values.length))})` : sql`${`{${values.join(',')}}`}::real[]`;
}

/**
 * Cosine distance (0 = same direction, 2 = opposite) between a column and a query
 * embedding. Under pgvector the column is cast to the query's size (and to half precision
 * where that is the index's form), matching the partial HNSW index's expression so the
 * planner can use it.
 */
export function cosineDistance(mode: VectorSearchMode, column: SQL, query: readonly number[], form: VectorIndexForm = 'vector'): SQL<number> {
  const literal = vectorLiteral(mode, query, form);
  return mode === 'pgvector'
    ? sql<number>`(${column}::${sql.raw(form)}(${sql.raw(String(query.length))}) <=> ${literal})`
    : sql<number>`parley_cosine_distance(${column}, ${literal})`;
}

/** An index rebuilt with the current graph parameters, and those it had. */
export interface VectorIndexRebuild {
  name: string;
  dimensions: number;
  rows: number;
  from: HnswBuild;
  to: HnswBuild;
  seconds: number;
}

/**
 * Rebuilds each embedding size's HNSW index of one form whose graph parameters are not HNSW_BUILD's: an index keeps
 * the parameters it was built with (decisions/0005-vector-search.md). For the embedded database, which has no SQL console at hand
 * (`npm run db:rebuild-vector-index`). Each index is dropped and built again in one transaction, so a failed build
 * leaves the old one; writes to the table wait meanwhile.
 */
export async function rebuildOutdatedVectorIndexes(
  db: AnyDb,
  input: {
    table: string;
    column: string;
    dimensionsColumn: string;
    form: VectorIndexForm;
    /** Told before each build starts, with the rows it indexes. */
    onBuild?: (index: Omit<VectorIndexRebuild, 'seconds'>) => void;
  },
): Promise<VectorIndexRebuild[]> {
  const { table, column, form } = input;
  const result = await db.execute(
    sql`SELECT c.relname AS name, c.reloptions AS options FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace WHERE t.relname = ${table} AND n.nspname = current_schema()`,
  );
  const to = HNSW_BUILD[form];
  const outdated = (result as unknown as { rows: { name: string; options: string[] | null }[] }).rows.flatMap(({ name, options }) => {
    const dimensions = Number(/_(\d+)_(?:halfvec_)?hnsw$/.exec(name)?.[1]);
    if (!dimensions || vectorIndexName(table, column, dimensions, form) !== name) return [];
    // pgvector's defaults for an option the index does not name.
    const option = (key: string, fallback: number) => Number(options?.find((o) => o.startsWith(`${key}=`))?.slice(key.length + 1) ?? fallback);
    const from = { m: option('m', 16), efConstruction: option('ef_construction', 64) };
    return from.m === to.m && from.efConstruction === to.efConstruction ? [] : [{ name, dimensions, from }];
  });
  const rebuilt: VectorIndexRebuild[] = [];
  for (const { name, dimensions, from } of outdated.sort((a, b) => a.dimensions - b.dimensions)) {
    const counted = await db.execute(sql`SELECT count(*)::int AS rows FROM ${identifier(table)} WHERE ${identifier(input.dimensionsColumn)} = ${dimensions}`);
    const rows = (counted as unknown as { rows: { rows: number }[] }).rows[0]!.rows;
    input.onBuild?.({ name, dimensions, rows, from, to });
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`DROP INDEX ${identifier(name)}`);
      await tx.execute(vectorIndexStatement(table, column, { dimensionsColumn: input.dimensionsColumn, dimensions, form }));
    });
    rebuilt.push({ name, dimensions, rows, from, to, seconds: (performance.now() - started) / 1000 });
  }
  return rebuilt;
}
