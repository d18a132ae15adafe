import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { lockDataDirectory } from './data-directory-lock';
import { preparedStatementClient } from './pglite-statements';
import { namingClient, StatementNames } from './postgres-statements';
import { listenOnPostgres, pooledNotifications, type NotificationListener } from './notifications';
import { upgradeVectorIndexes } from './vector-index-upgrade';
import {
  enableVectorExtension,
  hnswSessionSettings,
  PGLITE_INDEX_BUILD_MEMORY,
  embeddingSizesToIndex,
  indexNewEmbeddingSize,
  prepareVectorColumn,
  vectorIndexFormFor,
  VectorIndexes,
  type VectorSearchMode,
} from './vector';

/** The channel on which a change to a notifying table names the table (its statement trigger, migration 0030). */
export const READ_CACHE_CHANNEL = 'parley_cache';

export type Schema = typeof schema;
/** The one database type features use; both drivers produce it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction of `Db` (what `db.transaction(async (tx) => …)` hands its callback). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbDriver = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  driver: DbDriver;
  /** The PostgreSQL URL (postgres only): features that need their own connection (LISTEN) open it from here. */
  url?: string;
  /** pgvector when `CREATE EXTENSION vector` succeeded, otherwise exact search over real[]. */
  vectorSearch: VectorSearchMode;
  /** The form of each embedding size's HNSW index, which searches must match (half precision on PostgreSQL). */
  vectorIndexes: VectorIndexes;
  /** Indexes an embedding size first used since start-up; resolves when its index is there (decisions/0005-vector-search.md). */
  indexEmbeddingSize(dimensions: number): Promise<void>;
  /** A cheap round trip to tell whether the database answers. */
  ping(): Promise<void>;
  /** Raw SQL for libraries that bring their own (pg-boss); multi-statement scripts when there are no values. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Hears every NOTIFY on `channel`, from any node; `listener.onListening` says when notifications start and stop
   * arriving (db/notifications.ts). Resolves once the first attempt to listen is done; returns the function that stops.
   */
  listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>>;
  /**
   * Only this process can use the database: the embedded one on disk, under its directory's lock. A job still active
   * when the job queue starts was left by a process that stopped, and runs again at once rather than after its lease.
   */
  soleProcess?: boolean;
  close(): Promise<void>;
}

/** The committed migrations (apps/server/drizzle), found from src/db/ in development and from dist/ in the bundle. */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Database migrations folder (apps/server/drizzle) not found');
}

/**
 * Whether the database already has every committed migration: the newest one applied is at least as new as the
 * journal's last entry (the rule drizzle's migrator applies). Reading the journal and one row is much cheaper than
 * the migrator's own pass (about half a second on the embedded database), so a later start skips it.
 */
export async function migrationsUpToDate(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  try {
    const { rows } = await query('SELECT max(created_at) AS applied FROM drizzle.__drizzle_migrations');
    const applied = (rows[0] as { applied: string | number | null } | undefined)?.applied;
    return applied !== null && applied !== undefined && Number(applied) >= newest;
  } catch {
    return false; // no migrations table yet: a new database
  }
}

let migrationRuns = 0;
/**
 * How many times this process has run the migrator (a database that already had every migration does not count). The
 * test suite fails a file whose databases did not start from the migrated template (test/template-guard.ts).
 */
export function migrationRunCount(): number {
  return migrationRuns;
}

/** Several nodes may start at once: one advisory lock makes them migrate one after another. */
const MIGRATION_LOCK_ID = 7_246_531;
async function migrateWithLock(pool: pg.Pool): Promise<void> {
  migrationRuns += 1;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: migrationsFolder() });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

/** How long a query waits for a pooled connection (or for a new one to open) before it fails. */
export const POOL_CONNECTION_TIMEOUT_MS = 10_000;

const GUARDED = Symbol('parley.beginGuard');
type GuardedClient = pg.PoolClient & { [GUARDED]?: true };

/**
 * Drizzle's node-postgres transactions check a client out and send BEGIN *before* their try/finally, so a BEGIN
 * that fails — the connection died between checkout and BEGIN, as when PostgreSQL restarts — never releases the
 * client: the pool loses that connection for good (and `end()` waits for it forever). The pool's clients are
 * wrapped so that a failed BEGIN releases its client, with the error, which makes the pool discard it.
 */
