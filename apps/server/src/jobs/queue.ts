import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database, Db } from '../db/client';
import { wakeableSleep } from '../lib/wakeable-sleep';

/** `isLastAttempt`: a throw now fails the job for good (the handler may record why first). */
export type JobHandler<T extends object> = (job: { id: string; data: T; retryCount: number; isLastAttempt: boolean }) => Promise<void>;

/** The workers of one queue in this process; their number can change while running (a setting saved by an admin). */
export interface WorkerPool {
  readonly concurrency: number;
  /** Starts or stops workers until `concurrency` run (at least 1); a stopped worker finishes its current job first. */
  setConcurrency(concurrency: number): Promise<void>;
}

/** Enqueues a job inside a transaction: it is stored when the transaction commits and not at all when it rolls back. */
export type TransactionSend = <T extends object>(name: string, data: T, options?: PgBoss.SendOptions) => Promise<string | null>;

export interface WorkOptions {
  concurrency?: number;
  pollingIntervalSeconds?: number;
  acrossProcesses?: boolean;
  /**
   * The longest one job may run (default RUN_LIMIT_SECONDS), from its data when jobs differ: past it the handler is
   * given up on and the job fails (and is retried). This is not the lease: the lease is short and renewed while the job
   * runs, so a dead process's job is taken over within about a lease, however long jobs may run.
   */
  maxRunSeconds?: number | ((data: never) => number);
}

/** How long a job may run when its queue says nothing (the processing queue timeout's default). */
export const RUN_LIMIT_SECONDS = 30 * 60;

