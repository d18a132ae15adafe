import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** How long after listening the workers start (decisions/0028-start-up.md). */
const WORKERS_START_DELAY_MS = 1000;

/** Starts the process: config, migrations (inside buildApp), listen, the workers, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp(config, { startBackgroundWork: 'after-listen' });
  let closing = false;
  let workersTimer: NodeJS.Timeout | undefined = undefined;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    clearTimeout(workersTimer);
    app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s after the grace period; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 10_000);
    force.unref();
    try {
      // Drain first: health answers 503 so a load balancer stops sending, responses carry
      // Connection: close, and requests already on open connections are served.
      app.draining = true;
      await new Promise((resolve) => setTimeout(resolve, config.shutdownGraceMs));
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Parley is running at ${config.publicUrl} (database: ${app.database.driver}, vector search: ${app.database.vectorSearch})`);
  // The workers and the periodic work start a moment later, so the first requests are not queued behind their start-up
  // queries (the embedded database has one connection); jobs enqueued meanwhile wait in the queue (decisions/0028-start-up.md).
  workersTimer = setTimeout(() => {
    app.startWorkers().catch((error: unknown) => {
      if (closing) return;
      app.log.error({ err: error }, 'background work failed to start');
      process.exit(1);
    });
  }, WORKERS_START_DELAY_MS);
}

main().catch((error: unknown) => {
  console.error('Parley failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
