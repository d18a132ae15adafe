/**
 * Rebuilds the embedded database's vector indexes that an earlier version built with other graph parameters
 * (decisions/0005-vector-search.md): `npm run db:rebuild-vector-index`. Stop the Parley server first (PGlite allows one process).
 * Reads DATA_DIR (default ./data) like the server. PostgreSQL installations drop the index with psql instead
 * (docs/operations.md).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config';
import { chunkEmbeddings, openDatabase } from './db/client';
import { rebuildOutdatedVectorIndexes, vectorIndexFormFor } from './db/vector';

async function main(): Promise<void> {
  const config = loadConfig({ ...process.env, DATABASE_URL: undefined }, { persistSecret: false });
  const pgliteDir = path.join(config.dataDir, 'pglite');
  if (!existsSync(pgliteDir)) throw new Error(`No embedded database in ${pgliteDir} (set DATA_DIR to the installation's data directory).`);
  console.log(`Opening the embedded database in ${pgliteDir}…`);
  const database = await openDatabase({ pgliteDir });
  try {
    if (database.vectorSearch !== 'pgvector') throw new Error('This database has no pgvector: there is no vector index to rebuild.');
    const rebuilt = await rebuildOutdatedVectorIndexes(database.db, {
      ...chunkEmbeddings,
      form: vectorIndexFormFor(database.driver),
      onBuild: ({ name, rows, from, to }) =>
        console.log(
          `Rebuilding ${name} over ${rows.toLocaleString('en')} chunks (m ${from.m} → ${to.m}, ef_construction ${from.efConstruction} → ${to.efConstruction}): ${buildEstimate(rows)}…`,
        ),
    });
    for (const { name, seconds } of rebuilt) console.log(`${name} rebuilt in ${seconds.toFixed(1)} s.`);
    console.log(rebuilt.length ? 'Done: start Parley again.' : 'Every vector index already has the current graph parameters; nothing to do.');
  } finally {
    await database.close();
  }
}

/**
 * How long a build takes, from docs/performance.md's figures on a 2-core machine (100,000 chunks in 23 minutes). The
 * build runs inside PGlite on this thread, so no progress can be read while it runs: the estimate is said first.
 */
function buildEstimate(rows: number): string {
  const minutes = Math.round((rows / 100_000) * 23);
  return minutes < 1 ? 'under a minute' : `about ${minutes} minute${minutes === 1 ? '' : 's'} on a 2-core machine`;
}

main().catch((error: unknown) => {
  console.error(`\nThe rebuild failed: ${error instanceof Error ? error.message : String(error)}`);
  console.error('An index not reported rebuilt is as it was before.');
  process.exit(1);
});
