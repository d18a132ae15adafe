import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { describeEachDatabase, openTestDatabase } from '../test/harness';
import pg from 'pg';
import { openDatabase } from './client';
import { upgradeVectorIndexes } from './vector-index-upgrade';
import {
  cosineDistance,
  HNSW_BUILD,
  HNSW_EF_SEARCH,
  PGLITE_INDEX_BUILD_MEMORY,
  prepareVectorColumn,
  rebuildOutdatedVectorIndexes,
  vectorIndexFormFor,
  VectorIndexes,
  vectorIndexName,
  vectorIndexStates,
  vectorIndexStatement,
  type VectorIndexForm,
  type VectorSearchMode,
} from './vector';

const DIMENSIONS = 8;

/** Deterministic vectors in a few clusters, and the exact nearest neighbours computed in JS. */
function corpus(count: number): number[][] {
  let seed = 42;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return Array.from({ length: count }, (_, i) => Array.from({ length: DIMENSIONS }, (_, d) => (d === i % DIMENSIONS ? 3 : 0) + random()));
}
const cosine = (a: number[], b: number[]) => {
  const dot = a.reduce((s, x, i) => s + x * b[i]!, 0);
  return 1 - dot / (Math.hypot(...a) * Math.hypot(...b));
};

async function nearest(
  db: ReturnType<typeof Object>,
  mode: VectorSearchMode,
  table: string,
  query: number[],
  limit: number,
  form?: VectorIndexForm,
): Promise<number[]> {
  const result = await db.execute(sql`SELECT id FROM ${sql.raw(table)} ORDER BY ${cosineDistance(mode, sql.raw('embedding'), query, form)} LIMIT ${limit}`);
  return (result as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

/** The index the planner picks for a nearest-neighbour search when it may not scan the table (none: it must scan). */
async function indexUsed(db: ReturnType<typeof Object>, table: string, query: number[], form: VectorIndexForm): Promise<string | undefined> {
  const plan = await db.transaction(async (tx: ReturnType<typeof Object>) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return tx.execute(
      sql`EXPLAIN SELECT id FROM ${sql.raw(table)} WHERE dims = ${DIMENSIONS} ORDER BY ${cosineDistance('pgvector', sql.raw('embedding'), query, form)} LIMIT 5`,
    );
  });
  const text = (plan as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
  return /Index Scan using (\S+)/.exec(text)?.[1];
}

/** The options an index was built with (null: none named, pgvector's defaults). */
async function indexOptions(db: ReturnType<typeof Object>, name: string): Promise<string[] | null | undefined> {
  const result = await db.execute(sql`SELECT reloptions FROM pg_class WHERE relname = ${name}`);
  return (result as { rows: { reloptions: string[] | null }[] }).rows[0]?.reloptions;
}

/** A table of the corpus's vectors (real[] until prepared), and the five nearest to a query, computed in JS. */
async function probeTable(db: ReturnType<typeof Object>): Promise<{ table: string; query: number[]; expected: number[] }> {
  const table = `vector_probe_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await db.execute(sql.raw(`CREATE TABLE ${table} (id integer PRIMARY KEY, embedding real[] NOT NULL, dims integer NOT NULL DEFAULT ${DIMENSIONS})`));
  const vectors = corpus(60);
  for (const [i, v] of vectors.entries()) await db.execute(sql`INSERT INTO ${sql.raw(table)} (id, embedding) VALUES (${i}, ${`{${v.join(',')}}`}::real[])`);
  const query = vectors[7]!.map((x) => x * 0.9 + 0.05);
  const expected = vectors
    .map((v, i) => ({ i, d: cosine(v, query) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 5)
    .map((x) => x.i);
  return { table, query, expected };
}

describeEachDatabase('vector search', (ctx) => {
  it('finds the same nearest neighbours as an exact computation, on whichever path the database supports', async () => {
    const { db, vectorSearch } = ctx().database;
    expect(vectorSearch).toBe(ctx().database.driver === 'pglite' ? 'pgvector' : (vectorSearch as string));
    const { table, query, expected } = await probeTable(db);

    // Before preparation the column is real[]: the exact path works on every database.
    expect(await nearest(db, 'exact', table, query, 5)).toEqual(expected);

    // A new table gets its index in the driver's form at once (PostgreSQL: half precision), and nothing is left pending.
    const form = vectorIndexFormFor(ctx().database.driver);
    const indexes = new VectorIndexes();
    const prepare = () => prepareVectorColumn(db, vectorSearch, table, 'embedding', { dimensionsColumn: 'dims', dimensions: [DIMENSIONS], form, indexes });
    expect(await prepare()).toEqual({ build: [], retire: [] });
    expect(await prepare()).toEqual({ build: [], retire: [] }); // idempotent
    const type = await db.execute(sql`SELECT udt_name FROM information_schema.columns WHERE table_name = ${table} AND column_name = 'embedding'`);
    expect((type as unknown as { rows: { udt_name: string }[] }).rows[0]?.udt_name).toBe(vectorSearch === 'pgvector' ? 'vector' : '_float4');
    if (vectorSearch !== 'pgvector') return;
    expect(indexes.formFor(DIMENSIONS)).toBe(form);
    expect(await nearest(db, vectorSearch, table, query, 5, form)).toEqual(expected);
    // The search's expression is the index's: the planner can use it.
    expect(await indexUsed(db, table, query, form)).toBe(`${table}_embedding_${DIMENSIONS}_${form === 'halfvec' ? 'halfvec_' : ''}hnsw`);
  });

  it('rebuilds an index built with other graph parameters, and leaves a current one alone', async () => {
    const { db, vectorSearch, driver } = ctx().database;
    if (vectorSearch !== 'pgvector') return; // exact search over real[]: no index to rebuild
    const form = vectorIndexFormFor(driver);
    const { table, query, expected } = await probeTable(db);
    await prepareVectorColumn(db, vectorSearch, table, 'embedding', { dimensionsColumn: 'dims', dimensions: [DIMENSIONS], form });
    const name = vectorIndexName(table, 'embedding', DIMENSIONS, form);
    const rebuild = (onBuild?: (index: unknown) => void) =>
      rebuildOutdatedVectorIndexes(db, { table, column: 'embedding', dimensionsColumn: 'dims', form, onBuild });
    expect(await rebuild()).toEqual([]);

    // As an earlier version built it: pgvector's defaults, no options named.
    const expression = form === 'halfvec' ? `halfvec(${DIMENSIONS})) halfvec_cosine_ops` : `vector(${DIMENSIONS})) vector_cosine_ops`;
    await db.execute(sql.raw(`DROP INDEX ${name}`));
    await db.execute(sql.raw(`CREATE INDEX ${name} ON ${table} USING hnsw ((embedding::${expression}) WHERE dims = ${DIMENSIONS}`));
    expect(await indexOptions(db, name)).toBeNull();
    const told: unknown[] = [];
    const rebuilt = await rebuild((index) => told.push(index));
    const current = HNSW_BUILD[form];
    expect(rebuilt).toEqual([{ name, dimensions: DIMENSIONS, rows: 60, from: { m: 16, efConstruction: 64 }, to: current, seconds: expect.any(Number) }]);
    expect(told).toEqual([{ name, dimensions: DIMENSIONS, rows: 60, from: { m: 16, efConstruction: 64 }, to: current }]);
    expect((await indexOptions(db, name))?.sort()).toEqual([`ef_construction=${current.efConstruction}`, `m=${current.m}`]);
    expect(await nearest(db, vectorSearch, table, query, 5, form)).toEqual(expected);
    expect(await indexUsed(db, table, query, form)).toBe(name);
    expect(await rebuild()).toEqual([]);
  });
});

describeEachDatabase('HNSW search settings', (ctx) => {
  it("every connection searches with its index form's ef_search and iterative scans, without setting them per query", async () => {
    const { db, vectorSearch } = ctx().database;
    if (vectorSearch !== 'pgvector') return; // exact search over real[]: no index to configure
    // On one connection of the pool, after pgvector has been used in it (so its own settings, not placeholders).
    const settings = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT '[1,0]'::vector(2) <=> '[0,1]'::vector(2)`);
      const result = await tx.execute(sql`SELECT current_setting('hnsw.ef_search') AS ef, current_setting('hnsw.iterative_scan') AS scan`);
      return (result as unknown as { rows: { ef: string; scan: string }[] }).rows[0];
    });
    expect(settings).toEqual({ ef: String(HNSW_EF_SEARCH[vectorIndexFormFor(ctx().database.driver)]), scan: 'relaxed_order' });
  });

  it("builds the chunks' index with its form's graph parameters, and PGlite builds in memory enough for the graph", async () => {
    const { db, vectorSearch, driver } = ctx().database;
    if (vectorSearch !== 'pgvector') return; // exact search over real[]: no index to build
    const form = vectorIndexFormFor(driver);
    const options = await indexOptions(db, vectorIndexName('document_chunks', 'embedding', 384, form));
    expect(options?.sort()).toEqual([`ef_construction=${HNSW_BUILD[form].efConstruction}`, `m=${HNSW_BUILD[form].m}`]);
    if (driver === 'pglite') {
      const memory = await db.execute(sql`SELECT current_setting('maintenance_work_mem') AS memory`);
      expect((memory as unknown as { rows: { memory: string }[] }).rows[0]?.memory).toBe(PGLITE_INDEX_BUILD_MEMORY);
    }
  });
});

