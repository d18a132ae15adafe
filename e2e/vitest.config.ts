import { defineConfig } from 'vitest/config';

/** Browser tests: the built server in a child process, driven by Debian's Chromium through playwright-core. */
export default defineConfig({
  test: {
    root: new URL('.', import.meta.url).pathname,
    include: ['**/*.spec.ts'],
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
