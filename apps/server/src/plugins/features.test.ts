import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { buildApp } from '../app';
import { openTestDatabase, testConfig } from '../test/harness';

const featuresDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'features');

it('starts every feature’s background work once, the same way, and stops each piece on close, newest first', async () => {
  const { database, dispose } = await openTestDatabase('pglite');
  const app = await buildApp(testConfig(), { database, logger: false, startBackgroundWork: 'after-listen' });
  const seen: string[] = [];
  try {
    const names = app.backgroundWork.map((work) => work.name);
    expect(new Set(names).size).toBe(names.length);
    // The app's own work and the features', registered as each feature registered.
    expect(names).toEqual(
      expect.arrayContaining([
        'e-mail',
        'health prober',
        'document ingestion',
        'evaluation runs',
        'webhook deliveries',
        'sandbox renewals',
        'account deletions',
      ]),
    );
    app.backgroundWork.push({
      name: 'first probe',
      start: () => {
        seen.push('start first');
        return () => void seen.push('stop first');
      },
    });
    app.backgroundWork.push({
      name: 'second probe',
      start: async () => {
        seen.push('start second');
        return async () => void seen.push('stop second');
      },
    });
    await app.startWorkers();
    await app.startWorkers();
    expect(seen).toEqual(['start first', 'start second']);
  } finally {
    await app.close();
    await dispose();
  }
  expect(seen).toEqual(['start first', 'start second', 'stop second', 'stop first']);
});

it('gives every server feature with routes one feature plugin, registered by app.ts', () => {
  const appSource = readFileSync(path.join(featuresDir, '..', 'app.ts'), 'utf8');
  const withRoutes = readdirSync(featuresDir).filter((name) => {
    try {
      return /export const \w+Routes\b/.test(readFileSync(path.join(featuresDir, name, 'routes.ts'), 'utf8'));
    } catch {
      return false;
    }
  });
  expect(withRoutes.length).toBeGreaterThan(40);
  const missing = withRoutes.filter((name) => {
    const entry = readFileSync(path.join(featuresDir, name, 'index.ts'), 'utf8');
    const plugin = /export const (\w+Feature) = defineFeature/.exec(entry)?.[1];
    return !plugin || !new RegExp(`\\b${plugin}\\b`).test(appSource.replace(/^import .*$/gm, ''));
  });
  expect(missing).toEqual([]);
});