export function releaseClientsOnFailedBegin(pool: pg.Pool): pg.Pool {
  const connect = pool.connect.bind(pool) as (callback?: unknown) => unknown;
  const guard = (client: GuardedClient): GuardedClient => {
    if (client[GUARDED]) return client;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : first?.text;
      if (typeof text === 'string' && text.trim().toLowerCase() === 'begin' && result instanceof Promise) {
        return result.catch((error: unknown) => {
          client.release(error instanceof Error ? error : new Error(String(error)));
          // Whoever checked it out may still call release() (a caller with its own finally): let that be a no-op.
          client.release = () => {};
          throw error;
        });
      }
      return result;
    };
    client[GUARDED] = true;
    return client;
  };
  (pool as { connect: unknown }).connect = (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: unknown) => void) => {
    // pool.query() uses the callback form internally; it releases its clients itself.
    if (callback) return connect(callback);
    return (connect() as Promise<pg.PoolClient>).then(guard);
  };
  return pool;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; when absent, an in-memory PGlite (tests). */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  onWarning?: (message: string) => void;
  onInfo?: (message: string) => void;
  /** How often (ms) a node waiting for another's background index build looks whether it has finished (tests shorten it). */
  vectorIndexPollMs?: number;
  /** The migrated data directory a new PGlite directory starts as a copy of (PGLITE_TEMPLATE_DIR, written by the build). */
  pgliteTemplate?: string;
  /**
   * An in-memory PGlite (no `pgliteDir`) starts from this dump of a migrated data directory (`dumpDataDir`, a tar file)
   * instead of initdb and every migration: about 0.9 s instead of 4 s. The test suite's databases start so.
   */
  pgliteDump?: string;
}

/** Where the chunks' embeddings are: every embedding size has a partial HNSW index on this column. */
export const chunkEmbeddings = { table: 'document_chunks', column: 'embedding', dimensionsColumn: 'embedding_dimensions' };

/** `Database.indexEmbeddingSize` of an opened database (concurrently on PostgreSQL, where other nodes write meanwhile). */
function embeddingSizeIndexer(db: Db, vectorSearch: VectorSearchMode, indexes: VectorIndexes, concurrently: boolean) {
  return async (dimensions: number): Promise<void> => {
    if (vectorSearch === 'pgvector') await indexNewEmbeddingSize(db, { ...chunkEmbeddings, dimensions, indexes, concurrently });
  };
}

