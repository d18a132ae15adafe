import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the benchmarks measure: TEST_DATABASE_URL (an admin URL, as for the tests) or the local one. */
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database, even with connections still open, and closes the admin connection. */
  drop(): Promise<void>;
}

/**
 * A database of the benchmark's own on a PostgreSQL server, with a random name, so that a run never touches
 * data it did not create. `settings` become the database's defaults (ALTER DATABASE … SET) for every connection.
 */
export async function createScratchDatabase(prefix: string, options: { adminUrl?: string; settings?: Record<string, string> } = {}): Promise<ScratchDatabase> {
  const adminUrl = options.adminUrl ?? POSTGRES_ADMIN_URL;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    for (const [setting, value] of Object.entries(options.settings ?? {})) {
      await admin.query(`ALTER DATABASE ${name} SET ${setting} = ${admin.escapeLiteral(value)}`);
    }
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end().catch(() => {});
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end().catch(() => {});
      }
    },
  };
}
