/**
 * A process that opens an embedded database on disk, starts a job and never finishes it: the test kills it with
 * SIGKILL to leave the job active and the data directory's lock behind (jobs/stopped-process.test.ts).
 * Usage: node --import tsx embedded-job-holder.ts <pglite directory>
 */
import Fastify from 'fastify';
import { openDatabase } from '../db/client';
import { startJobQueue } from '../jobs/queue';

const dir = process.argv[2];
if (!dir) throw new Error('Usage: embedded-job-holder.ts <pglite directory>');
const database = await openDatabase({ pgliteDir: dir });
const queue = await startJobQueue(database, Fastify({ logger: false }).log);
await queue.send('stopped-process-test', { value: 7 });
await queue.work<{ value: number }>('stopped-process-test', { pollingIntervalSeconds: 0.5 }, async (job) => {
  console.log(`started ${job.id}`);
  await new Promise(() => {});
});