/** Opens the database, enables pgvector where possible and runs the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const warn = options.onWarning ?? (() => {});
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    // This process hears of its own changes to cached rows before they return (db/read-cache.ts).
    const pooled = pooledNotifications([READ_CACHE_CHANNEL]);
    const pool = releaseClientsOnFailedBegin(
      new pg.Pool({
        connectionString: options.databaseUrl,
        max: options.poolSize ?? 10,
        // A request never waits forever for a connection: while PostgreSQL is away it fails (503) and the
        // next request tries again; keep-alive notices a peer that vanished without closing the socket.
        connectionTimeoutMillis: POOL_CONNECTION_TIMEOUT_MS,
        keepAlive: true,
        // A repeated statement is parsed once per connection (db/postgres-statements.ts).
        Client: namingClient(new StatementNames()),
        // Awaited by the pool before it hands a new connection out.
        onConnect: async (client) => {
          await client
            .query(hnswSessionSettings(vectorIndexFormFor('postgres')))
            .catch((error: Error) => warn(`Could not set the HNSW search settings: ${error.message}`));
          await client.query(pooled.listenStatements).catch((error: Error) => warn(`Could not listen for changes to cached rows: ${error.message}`));
        },
      }),
    );
    // An idle client that loses its connection must not crash the process.
    pool.on('error', (error) => warn(`PostgreSQL pool error: ${error.message}`));
    // Nor a checked-out one: pg-pool listens for errors only while a client is idle, so a connection that
    // PostgreSQL terminates in the middle of a transaction (a restart) would otherwise be an uncaught
    // 'error' event. The client's next query fails instead (503), and the pool drops it on release.
    pool.on('connect', (client) => {
      client.on('error', (error) => warn(`PostgreSQL connection lost: ${error.message}`));
      pooled.attach(client);
    });
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    try {
      const vectorSearch = await enableVectorExtension(db);
      if (vectorSearch === 'exact')
        warn('pgvector is not available on this PostgreSQL server: vector search runs as an exact scan over real[] (slower on large corpora).');
      if (!(await migrationsUpToDate((text) => pool.query(text)))) await migrateWithLock(pool);
      const vectorIndexes = new VectorIndexes();
      const sizes = vectorSearch === 'pgvector' ? await embeddingSizesToIndex(db) : { all: [], extra: [] };
      const pending = await prepareVectorColumn(db, vectorSearch, chunkEmbeddings.table, chunkEmbeddings.column, {
        dimensionsColumn: chunkEmbeddings.dimensionsColumn,
        dimensions: sizes.all,
        form: vectorIndexFormFor('postgres'),
        indexes: vectorIndexes,
        // A size first indexed by this version may already hold many chunks (searched exactly until now).
        buildLater: sizes.extra,
      });
      // An index built by an earlier version is replaced in the background (decisions/0005-vector-search.md): start-up does not wait.
      const upgrade =
        pending.build.length + pending.retire.length > 0
          ? upgradeVectorIndexes({
              url: options.databaseUrl,
              ...chunkEmbeddings,
              pending,
              indexes: vectorIndexes,
              warn,
              info: options.onInfo,
              pollMs: options.vectorIndexPollMs,
            })
          : undefined;
      return {
        db,
        driver: 'postgres',
        url: options.databaseUrl,
        vectorSearch,
        vectorIndexes,
        indexEmbeddingSize: embeddingSizeIndexer(db, vectorSearch, vectorIndexes, true),
        ping: async () => {
          await db.execute(sql`select 1`);
        },
        executeSql: async (text, values) => pool.query(text, values),
        listen: async (channel, listener) => {
          const unsubscribe = pooled.subscribe(channel, (payload) => listener.onNotify(payload));
          const stop = await listenOnPostgres(databaseUrl, channel, listener);
          return async () => {
            unsubscribe();
            await stop();
          };
        },
        close: async () => {
          await upgrade?.stop();
          await pool.end();
        },
      };
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
  }

  let releaseDirectory = () => {};
  if (options.pgliteDir) {
    mkdirSync(options.pgliteDir, { recursive: true });
    releaseDirectory = lockDataDirectory(options.pgliteDir);
  }
  const { client, db, vectorSearch } = await openPglite(options.pgliteDir, options.pgliteTemplate ?? PGLITE_TEMPLATE_DIR, options.pgliteDump).catch(
    (error: unknown) => {
      releaseDirectory();
      throw error;
    },
  );
  const vectorIndexes = new VectorIndexes();
  if (vectorSearch === 'pgvector') {
    const sizes = await embeddingSizesToIndex(db);
    await prepareVectorColumn(db, vectorSearch, chunkEmbeddings.table, chunkEmbeddings.column, {
      dimensionsColumn: chunkEmbeddings.dimensionsColumn,
      dimensions: sizes.all,
      indexes: vectorIndexes,
    });
  }
  return {
    db,
    driver: 'pglite',
    vectorSearch,
    vectorIndexes,
    indexEmbeddingSize: embeddingSizeIndexer(db, vectorSearch, vectorIndexes, false),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // PGlite's query() takes one statement; pg-boss sends multi-statement scripts without values.
    executeSql: async (text, values) => (values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] })),
    // One process, no connection to lose: every notification arrives, before the statement that sent it returns.
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, (payload) => listener.onNotify(payload));
      listener.onListening(true);
      return async () => {
        // The database may be closed already (the app that listened outlived it): nothing is left to stop.
        await unlisten().catch(() => {});
      };
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        releaseDirectory();
      }
    },
    soleProcess: !!options.pgliteDir,
  };
}

/** The embedded database's packages: loaded only when it is the one in use. */
async function pglitePackages() {
  const [{ PGlite, protocol }, { vector }, { drizzle }, { migrate }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite-pgvector'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return { PGlite, protocol, vector, drizzle, migrate };
}
type PgliteClient = InstanceType<Awaited<ReturnType<typeof pglitePackages>>['PGlite']>;

/**
 * The built server's new embedded database: a data directory made by the build (`npm run build`: the cluster, pgvector
 * and every migration, `writePgliteTemplate`), copied instead of running initdb and the migrations at the first start,
 * which took most of its 4 s (decisions/0028-start-up.md). Absent in development (tsx runs the sources): the first start makes its own.
 */
export const PGLITE_TEMPLATE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/**
 * The tables whose rows the migrations insert: the plans, the token types and rate, the default behavior template, the
 * settings rows. In the template they carry the build's time; a test keeps the list whole (db/pglite-template.test.ts).
 */
export const TEMPLATE_SEEDED_TABLES = [
  schema.subscriptionTierLimits,
  schema.planFeatures,
  schema.tokenConversionConfig,
  schema.tokenTypeConfig,
  schema.behaviorTemplates,
  schema.systemConfiguration,
  schema.n8nSettings,
  schema.sandboxClock,
  schema.billingSettings,
];

/** A copy of the template is a new installation: its default rows were created now (decisions/0028-start-up.md). */
function stampTemplateRows(): string {
  return TEMPLATE_SEEDED_TABLES.flatMap((table) => {
    const stamps = Object.values(getTableColumns(table))
      .map((column) => column.name)
      .filter((name) => name === 'created_at' || name === 'updated_at');
    return stamps.length ? [`UPDATE "${getTableName(table)}" SET ${stamps.map((name) => `"${name}" = now()`).join(', ')};`] : [];
  }).join('\n');
}

const BYTEA_OID = 17;

/**
 * How PGlite sends and reads bytea (an uploaded document's bytes), through Node's own hex codec. PGlite's built-in
 * ones make a JavaScript array of every byte and a string of every pair of digits: storing a 20 MB upload took 29 s,
 * reading it 3.4 s, all that time holding the event loop (decisions/0033-ingestion-without-stalling-the-server.md). PGlite's text form is `\x` and the digits.
 */
export const PGLITE_BYTEA_CODEC = {
  serializers: {
    [BYTEA_OID]: (value: Uint8Array) => `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`,
  },
  parsers: { [BYTEA_OID]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/**
 * Opens the embedded database in `dir` (in memory without one), a new directory from `template` where there is one, an
 * in-memory one from `dump` where there is one; then pgvector, the session settings and any pending migrations.
 */
async function openPglite(
  dir: string | undefined,
  template?: string,
  dump?: string,
): Promise<{ client: PgliteClient; db: Db; vectorSearch: VectorSearchMode }> {
  const { PGlite, protocol, vector, drizzle, migrate } = await pglitePackages();
  const options = { extensions: { vector }, ...PGLITE_BYTEA_CODEC };
  let client: PgliteClient;
  const isNew = (where: string) => !existsSync(path.join(where, 'PG_VERSION'));
  if (!dir && dump) {
    client = await PGlite.create({ ...options, loadDataDir: new Blob([readFileSync(dump)]) });
    await client.exec(stampTemplateRows());
  } else if (dir && template && isNew(dir) && !isNew(template)) {
    let copied = false;
    try {
      cpSync(template, dir, { recursive: true });
      client = await PGlite.create(dir, options);
      copied = true;
    } catch {
      // A template this PGlite cannot open (written by another version): the directory was new, so start it afresh.
      for (const entry of readdirSync(dir)) rmSync(path.join(dir, entry), { recursive: true, force: true });
      client = await PGlite.create(dir, options);
    }
    if (copied) await client.exec(stampTemplateRows());
  } else {
    client = await PGlite.create(dir, options);
  }
  // Drizzle's statements go as one message each, repeated ones prepared (db/pglite-statements.ts).
  const db = drizzle({ client: preparedStatementClient(client, protocol) as unknown as PgliteClient, schema }) as unknown as Db;
  const vectorSearch = await enableVectorExtension(db);
  if (vectorSearch === 'pgvector') {
    await client.exec(`${hnswSessionSettings(vectorIndexFormFor('pglite'))}; SET maintenance_work_mem = '${PGLITE_INDEX_BUILD_MEMORY}'`);
  }
  if (!(await migrationsUpToDate((text) => client.query(text)))) {
    migrationRuns += 1;
    await migrate(drizzle({ client }), { migrationsFolder: migrationsFolder() });
  }
  return { client, db, vectorSearch };
}

/**
 * For the build: a new embedded database in `dir`, migrated and closed, the data directory a first start copies. With
 * `dump`, also that directory as a tar file an in-memory database loads (`pgliteDump`, the test suite's template).
 */
export async function writePgliteTemplate(dir: string, dump?: string): Promise<void> {
  const building = `${dir}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const { client } = await openPglite(building);
  if (dump) writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  // In place at once: a start never copies a half-written template.
  rmSync(dir, { recursive: true, force: true });
  renameSync(building, dir);
}
