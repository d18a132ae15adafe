import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/harness';
import { cosineDistance, HNSW_EF_SEARCH, prepareVectorColumn, type VectorSearchMode } from './vector';

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

async function nearest(db: ReturnType<typeof Object>, mode: VectorSearchMode, table: string, query: number[], limit: number): Promise<number[]> {
  const result = await db.execute(sql`SELECT id FROM ${sql.raw(table)} ORDER BY ${cosineDistance(mode, sql.raw('embedding'), query)} LIMIT ${limit}`);
  return (result as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
}

describeEachDatabase('vector search', (ctx) => {
  it('finds the same nearest neighbours as an exact computation, on whichever path the database supports', async () => {
    const { db, vectorSearch } = ctx().database;
    expect(vectorSearch).toBe(ctx().database.driver === 'pglite' ? 'pgvector' : (vectorSearch as string));
    const table = `vector_probe_${Date.now()}`;
    await db.execute(sql.raw(`CREATE TABLE ${table} (id integer PRIMARY KEY, embedding real[] NOT NULL, dims integer NOT NULL DEFAULT ${DIMENSIONS})`));
    const vectors = corpus(60);
    for (const [i, v] of vectors.entries()) await db.execute(sql`INSERT INTO ${sql.raw(table)} (id, embedding) VALUES (${i}, ${`{${v.join(',')}}`}::real[])`);

    const query = vectors[7]!.map((x) => x * 0.9 + 0.05);
    const expected = vectors
      .map((v, i) => ({ i, d: cosine(v, query) }))
      .sort((a, b) => a.d - b.d)
      .slice(0, 5)
      .map((x) => x.i);

    // Before preparation the column is real[]: the exact path works on every database.
    expect(await nearest(db, 'exact', table, query, 5)).toEqual(expected);

    await prepareVectorColumn(db, vectorSearch, table, 'embedding', { dimensionsColumn: 'dims', dimensions: [DIMENSIONS] });
    await prepareVectorColumn(db, vectorSearch, table, 'embedding', { dimensionsColumn: 'dims', dimensions: [DIMENSIONS] }); // idempotent
    const type = await db.execute(sql`SELECT udt_name FROM information_schema.columns WHERE table_name = ${table} AND column_name = 'embedding'`);
    expect((type as unknown as { rows: { udt_name: string }[] }).rows[0]?.udt_name).toBe(vectorSearch === 'pgvector' ? 'vector' : '_float4');
    expect(await nearest(db, vectorSearch, table, query, 5)).toEqual(expected);
  });
});

describeEachDatabase('HNSW search settings', (ctx) => {
  it('every connection searches with ef_search 100 and iterative scans, without setting them per query', async () => {
    const { db, vectorSearch } = ctx().database;
    if (vectorSearch !== 'pgvector') return; // exact search over real[]: no index to configure
    // On one connection of the pool, after pgvector has been used in it (so its own settings, not placeholders).
    const settings = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT '[1,0]'::vector(2) <=> '[0,1]'::vector(2)`);
      const result = await tx.execute(sql`SELECT current_setting('hnsw.ef_search') AS ef, current_setting('hnsw.iterative_scan') AS scan`);
      return (result as unknown as { rows: { ef: string; scan: string }[] }).rows[0];
    });
    expect(settings).toEqual({ ef: String(HNSW_EF_SEARCH), scan: 'relaxed_order' });
  });
});
