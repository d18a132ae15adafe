import type { FastifyInstance } from 'fastify';
import { RUN_LIMIT_SECONDS } from '../../jobs/queue';
import { embedderFor } from '../../providers/ai/models';
import { queueRunAfterTrainingChange } from '../evaluations/index';
import { createN8nChunkSource } from '../n8n/index';
import { readSystemConfiguration, systemConfigurationCacheFor } from '../../services/system-configuration';
import { markSourceFailed, PermanentIngestError, processSource, type IngestDeps } from './ingest';
import { INGEST_JOB, type IngestJobData } from './service';
import { discardUnfinishedChunkWrites } from '../../rag/chunk-writes';

/**
 * Processes sources from the durable queue, `max_concurrent_processing_jobs` at a time (changes apply live).
 * A customer-fixable failure fails at once; anything else is retried with backoff,
 * and the source is marked failed only when the last attempt fails.
 */
export async function startIngestionWorker(app: FastifyInstance, overrides: Partial<IngestDeps> = {}): Promise<void> {
  if (!app.jobs) return;
  const settings = await readSystemConfiguration(app.db);
  const deps: IngestDeps = {
    database: app.database,
    embedderFor: (chatbot) => embedderFor({ db: app.db, config: app.config, log: app.log }, chatbot),
    fetchTimeoutMs: app.config.fetch.timeoutMs,
    allowPrivateNetworks: app.config.fetch.allowPrivateNetworks,
    log: app.log,
    meter: app.tokenMeter,
    jobs: app.jobs,
    chunkSource: createN8nChunkSource({
      db: app.db,
      secretKey: app.config.secretKey,
      allowPrivateNetworks: app.config.fetch.n8nPrivateNetworks,
      log: app.log,
    }),
    ...overrides,
  };
  // A process that stopped while writing a document in steps left its chunks; its job writes the document again.
  const discarded = await discardUnfinishedChunkWrites(app.db);
  if (discarded > 0) app.log.info({ chunks: discarded }, 'chunks of unfinished document processing discarded');
  const pool = await app.jobs.work<IngestJobData>(
    INGEST_JOB,
    {
      concurrency: settings.maxConcurrentProcessingJobs,
      pollingIntervalSeconds: 1,
      acrossProcesses: true,
      maxRunSeconds: (data: IngestJobData) => data.timeoutSeconds ?? RUN_LIMIT_SECONDS,
    },
    async (job) => {
      try {
        const outcome = await processSource(deps, job.data);
        app.log.info({ sourceId: job.data.sourceId, outcome }, 'source processed');
        // The chatbot's evaluation set is asked again with the new training data (features/evaluations).
        if (outcome === 'done') await queueRunAfterTrainingChange({ db: app.db, jobs: app.jobs, log: app.log }, { sourceId: job.data.sourceId });
      } catch (error) {
        if (error instanceof PermanentIngestError) {
          await markSourceFailed(app.database, job.data, error.message);
          return;
        }
        app.log.warn({ err: error, sourceId: job.data.sourceId, attempt: job.retryCount + 1 }, 'source processing failed; will retry');
        if (job.isLastAttempt) await markSourceFailed(app.database, job.data, 'Processing failed after several attempts. Try re-processing the source.');
        throw error;
      }
    },
  );
  // A saved max_concurrent_processing_jobs applies without a restart: workers are started or stopped (after their current job).
  systemConfigurationCacheFor(app.db)?.onChange((next) => {
    if (next.maxConcurrentProcessingJobs === pool.concurrency) return;
    pool
      .setConcurrency(next.maxConcurrentProcessingJobs)
      .then(() => app.log.info({ concurrency: next.maxConcurrentProcessingJobs }, 'ingestion concurrency changed'))
      .catch((error: unknown) => app.log.warn({ err: error }, 'ingestion concurrency could not be changed'));
  });
}
