import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** Starts the process: config, migrations (inside buildApp), listen, graceful shutdown. */
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

  const app = await buildApp(config, { startBackgroundWork: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
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
}

main().catch((error: unknown) => {
  console.error('Parley failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
