import { defineConfig } from 'vitest/config';

/**
 * Browser tests: the built server in a child process, driven by Debian's Chromium through playwright-core.
 *
 * The files run one after another in one worker without isolation, so that worker's fixtures (support/fixtures.ts)
 * live for the whole run: one browser, and one server with one embedded database that the tests share (each with
 * its own users and data) instead of a server started for every describe block.
 */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    isolate: false,
  },
});
