import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type RunningServer } from './server';

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/**
 * Starts the built server (with a fresh database) and a browser before the tests of the `describe` block it is called in,
 * and stops both after them. Read `server` and `browser` inside the tests: they exist once `beforeAll` has run.
 */
export function serverAndBrowser(env: Record<string, string> = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  return {
    get server() {
      if (!server) throw new Error('The server starts in beforeAll: read it inside a test or a later hook.');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser starts in beforeAll: read it inside a test or a later hook.');
      return browser;
    },
  };
}
