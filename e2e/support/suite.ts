import { afterAll, beforeAll } from 'vitest';
import { startServer, type RunningServer } from './server';

/**
 * A server of the describe block's own, with a fresh database, started before its tests with `env` and stopped after
 * them: for tests that need what the shared server (support/fixtures.ts) cannot give, such as an installation where
 * no admin exists yet, or other settings. `env` is read when the server starts, so an earlier `beforeAll` may fill
 * it. Read `server` inside the tests; the browser is the worker's (the `browser` fixture).
 */
export function ownServer(env: Record<string, string | undefined> = {}): { readonly server: RunningServer } {
  let server: RunningServer | undefined;
  beforeAll(async () => {
    server = await startServer(env);
  });
  afterAll(async () => {
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The server starts in beforeAll: read it inside a test or a later hook.');
      return server;
    },
  };
}
