import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { wakeableSleep } from '../lib/wakeable-sleep';
import { vectorIndexName, vectorIndexStatement, vectorIndexStates, type PendingVectorIndexes, type VectorIndexes } from './vector';

/** One node at a time builds (a session advisory lock, held through the build); the others wait for its index. */
const UPGRADE_LOCK_ID = 7_246_532;

export interface VectorIndexUpgradeOptions {
  url: string;
  table: string;
  column: string;
  dimensionsColumn: string;
  /** What start-up left (prepareVectorColumn): sizes to build in half precision, full-precision indexes to drop. */
  pending: PendingVectorIndexes;
  /** Switched size by size as the half-precision indexes become valid: searches write the new expression from then on. */
  indexes: VectorIndexes;
  warn: (message: string) => void;
  info?: (message: string) => void;
  /** How often a node that is not building looks whether the build has finished, or its builder died (then it takes over). */
  pollMs?: number;
  /** How long the full-precision index stays after the switch, so that the other nodes switch before it goes. */
  retireAfterMs?: number;
}

export interface VectorIndexUpgrade {
  /** Settles when this node has nothing more to do (or was stopped). */
  done: Promise<void>;
  /** Stops waiting and cancels a build in progress: it leaves an unfinished index, which the next build replaces. */
  stop(): Promise<void>;
}

/**
 * Moves PostgreSQL's embedding indexes to half precision without blocking anyone: `CREATE INDEX CONCURRENTLY`
 * on a connection of its own (writes to the chunks go on; PostgreSQL builds while the old index serves searches),
 * then this node's searches switch to it, and after `retireAfterMs` the full-precision index is dropped
 * (concurrently too). Every node with pending sizes runs this; one builds, the others poll until its index is
 * valid. A node still searching the old expression after the drop gets right answers from an exact scan until its
 * next poll. Failures (PostgreSQL away, the build cancelled) are retried every `pollMs`; an index that a dead build
 * left invalid is dropped and built again.
 */
export function upgradeVectorIndexes(options: VectorIndexUpgradeOptions): VectorIndexUpgrade {
  const pollMs = options.pollMs ?? 30_000;
  const retireAfterMs = options.retireAfterMs ?? 2 * pollMs;
  const { table, column } = options;
  const build = [...options.pending.build];
  const retire = [...options.pending.retire];
  let stopped = false;
  let current: { client: pg.Client; pid?: number } | undefined;
  const { sleep, wake } = wakeableSleep();

  /** One pass on a fresh connection; true when this node is finished. */
  async function attempt(): Promise<boolean> {
    const client = new pg.Client({ connectionString: options.url, keepAlive: true, connectionTimeoutMillis: 10_000 });
    client.on('error', () => {}); // a lost connection fails the query in progress, which reports it
    current = { client };
    try {
      await client.connect();
      current.pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const db = drizzle({ client });
      const locked = (await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [UPGRADE_LOCK_ID])).rows[0]!.locked;
      if (!locked) {
        // Another node builds: switch to each size's index once it is valid; that node drops the old ones.
        for (const n of [...build]) {
          if ((await vectorIndexStates(db, table, column, n)).halfvec !== 'valid') continue;
          options.indexes.useHalfPrecision(n);
          build.splice(build.indexOf(n), 1);
        }
        return build.length === 0;
      }
      while (build.length > 0 && !stopped) {
        const n = build[0]!;
        const name = vectorIndexName(table, column, n, 'halfvec');
        const state = (await vectorIndexStates(db, table, column, n)).halfvec;
        if (state === 'invalid') await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${name}"`);
        if (state !== 'valid') {
          options.info?.(`Building the half-precision vector index ${name} in the background (searches use the full-precision index meanwhile)`);
          const started = performance.now();
          await db.execute(
            vectorIndexStatement(table, column, { dimensionsColumn: options.dimensionsColumn, dimensions: n, form: 'halfvec', concurrently: true }),
          );
          options.info?.(`Built ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s; searches use it from now on`);
        }
        options.indexes.useHalfPrecision(n);
        build.shift();
        retire.push(n);
      }
      if (stopped) return true;
      if (retire.length > 0) await sleep(retireAfterMs);
      while (retire.length > 0 && !stopped) {
        await client.query(`DROP INDEX CONCURRENTLY IF EXISTS "${vectorIndexName(table, column, retire[0]!, 'vector')}"`);
        retire.shift();
      }
      return true;
    } finally {
      current = undefined;
      await client.end().catch(() => {}); // also releases the advisory lock
    }
  }

  const done = (async () => {
    while (!stopped) {
      try {
        if (await attempt()) return;
      } catch (error) {
        if (stopped) return;
        options.warn(`Half-precision vector index: ${error instanceof Error ? error.message : String(error)}; trying again in ${Math.round(pollMs / 1000)} s`);
      }
      if (!stopped) await sleep(pollMs);
    }
  })();

  return {
    done,
    async stop() {
      stopped = true;
      wake();
      const pid = current?.pid;
      if (pid !== undefined) {
        // A statement in progress (the build) does not end with its client: PostgreSQL only notices when it answers.
        const canceller = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 3_000 });
        canceller.on('error', () => {});
        await canceller
          .connect()
          .then(() => canceller.query('SELECT pg_cancel_backend($1)', [pid]))
          .catch(() => {})
          .finally(() => canceller.end().catch(() => {}));
      }
      await done;
    },
  };
}
