import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, writePgliteTemplate } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a reachable PostgreSQL, or null when there is none (those tests are skipped). */
    postgresUrl: string | null;
    postgresSkipReason: string;
    /** The migrated database every PostgreSQL test database is created from (`CREATE DATABASE … TEMPLATE`). */
    postgresTemplate: string | null;
    /** A migrated embedded data directory, which a test's on-disk PGlite starts as a copy of. */
    pgliteTemplateDir: string;
    /** The same directory as a tar file, which a test's in-memory PGlite loads. */
    pgliteTemplateDump: string;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Migrates the test databases' templates once per run, so that no test file pays for initdb and the migrations (about 4
 * s a PGlite, more on PostgreSQL): a PGlite data directory and its dump, and a PostgreSQL template database on the
 * PostgreSQL the integration suite also runs on (TEST_DATABASE_URL, else the local default) when it is reachable.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const scratch = mkdtempSync(path.join(tmpdir(), 'parley-test-template-'));
  const pgliteDir = path.join(scratch, 'pglite');
  const pgliteDump = path.join(scratch, 'pglite.tar');
  await writePgliteTemplate(pgliteDir, pgliteDump);
  project.provide('pgliteTemplateDir', pgliteDir);
  project.provide('pgliteTemplateDump', pgliteDump);

  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  let reachable = false;
  try {
    await client.connect();
    await client.query('select 1');
    reachable = true;
  } catch (error) {
    const reason = `PostgreSQL is not reachable at ${url.replace(/\/\/[^@]*@/, '//')} (${error instanceof Error ? error.message : String(error)}): the PostgreSQL runs of the integration suite are skipped.`;
    console.warn(`\n[parley tests] ${reason}\n`);
    project.provide('postgresUrl', null);
    project.provide('postgresSkipReason', reason);
    project.provide('postgresTemplate', null);
  }
  let dropTemplate = async () => {};
  if (reachable) {
    // A template that fails to migrate fails the run: it is not a reason to skip the PostgreSQL tests.
    const template = `parley_test_template_${process.pid}`;
    try {
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${template}`);
    } finally {
      await client.end().catch(() => {});
    }
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: templateUrl.toString(), poolSize: 2 });
    await database.close();
    dropTemplate = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).finally(() => admin.end());
    };
    project.provide('postgresUrl', url);
    project.provide('postgresSkipReason', '');
    project.provide('postgresTemplate', template);
  } else {
    await client.end().catch(() => {});
  }
  console.log(`[parley tests] migrated database templates ready in ${Math.round(performance.now() - started)} ms`);
  return async () => {
    await dropTemplate().catch(() => {});
    rmSync(scratch, { recursive: true, force: true });
  };
}
