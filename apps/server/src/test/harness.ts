import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database, type DbDriver, type OpenDatabaseOptions } from '../db/client';
import { emailOutbox } from '../db/schema/index';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
}

export const TEST_PASSWORD = 'correct horse battery';

export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      PARLEY_SECRET_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'parley-test-')),
      LOG_LEVEL: 'silent',
      // Most tests expect an empty catalogue; the starter catalogue's own tests turn it back on.
      SEED_CATALOGUE: 'false',
      ...overrides,
    },
    { persistSecret: false },
  );
}

/**
 * A fresh PostgreSQL database, a copy of the run's migrated template (test/global-setup.ts), dropped by `drop`. Copying
 * a template is a file copy on the server; nothing is migrated.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = inject('postgresUrl');
  const template = inject('postgresTemplate');
  if (!adminUrl || !template) throw new Error(inject('postgresSkipReason'));
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

/**
 * Opens a test's database from the run's migrated template: an in-memory PGlite loaded from its dump (or, with
 * `pgliteDir`, a new data directory copied from it), or a new PostgreSQL database copied from the template database.
 */
export async function openTestDatabase(
  driver: DbDriver,
  options: Omit<OpenDatabaseOptions, 'databaseUrl' | 'pgliteTemplate' | 'pgliteDump'> = {},
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (driver === 'pglite') {
    const database = await openDatabase({ ...options, ...pgliteTemplates() });
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ poolSize: 4, ...options, databaseUrl: created.url }).catch(async (error: unknown) => {
    await created.drop();
    throw error;
  });
  return {
    database,
    dispose: async () => {
      await database.close();
      await created.drop();
    },
  };
}

/** The options that make `openDatabase` start an embedded database from the run's template, in memory or on disk. */
export function pgliteTemplates(): Pick<OpenDatabaseOptions, 'pgliteTemplate' | 'pgliteDump'> {
  return { pgliteTemplate: inject('pgliteTemplateDir'), pgliteDump: inject('pgliteTemplateDump') };
}

/**
 * Runs the same suite on PGlite and on PostgreSQL. Without a reachable PostgreSQL
 * the second run is skipped, and global setup printed why.
 */
export function describeEachDatabase(
  name: string,
  /** `driver`: for the few tests that only one database can run (defined for it alone, not skipped on the other). */
  suite: (ctx: () => TestContext, driver: DbDriver) => void,
  configOverrides: Record<string, string | undefined> = {},
  buildOptions: Omit<BuildAppOptions, 'database' | 'logger'> = {},
): void {
  for (const driver of ['pglite', 'postgres'] as const) {
    const skip = driver === 'postgres' && !inject('postgresUrl');
    (skip ? describe.skip : describe)(`${name} [${driver}]`, () => {
      let ctx: TestContext | undefined;
      let dispose: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await openTestDatabase(driver);
        dispose = opened.dispose;
        const config = testConfig(configOverrides);
        const app = await buildApp(config, { ...buildOptions, database: opened.database, logger: false });
        await app.ready();
        ctx = { app, database: opened.database, config };
      });
      afterAll(async () => {
        await ctx?.app.close();
        await dispose?.();
      });
      suite(() => {
        if (!ctx) throw new Error('test app not ready');
        return ctx;
      }, driver);
    });
  }
}

/** Cookie header value from a response's Set-Cookie headers (name=value pairs, expired ones dropped). */
export function cookiesFrom(response: LightMyRequestResponse, previous = ''): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0]!, pair] as const),
  );
  for (const cookie of response.cookies) {
    if (cookie.maxAge === 0 || cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now())) jar.delete(cookie.name);
    else jar.set(cookie.name, `${cookie.name}=${cookie.value}`);
  }
  return [...jar.values()].join('; ');
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A client address of its own, so helpers never trip the per-IP sign-in and sign-up limits. */
const randomClientIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0]! % 250)}`;

export async function signUp(app: FastifyInstance, email: string, names = { firstName: 'Ada', lastName: 'Lovelace' }, password = TEST_PASSWORD) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: 'http://localhost:3000' },
    remoteAddress: randomClientIp(),
    payload: { email, password, name: `${names.firstName} ${names.lastName}`, ...names, callbackURL: '/auth/callback?type=email' },
  });
}

export async function latestEmailTo(ctx: TestContext, email: string) {
  const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  return row;
}

/** Follows the confirmation link from the outbox; returns the response (a redirect that sets the session cookie). */
export async function confirmEmail(ctx: TestContext, email: string) {
  const message = await latestEmailTo(ctx, email);
  if (!message) throw new Error(`no e-mail to ${email} in the outbox`);
  const link = /https?:\/\/\S+/.exec(message.textBody)?.[0];
  if (!link) throw new Error('no link in the confirmation e-mail');
  const url = new URL(link);
  return ctx.app.inject({ method: 'GET', url: url.pathname + url.search });
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD, ip = '127.0.0.1') {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:3000' },
    remoteAddress: ip,
    payload: { email, password },
  });
}

/** A verified, signed-in customer; returns the cookie header. */
export async function createSignedInUser(ctx: TestContext, email = uniqueEmail()): Promise<{ email: string; cookie: string; userId: string }> {
  const created = await signUp(ctx.app, email);
  if (created.statusCode !== 200) throw new Error(`sign-up failed: ${created.statusCode} ${created.body}`);
  await confirmEmail(ctx, email);
  const response = await signIn(ctx.app, email, TEST_PASSWORD, randomClientIp());
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { email, cookie: cookiesFrom(response), userId: (response.json() as { user: { id: string } }).user.id };
}
