import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder, migrationsUpToDate, openDatabase, type DbDriver } from './client';
import { allowMigrations } from '../test/template-guard';

allowMigrations("the migrator's own bookkeeping, and migrations that move data: databases migrated from nothing");

describe('migrationsUpToDate', () => {
  const blank = new PGlite();
  afterAll(() => blank.close());

  it('is false for a new database, true once migrated, and false again when the newest migration is missing', async () => {
    expect(await migrationsUpToDate((text) => blank.query(text))).toBe(false);

    const database = await openDatabase({});
    try {
      const query = (text: string) => database.executeSql(text);
      expect(await migrationsUpToDate(query)).toBe(true);
      await query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)');
      expect(await migrationsUpToDate(query)).toBe(false);
    } finally {
      await database.close();
    }
  });
});

/**
 * A copy of the committed migrations that ends at `lastTag`: migrating with it, then with the real folder, runs the
 * migrations after `lastTag` on a database that already holds rows, as an upgrade does.
 */
function migrationsUpTo(lastTag: string): { folder: string; remove: () => void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-migrations-'));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag}`);
  const entries = journal.entries.slice(0, last + 1);
  mkdirSync(path.join(folder, 'meta'));
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries) copyFileSync(path.join(migrationsFolder(), `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

interface Blank {
  query: (text: string) => Promise<{ rows: unknown[] }>;
  migrate: (migrationsFolder: string) => Promise<void>;
  close: () => Promise<void>;
}

/** A database with nothing in it, prepared as openDatabase prepares one (pgvector where it can be created). */
async function blankDatabase(driver: DbDriver): Promise<Blank> {
  if (driver === 'pglite') {
    const client = await PGlite.create({ extensions: { vector } });
    await client.exec('CREATE EXTENSION IF NOT EXISTS vector');
    return {
      query: (text) => client.query(text),
      migrate: (migrationsFolder) => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
      close: () => client.close(),
    };
  }
  const adminUrl = inject('postgresUrl')!;
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`).finally(() => admin.end());
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  await pool.query('CREATE EXTENSION IF NOT EXISTS vector').catch(() => {});
  return {
    query: (text) => pool.query(text),
    migrate: (migrationsFolder) => migrateNodePg(drizzleNodePg({ client: pool }), { migrationsFolder }),
    close: async () => {
      await pool.end();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => c.end());
    },
  };
}

const USER = '00000000-0000-4000-8000-000000000001';
const LEADS = '00000000-0000-4000-8000-0000000000a1';
const BARE = '00000000-0000-4000-8000-0000000000a2';
const ODD = '00000000-0000-4000-8000-0000000000a3';
const ORDERS = '00000000-0000-4000-8000-0000000000b1';
const ORPHAN = '00000000-0000-4000-8000-0000000000b2';
const RULE = '00000000-0000-4000-8000-0000000000c1';
const REQUEST = '00000000-0000-4000-8000-0000000000d1';

