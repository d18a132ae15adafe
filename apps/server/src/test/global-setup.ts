import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of a reachable PostgreSQL, or null when there is none (those tests are skipped). */
    postgresUrl: string | null;
    postgresSkipReason: string;
  }
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Finds the PostgreSQL the integration suite also runs on (TEST_DATABASE_URL, else the local default). */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('postgresUrl', url);
    project.provide('postgresSkipReason', '');
  } catch (error) {
    const reason = `PostgreSQL is not reachable at ${url.replace(/\/\/[^@]*@/, '//')} (${error instanceof Error ? error.message : String(error)}): the PostgreSQL runs of the integration suite are skipped.`;
    console.warn(`\n[parley tests] ${reason}\n`);
    project.provide('postgresUrl', null);
    project.provide('postgresSkipReason', reason);
  } finally {
    await client.end().catch(() => {});
  }
}
