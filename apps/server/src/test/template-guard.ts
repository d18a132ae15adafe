/**
 * A setup file of the server tests (vitest.config.ts): a test file whose databases ran the migrations, instead of
 * starting from the run's migrated templates (test/global-setup.ts, test/harness.ts `openTestDatabase`), fails. Opening
 * a database that way costs every run seconds per file; the few files that test migrating itself say so first.
 */
import { afterAll, beforeAll } from 'vitest';
import { migrationRunCount } from '../db/client';

const ALLOWED = Symbol.for('parley.test.migrationsAllowed');
type Flagged = typeof globalThis & { [ALLOWED]?: string };

/** Declares that this test file runs the migrations on purpose, and why (a test of migrating, a separate server). */
export function allowMigrations(reason: string): void {
  (globalThis as Flagged)[ALLOWED] = reason;
}

let before = 0;
beforeAll(() => {
  before = migrationRunCount();
});
afterAll(() => {
  const runs = migrationRunCount() - before;
  const allowed = (globalThis as Flagged)[ALLOWED];
  delete (globalThis as Flagged)[ALLOWED];
  if (runs > 0 && !allowed)
    throw new Error(
      `This test file migrated ${runs} database(s) itself. Open test databases with openTestDatabase() or pgliteTemplates() from test/harness.ts, which start from the run's migrated template, or call allowMigrations(reason) when migrating is what the file tests.`,
    );
});
