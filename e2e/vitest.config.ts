import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the built server in a child process, driven by Debian's Chromium through playwright-core.
 *
 * The files run in one worker per core without isolation, so each worker's fixtures (support/fixtures.ts) live for the
 * whole run: one browser, and one server with one embedded database that its tests share (each with its own users and
 * data) instead of a server started for every describe block. Two workers took 267 s where one took 320 s here.
 */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    // expect.poll gives up after 1 s unless told otherwise: too short for a page that waits on the server while a
    // loaded CI machine runs two browsers and two servers. Playwright's own waits allow 30 s; so do these.
    expect: { poll: { timeout: 30_000 } },
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || availableParallelism(),
    isolate: false,
  },
});