for (const driver of ['pglite', 'postgres'] as const) {
  const noPostgres = driver === 'postgres' && !inject('postgresUrl');
  // Skipped only where the PostgreSQL service is absent, and says so.
  (noPostgres ? describe.skip : describe)(
    `migrations 0032 and 0037 [${driver}]${noPostgres ? ' — skipped: PostgreSQL is not reachable (TEST_DATABASE_URL)' : ''}`,
    () => {
      it('moves n8n workflows and webhook endpoints out of usage_analytics into their tables: ids, fields, counts and keys kept', async () => {
        const database = await blankDatabase(driver);
        const before = migrationsUpTo('0031_token_credits_order');
        try {
          await database.migrate(before.folder);
          await database.query(`INSERT INTO users (id, name, email) VALUES ('${USER}', 'Ada', 'ada@example.com')`);
          // As features/n8n wrote them before 0032, and two rows written by hand that it read with its defaults.
          await database.query(`INSERT INTO usage_analytics (id, user_id, usage_type, quantity, metadata, created_at, updated_at) VALUES
          ('${LEADS}', '${USER}', 'n8n_workflow', 3, '{"name": "Leads", "description": "CRM", "n8n_workflow_id": "wf-7", "status": "active",
            "trigger_type": "schedule", "endpoint_url": "/leads", "schedule_expression": "0 9 * * 1-5", "last_execution": "2026-11-30T08:15:42.123Z"}',
            '2026-11-01T10:00:00Z', '2026-11-02T10:00:00Z'),
          ('${BARE}', NULL, 'n8n_workflow', 0, '{}', '2026-11-03T10:00:00Z', '2026-11-03T10:00:00Z'),
          ('${ODD}', '${USER}', 'n8n_workflow', 1, '{"name": 5, "status": "paused", "trigger_type": "cron", "last_execution": "yesterday"}',
            '2026-11-04T10:00:00Z', '2026-11-04T10:00:00Z'),
          ('${ORDERS}', '${USER}', 'webhook_endpoint', 2, '{"name": "Orders", "endpoint_path": "/orders", "method": "GET", "workflow_id": "${LEADS.toUpperCase()}",
            "is_active": false, "last_request": "2026-11-29T07:00:00.000Z"}', '2026-11-05T10:00:00Z', '2026-11-06T10:00:00Z'),
          ('${ORPHAN}', NULL, 'webhook_endpoint', 0, '{"workflow_id": "6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e99", "method": "HEAD", "last_request": "2026-02-30T00:00:00Z"}',
            '2026-11-07T10:00:00Z', '2026-11-07T10:00:00Z')`);
          await database.query(
            `INSERT INTO n8n_routing_rules (id, name, condition, action, workflow_id) VALUES ('${RULE}', 'PDFs', 'file_type == ''pdf''', 'n8n', '${LEADS}')`,
          );
          await database.query(`INSERT INTO n8n_requests (id, kind, workflow_id, endpoint_id, routing_rule_id, method, url, duration_ms, status)
          VALUES ('${REQUEST}', 'webhook_test', '${LEADS}', '${ORDERS}', '${RULE}', 'GET', 'https://n8n.example.com/webhook/orders', 120, 'success')`);

          await database.migrate(migrationsFolder());

          const workflows = (
            await database.query(`SELECT id, user_id, name, description, n8n_workflow_id, status, trigger_type, endpoint_url, schedule_expression,
            execution_count, to_char(last_execution AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_execution,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS created_at, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS updated_at
            FROM n8n_workflows ORDER BY created_at`)
          ).rows;
          expect(workflows).toEqual([
            {
              id: LEADS,
              user_id: USER,
              name: 'Leads',
              description: 'CRM',
              n8n_workflow_id: 'wf-7',
              status: 'active',
              trigger_type: 'schedule',
              endpoint_url: '/leads',
              schedule_expression: '0 9 * * 1-5',
              execution_count: 3,
              last_execution: '2026-11-30T08:15:42.123Z',
              created_at: '2026-11-01 10:00',
              updated_at: '2026-11-02 10:00',
            },
            // What the screens showed for rows without those fields, or with values they did not know.
            {
              id: BARE,
              user_id: null,
              name: 'Unnamed Workflow',
              description: '',
              n8n_workflow_id: '',
              status: 'inactive',
              trigger_type: 'webhook',
              endpoint_url: '',
              schedule_expression: '',
              execution_count: 0,
              last_execution: null,
              created_at: '2026-11-03 10:00',
              updated_at: '2026-11-03 10:00',
            },
            expect.objectContaining({
              id: ODD,
              name: 'Unnamed Workflow',
              status: 'inactive',
              trigger_type: 'webhook',
              execution_count: 1,
              last_execution: null,
            }),
          ]);

          const endpoints = (
            await database.query(`SELECT id, user_id, name, endpoint_path, method, workflow_id, is_active, request_count,
            to_char(last_request AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_request FROM n8n_webhook_endpoints ORDER BY created_at`)
          ).rows;
          expect(endpoints).toEqual([
            {
              id: ORDERS,
              user_id: USER,
              name: 'Orders',
              endpoint_path: '/orders',
              method: 'GET',
              workflow_id: LEADS,
              is_active: false,
              request_count: 2,
              last_request: '2026-11-29T07:00:00.000Z',
            },
            // Its workflow no longer existed: the endpoint has none, as after deleting the workflow.
            {
              id: ORPHAN,
              user_id: null,
              name: 'Unnamed Endpoint',
              endpoint_path: '',
              method: 'POST',
              workflow_id: null,
              is_active: true,
              request_count: 0,
              last_request: null,
            },
          ]);

          expect((await database.query(`SELECT workflow_id FROM n8n_routing_rules WHERE id = '${RULE}'`)).rows).toEqual([{ workflow_id: LEADS }]);
          expect((await database.query(`SELECT workflow_id, endpoint_id FROM n8n_requests WHERE id = '${REQUEST}'`)).rows).toEqual([
            { workflow_id: LEADS, endpoint_id: ORDERS },
          ]);
          expect((await database.query(`SELECT to_regclass('public.usage_analytics') AS t`)).rows).toEqual([{ t: null }]);
          // The keys point at the new tables: deleting the workflow clears it where it was used.
          await database.query(`DELETE FROM n8n_workflows WHERE id = '${LEADS}'`);
          expect((await database.query(`SELECT workflow_id FROM n8n_webhook_endpoints WHERE id = '${ORDERS}'`)).rows).toEqual([{ workflow_id: null }]);
          expect((await database.query(`SELECT workflow_id FROM n8n_routing_rules WHERE id = '${RULE}'`)).rows).toEqual([{ workflow_id: null }]);
          expect((await database.query(`SELECT workflow_id, endpoint_id FROM n8n_requests WHERE id = '${REQUEST}'`)).rows).toEqual([
            { workflow_id: null, endpoint_id: ORDERS },
          ]);
        } finally {
          before.remove();
          await database.close();
        }
      });

      it('0037 keeps with each earlier action call the kind and host of its action', async () => {
        const database = await blankDatabase(driver);
        const before = migrationsUpTo('0036_action_kinds_and_contacts');
        const [org, bot, conversation, answer, hook, handoff] = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'].map((n) => `00000000-0000-4000-8000-0000000000${n}`);
        try {
          await database.migrate(before.folder);
          await database.query(`INSERT INTO organizations (id, name, slug) VALUES ('${org}', 'Acme', 'acme')`);
          await database.query(`INSERT INTO chatbots (id, organization_id, name, system_prompt, appearance) VALUES ('${bot}', '${org}', 'Bot', '', '{}')`);
          await database.query(
            `INSERT INTO conversations (id, chatbot_id, organization_id, visitor_id, channel) VALUES ('${conversation}', '${bot}', '${org}', 'v1', 'widget')`,
          );
          await database.query(`INSERT INTO messages (id, conversation_id, role, content) VALUES ('${answer}', '${conversation}', 'assistant', 'Shipped.')`);
          await database.query(`INSERT INTO chatbot_actions (id, organization_id, chatbot_id, name, description, kind, url, parameters) VALUES
            ('${hook}', '${org}', '${bot}', 'order_status', 'Order status', 'webhook', 'https://user:pw@shop.example.com:8443/parley?x=1', '{"type":"object"}'),
            ('${handoff}', '${org}', '${bot}', 'hand_off', 'A person', 'handoff', NULL, '{"type":"object"}')`);
          await database.query(`INSERT INTO message_action_calls (message_id, conversation_id, chatbot_id, action_id, action_name, arguments, duration_ms) VALUES
            ('${answer}', '${conversation}', '${bot}', '${hook}', 'order_status', '{}', 12),
            ('${answer}', '${conversation}', '${bot}', '${handoff}', 'hand_off', '{}', 1),
            ('${answer}', '${conversation}', '${bot}', NULL, 'gone', '{}', 3)`);

          await database.migrate(migrationsFolder());

          const calls = (await database.query(`SELECT action_name, action_kind, target_host FROM message_action_calls ORDER BY action_name`)).rows;
          expect(calls).toEqual([
            // An action deleted before 0037 left nothing to tell its kind by.
            { action_name: 'gone', action_kind: null, target_host: null },
            { action_name: 'hand_off', action_kind: 'handoff', target_host: null },
            { action_name: 'order_status', action_kind: 'webhook', target_host: 'shop.example.com:8443' },
          ]);
        } finally {
          before.remove();
          await database.close();
        }
      });
    },
  );
}