export interface JobQueue {
  /**
   * Enqueues a job. The queues use pg-boss's standard policy, which does not deduplicate by `singletonKey`
   * (it is only recorded on the job): every handler is idempotent instead (a version, a claimed column or a status).
   */
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Runs `write` in one database transaction whose jobs are stored with its rows (decisions/0026-background-jobs.md): a process stopped
   * between the two leaves neither. `queues` names every queue `write` may send to; they are made ready before the
   * transaction opens (on PGlite a query outside an open transaction waits for it to end).
   */
  transaction<R>(db: Db, queues: string[], write: (tx: Db, send: TransactionSend) => Promise<R>): Promise<R>;
  /**
   * Enqueues a job in a transaction the caller already opened (it is stored with the transaction's rows, as with
   * `transaction`). Only for the queues of QUEUES_SENT_WITHIN_TRANSACTIONS, which are made ready when the queue starts:
   * on PGlite a queue cannot be created while a transaction is open.
   */
  sendWithin<T extends object>(tx: Db, name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Runs `handler` for jobs of `name`; a throw retries the job with backoff up to its retry limit. With
   * `acrossProcesses`, `concurrency` bounds the jobs of `name` running in every process on this database together
   * (decisions/0026-background-jobs.md); without it, each process runs up to `concurrency`.
   */
  work<T extends object>(name: string, options: WorkOptions, handler: JobHandler<T>): Promise<WorkerPool>;
  /** Jobs waiting, running and failed in the last 24 hours, for the health list. */
  stats(): Promise<{ queued: number; active: number; failedLast24h: number }>;
  stop(): Promise<void>;
}

/**
 * The queues a job is sent to from inside a transaction opened elsewhere (`sendWithin`): created when the queue starts.
 * usage-threshold-email: the 80% / 100% usage e-mails, sent from the transaction that metered the tokens.
 */
export const QUEUES_SENT_WITHIN_TRANSACTIONS = ['usage-threshold-email'] as const;

/**
 * Retries with exponential backoff; a job whose worker died is retried once its lease ends (expireInSeconds,
 * JOB_LEASE_SECONDS, 60 s by default). A running job's lease is renewed every third of a lease (a heartbeat).
 */
export const DEFAULT_JOB_OPTIONS: PgBoss.Queue = { name: '', retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 };

/**
 * The raw SQL of a drizzle transaction's own connection (node-postgres PoolClient or PGlite Transaction, both
 * `query(text, values)`), for pg-boss's `db` send option. pg-boss's statements reuse a parameter ($5 twice), so they
 * go to the driver as written rather than through drizzle's sql template.
 */
function transactionSql(tx: Db): PgBoss.Db {
  const client = (tx as unknown as { session?: { client?: { query?: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> } } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('This database driver does not expose its transaction connection');
  return { executeSql: (text, values) => client.query!.call(client, text, values) as Promise<{ rows: unknown[] }> };
}

/**
 * Durable jobs in the database (pg-boss): they survive restarts and run once across
 * any number of workers. Works on PGlite through Database.executeSql.
 */
export async function startJobQueue(database: Database, log: FastifyBaseLogger, options: { leaseSeconds?: number } = {}): Promise<JobQueue> {
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_JOB_OPTIONS.expireInSeconds!;
  const queueOptions = (name: string): PgBoss.Queue => ({ ...DEFAULT_JOB_OPTIONS, name, expireInSeconds: leaseSeconds });
  const newBoss = () => {
    const instance = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) as Promise<{ rows: unknown[] }> },
      schema: 'pgboss',
      // Maintenance and cron are cheap; keep them on so expired jobs are retried: maintenance looks for jobs past
      // their lease a tenth of a lease apart (at most every 2 minutes), so a dead worker's job runs again within
      // about 1.1 leases. The embedded database has one process, which fails its own leftovers when it starts
      // (retryJobsOfStoppedProcess): every 2 minutes is enough there.
      supervise: true,
      maintenanceIntervalSeconds: database.soleProcess ? 120 : Math.min(120, Math.max(1, Math.floor(leaseSeconds / 10))),
      schedule: false,
    });
    instance.on('error', (error) => log.error({ err: error }, 'job queue error'));
    return instance;
  };
  // Nodes starting together on a new database race to install pg-boss's schema; the loser's statements fail whole
  // (a duplicate schema, a deadlock) and a started-once instance cannot start again, so a new one tries once more
  // and finds the schema installed.
  const boss = await whileRacing(async () => {
    const instance = newBoss();
    await instance.start();
    return instance;
  });
  if (database.soleProcess) await retryJobsOfStoppedProcess(boss, database, log);
  const created = new Set<string>();
  const gatedWorkers = new Set<GatedWorker>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    const existing = (await boss.getQueue(name)) as { expireInSeconds?: number } | null;
    if (!existing) await createQueue(database, queueOptions(name));
    // A queue keeps the options it was created with; a changed JOB_LEASE_SECONDS applies to new jobs from here on.
    else if (existing.expireInSeconds !== leaseSeconds) await boss.updateQueue(name, queueOptions(name));
    created.add(name);
  };
  for (const name of QUEUES_SENT_WITHIN_TRANSACTIONS) await ensureQueue(name);

  return {
    async send(name, data, options) {
      await ensureQueue(name);
      return boss.send(name, data, options ?? {});
    },
    async transaction(db, queues, write) {
      for (const name of queues) await ensureQueue(name);
      return db.transaction(async (tx) => {
        const connection = transactionSql(tx);
        const send: TransactionSend = (name, data, options) => {
          if (!queues.includes(name)) throw new Error(`The queue ${name} was not named for this transaction`);
          return boss.send(name, data, { ...options, db: connection });
        };
        return write(tx, send);
      });
    },
    async sendWithin(tx, name, data, options) {
      if (!(QUEUES_SENT_WITHIN_TRANSACTIONS as readonly string[]).includes(name)) throw new Error(`The queue ${name} cannot be sent to within a transaction`);
      return boss.send(name, data, { ...options, db: transactionSql(tx) });
    },
    async work(name, options, handler) {
      await ensureQueue(name);
      const runLimit = (job: PgBoss.JobWithMetadata) =>
        typeof options.maxRunSeconds === 'function' ? options.maxRunSeconds(job.data as never) : (options.maxRunSeconds ?? RUN_LIMIT_SECONDS);
      const run = (job: PgBoss.JobWithMetadata) =>
        whileLeaseRenewed(database, log, name, job.id, leaseSeconds, () =>
          withinSeconds(
            handler({ id: job.id, data: job.data as never, retryCount: job.retryCount, isLastAttempt: job.retryCount >= job.retryLimit }),
            runLimit(job),
          ),
        );
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
      const workers: Array<{ stop(): void }> = [];
      const startWorker = async () => {
        if (options.acrossProcesses) {
          const worker = startGatedWorker({ boss, database, log, name, pollingIntervalSeconds, limit: () => workers.length, run });
          gatedWorkers.add(worker);
          void worker.done.then(() => gatedWorkers.delete(worker));
          return worker;
        }
        const id = await boss.work<object>(name, { pollingIntervalSeconds, batchSize: 1, includeMetadata: true }, async (jobs) => {
          for (const job of jobs) await run(job);
        });
        return { stop: () => void boss.offWork({ id }) };
      };
      // Changes run one after another, so two quick changes cannot interleave.
      let changing = Promise.resolve();
      const pool: WorkerPool = {
        get concurrency() {
          return workers.length;
        },
        setConcurrency(concurrency) {
          const target = Math.max(1, Math.floor(concurrency));
          changing = changing
            .catch(() => {})
            .then(async () => {
              while (workers.length < target) workers.push(await startWorker());
              while (workers.length > target) workers.pop()!.stop();
            });
          return changing;
        },
      };
      await pool.setConcurrency(options.concurrency ?? 1);
      return pool;
    },
    async stats() {
      const result = await database.executeSql(
        `SELECT count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS queued,
                count(*) FILTER (WHERE state = 'active')::int AS active,
                count(*) FILTER (WHERE state = 'failed' AND completed_on > now() - interval '24 hours')::int AS failed
           FROM pgboss.job`,
        [],
      );
      const row = (result.rows[0] ?? {}) as { queued?: number; active?: number; failed?: number };
      return { queued: Number(row.queued ?? 0), active: Number(row.active ?? 0), failedLast24h: Number(row.failed ?? 0) };
    },
    async stop() {
      const stopping = [...gatedWorkers];
      for (const worker of stopping) worker.stop();
      await Promise.race([Promise.all(stopping.map((worker) => worker.done)), new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * Creates a queue (nothing when it exists), as pg-boss's createQueue does, one process at a time: pg-boss attaches a
 * partition to its job table for each queue, which deadlocks with another process doing the same when several nodes
 * start together. The queue's row and partition are pg-boss's `create_queue` function (pg-boss 10), called here in a
 * transaction that holds an advisory lock first; a deadlock with a process fetching or sending is tried again.
 */
function createQueue(database: Database, options: PgBoss.Queue): Promise<void> {
  const { retryLimit, retryDelay, retryBackoff, expireInSeconds } = options;
  const data = { policy: 'standard', retryLimit, retryDelay, retryBackoff, expireInSeconds };
  return whileRacing(() =>
    database.db.transaction(async (tx) => {
      const connection = transactionSql(tx);
      await connection.executeSql('SELECT pg_advisory_xact_lock(hashtext($1))', ['parley:job-queue-create']);
      await connection.executeSql('SELECT pgboss.create_queue($1, $2::json)', [options.name, JSON.stringify(data)]);
    }),
  );
}

/**
 * On a database only this process uses (the embedded one), a job still active at start was left by a process that
 * stopped without finishing it (killed, a power cut): it is failed now, so it is retried after its retry delay like
 * any failure, rather than after its lease (30 minutes by default) while its document shows as processing.
 */
async function retryJobsOfStoppedProcess(boss: PgBoss, database: Database, log: FastifyBaseLogger): Promise<void> {
  const result = await database.executeSql(`SELECT name, array_agg(id::text) AS ids FROM pgboss.job WHERE state = 'active' GROUP BY name`);
  for (const { name, ids } of result.rows as { name: string; ids: string[] }[]) {
    for (const id of ids) await boss.fail(name, id, { message: 'The process running this job stopped before it finished' });
    log.warn({ queue: name, jobs: ids.length }, 'jobs left running by a process that stopped will run again');
  }
}

/** PostgreSQL's answers to two processes changing its schema at once: the statement did nothing and can run again. */
const RACE_CODES = new Set(['40P01', '23505', '42P06', '42P07', '42710']);

/** `work`, run again after a short random pause while PostgreSQL aborts it for racing another process (6 tries). */
async function whileRacing<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!RACE_CODES.has((error as { code?: string }).code ?? '') || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

interface GatedWorker {
  /** Takes no new job; the current one finishes. */
  stop(): void;
  /** Settles when the worker has stopped. */
  done: Promise<void>;
}

/**
 * One worker whose fetch is gated across processes: in one transaction it takes the queue's advisory lock, counts the
 * queue's active jobs in every process, and takes a job only when fewer than `limit()` run. A job whose process died
 * keeps its place until its lease ends and it is retried, as it is still being processed as far as anyone can tell.
 * Otherwise it does what pg-boss's own worker does: the handler has the job's lease to finish, then the job is
 * completed, or failed (and retried with backoff).
 */
function startGatedWorker(input: {
  boss: PgBoss;
  database: Database;
  log: FastifyBaseLogger;
  name: string;
  pollingIntervalSeconds: number;
  limit: () => number;
  run: (job: PgBoss.JobWithMetadata) => Promise<void>;
}): GatedWorker {
  const { boss, database, log, name } = input;
  let stopping = false;
  const { sleep, wake } = wakeableSleep();
  const fetch = () =>
    database.db.transaction(async (tx) => {
      const connection = transactionSql(tx);
      await connection.executeSql('SELECT pg_advisory_xact_lock(hashtext($1))', [`parley:job-gate:${name}`]);
      const counted = await connection.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'active'`, [name]);
      if (Number((counted.rows[0] as { n: number }).n) >= input.limit()) return undefined;
      const [job] = await boss.fetch<object>(name, { batchSize: 1, includeMetadata: true, db: connection });
      return job;
    });
  const loop = async () => {
    while (!stopping) {
      let job: PgBoss.JobWithMetadata | undefined;
      try {
        job = await fetch();
      } catch (error) {
        log.warn({ err: error, queue: name }, 'job fetch failed; trying again');
      }
      if (!job) {
        await sleep(input.pollingIntervalSeconds * 1000);
        continue;
      }
      try {
        await input.run(job);
        await boss.complete(name, job.id);
      } catch (error) {
        await boss
          .fail(name, job.id, error as object)
          .catch((failure: unknown) => log.warn({ err: failure, queue: name }, 'job could not be failed; its lease will'));
      }
    }
  };
  const done = loop();
  return {
    stop() {
      stopping = true;
      wake();
    },
    done,
  };
}

/**
 * Runs `work` while renewing the job's lease every third of it: the lease then ends only when this process stops
 * renewing it (killed, frozen, cut off from the database), and pg-boss's maintenance fails the job for another process
 * to run. The lease is moved by lengthening `expire_in` (pg-boss expires a job at started_on + expire_in), so
 * `started_on` keeps saying when the job started.
 */
async function whileLeaseRenewed<T>(
  database: Database,
  log: FastifyBaseLogger,
  name: string,
  id: string,
  leaseSeconds: number,
  work: () => Promise<T>,
): Promise<T> {
  const renew = () =>
    database
      .executeSql(
        `UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
          WHERE name = $1 AND id = $2 AND state = 'active'`,
        [name, id, leaseSeconds],
      )
      .catch((error: unknown) => log.warn({ err: error, queue: name }, 'job lease not renewed; it ends unless the next renewal succeeds'));
  const heartbeat = setInterval(() => void renew(), Math.max(1000, (leaseSeconds * 1000) / 3));
  try {
    return await work();
  } finally {
    clearInterval(heartbeat);
  }
}

/** `work`, or a rejection once `seconds` have passed (the job's run limit; it then fails and is retried). */
async function withinSeconds<T>(work: Promise<T>, seconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`handler did not finish within the job's run limit (${seconds} s)`)), seconds * 1000);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