// Half precision is PostgreSQL's index (PGlite keeps full precision): this suite needs a PostgreSQL server with
// pgvector, and without one it is skipped and says why.
const upgradeSkipReason = inject('postgresUrl') ? null : inject('postgresSkipReason') || 'no PostgreSQL server (TEST_DATABASE_URL)';
if (upgradeSkipReason) console.warn(`[vector.test] half-precision index upgrade skipped: ${upgradeSkipReason}`);

describe.skipIf(upgradeSkipReason)(`half-precision index upgrade [postgres]${upgradeSkipReason ? ` (skipped: ${upgradeSkipReason})` : ''}`, () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await opened?.dispose();
  });
  const ctx = () => ({ database: opened!.database });
  /** Without pgvector on the server there is no index to upgrade: each test says so and is skipped. */
  const needsPgvector = (test: { skip: (note?: string) => never }) => {
    if (ctx().database.vectorSearch === 'pgvector') return;
    console.warn('[vector.test] half-precision index upgrade skipped: pgvector is not installed on this PostgreSQL server');
    test.skip('pgvector is not installed on this PostgreSQL server (deploy/install-pgvector.sh)');
  };
  /** A table as an earlier version left it: vector column, full-precision index. */
  async function olderTable() {
    const { db } = ctx().database;
    const probe = await probeTable(db);
    await prepareVectorColumn(db, 'pgvector', probe.table, 'embedding', { dimensionsColumn: 'dims', dimensions: [DIMENSIONS], form: 'vector' });
    return probe;
  }
  const states = (table: string) => vectorIndexStates(ctx().database.db, table, 'embedding', DIMENSIONS);
  /** What a start-up of this version does with the table (PostgreSQL's form: half precision). */
  const startUp = (table: string, indexes?: VectorIndexes) =>
    prepareVectorColumn(ctx().database.db, 'pgvector', table, 'embedding', { dimensionsColumn: 'dims', dimensions: [DIMENSIONS], form: 'halfvec', indexes });
  const upgrade = (
    table: string,
    pending: { build: number[]; retire: number[] },
    indexes: VectorIndexes,
    options: { retireAfterMs?: number; warnings?: string[] } = {},
  ) =>
    upgradeVectorIndexes({
      url: ctx().database.url!,
      table,
      column: 'embedding',
      dimensionsColumn: 'dims',
      pending,
      indexes,
      warn: (message) => options.warnings?.push(message),
      pollMs: 50,
      retireAfterMs: options.retireAfterMs ?? 0,
    });

  it('builds the half-precision index in the background, switches the searches to it, then drops the old one', async (test) => {
    needsPgvector(test);
    const { db } = ctx().database;
    const { table, query, expected } = await olderTable();
    const indexes = new VectorIndexes();
    const pending = await startUp(table, indexes);
    // Start-up does not build it: the old index serves the searches meanwhile.
    expect(pending).toEqual({ build: [DIMENSIONS], retire: [] });
    expect(indexes.formFor(DIMENSIONS)).toBe('vector');
    expect(await states(table)).toEqual({ vector: 'valid', halfvec: 'missing' });
    expect(await indexUsed(db, table, query, 'vector')).toBe(`${table}_embedding_${DIMENSIONS}_hnsw`);

    const warnings: string[] = [];
    await upgrade(table, pending, indexes, { warnings }).done;
    expect(warnings).toEqual([]);
    expect(indexes.formFor(DIMENSIONS)).toBe('halfvec');
    expect(await states(table)).toEqual({ vector: 'missing', halfvec: 'valid' });
    expect(await indexUsed(db, table, query, 'halfvec')).toBe(`${table}_embedding_${DIMENSIONS}_halfvec_hnsw`);
    expect(await nearest(db, 'pgvector', table, query, 5, 'halfvec')).toEqual(expected);
    // The next start finds nothing to do.
    expect(await startUp(table)).toEqual({
      build: [],
      retire: [],
    });
  });

  it('a node that finds another building waits for its index, switches to it, and leaves the old index to the builder', async (test) => {
    needsPgvector(test);
    const { db, url } = ctx().database;
    const { table } = await olderTable();
    const builder = new pg.Client({ connectionString: url });
    await builder.connect();
    try {
      // The other node holds the build lock for as long as it builds.
      expect((await builder.query('SELECT pg_try_advisory_lock(7246532) AS locked')).rows[0].locked).toBe(true);
      const indexes = new VectorIndexes();
      const waiting = upgrade(table, { build: [DIMENSIONS], retire: [] }, indexes);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(indexes.formFor(DIMENSIONS)).toBe('vector'); // several polls, nothing built yet
      expect(await states(table)).toEqual({ vector: 'valid', halfvec: 'missing' });
      await db.execute(vectorIndexStatement(table, 'embedding', { dimensionsColumn: 'dims', dimensions: DIMENSIONS, form: 'halfvec', concurrently: true }));
      await waiting.done;
      expect(indexes.formFor(DIMENSIONS)).toBe('halfvec');
      expect(await states(table)).toEqual({ vector: 'valid', halfvec: 'valid' });
    } finally {
      await builder.end();
    }
  });

  it('replaces an index that a dead build left unfinished', async (test) => {
    needsPgvector(test);
    const { db } = ctx().database;
    const { table, query, expected } = await olderTable();
    await db.execute(vectorIndexStatement(table, 'embedding', { dimensionsColumn: 'dims', dimensions: DIMENSIONS, form: 'halfvec' }));
    // What CREATE INDEX CONCURRENTLY leaves when its process dies: an index marked invalid (the tests run as a superuser).
    await db.execute(sql.raw(`UPDATE pg_index SET indisvalid = false WHERE indexrelid = '${table}_embedding_${DIMENSIONS}_halfvec_hnsw'::regclass`));
    const indexes = new VectorIndexes();
    const pending = await startUp(table, indexes);
    expect(pending).toEqual({ build: [DIMENSIONS], retire: [] });
    expect(await states(table)).toEqual({ vector: 'valid', halfvec: 'invalid' });
    await upgrade(table, pending, indexes).done;
    expect(await states(table)).toEqual({ vector: 'missing', halfvec: 'valid' });
    expect(await nearest(db, 'pgvector', table, query, 5, indexes.formFor(DIMENSIONS))).toEqual(expected);
  });

  it('stopped while it waits to drop the old index, it leaves that to the next start', async (test) => {
    needsPgvector(test);
    const { table } = await olderTable();
    const indexes = new VectorIndexes();
    const pending = await startUp(table, indexes);
    const running = upgrade(table, pending, indexes, { retireAfterMs: 60_000 });
    for (let i = 0; i < 200 && indexes.formFor(DIMENSIONS) !== 'halfvec'; i++) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(indexes.formFor(DIMENSIONS)).toBe('halfvec');
    await running.stop(); // promptly, not after a minute
    expect(await states(table)).toEqual({ vector: 'valid', halfvec: 'valid' });
    const next = new VectorIndexes();
    expect(await startUp(table, next)).toEqual({
      build: [],
      retire: [DIMENSIONS],
    });
    expect(next.formFor(DIMENSIONS)).toBe('halfvec');
    await upgrade(table, { build: [], retire: [DIMENSIONS] }, next).done;
    expect(await states(table)).toEqual({ vector: 'missing', halfvec: 'valid' });
  });

  it('a node opened on an older installation serves searches at once and moves to the half-precision index by itself', async (test) => {
    needsPgvector(test);
    const { db, url } = ctx().database;
    const chunkStates = () => vectorIndexStates(db, 'document_chunks', 'embedding', 384);
    // As an earlier version left it: the full-precision index only.
    await db.execute(sql`DROP INDEX IF EXISTS document_chunks_embedding_384_halfvec_hnsw`);
    await db.execute(vectorIndexStatement('document_chunks', 'embedding', { dimensionsColumn: 'embedding_dimensions', dimensions: 384, form: 'vector' }));
    const messages: string[] = [];
    const node = await openDatabase({
      databaseUrl: url!,
      poolSize: 2,
      vectorIndexPollMs: 50,
      onInfo: (message) => messages.push(message),
      onWarning: (message) => messages.push(message),
    });
    try {
      expect(node.vectorIndexes.formFor(1536)).toBe('halfvec'); // untouched size: already half precision
      for (let i = 0; i < 400 && node.vectorIndexes.formFor(384) !== 'halfvec'; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(node.vectorIndexes.formFor(384)).toBe('halfvec');
      expect(messages.join('\n')).toContain('Building the half-precision vector index document_chunks_embedding_384_halfvec_hnsw in the background');
      for (let i = 0; i < 400 && (await chunkStates()).vector !== 'missing'; i++) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await chunkStates()).toEqual({ vector: 'missing', halfvec: 'valid' });
    } finally {
      await node.close();
    }
  });
});
