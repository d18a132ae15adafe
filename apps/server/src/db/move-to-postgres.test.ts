import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app';
import { createSignedInUser, openTestDatabase, pgliteTemplates, testConfig } from '../test/harness';
import { openDatabase, type Database } from './client';
import { moveDatabase, type MoveProgress } from './move-to-postgres';

const postgresReason = inject('postgresUrl') ? '' : inject('postgresSkipReason');
if (postgresReason) console.warn(`\n[parley tests] ${postgresReason}: moving an embedded installation to PostgreSQL is not tested.\n`);

const SECRET = 'move-test-secret-key-0123456789abcdef';
const HANDBOOK = [
  '# Returns',
  'Refunds are paid within 14 days of receiving the parcel. Shipping costs are refunded for faulty goods only.',
  '# Opening hours',
  'The Lisbon shop opens at 9:00 and closes at 18:30 from Monday to Saturday.',
].join('\n\n');

const answerOf = (response: LightMyRequestResponse) =>
  response.body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent)
    .flatMap((event) => (event.type === 'delta' ? [event.text] : []))
    .join('');

const counts = async (database: Database) => {
  const tables = (await database.executeSql("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename", [])).rows as {
    tablename: string;
  }[];
  const result: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [row] = (await database.executeSql(`SELECT count(*)::int AS n FROM "${tablename}"`, [])).rows as { n: number }[];
    result[tablename] = Number(row!.n);
  }
  return result;
};

describe.skipIf(!!postgresReason)('moving an embedded installation to PostgreSQL', () => {
  let source: Database;
  let target: Database;
  let disposeTarget: (() => Promise<void>) | undefined;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    source = await openDatabase(pgliteTemplates());
    const opened = await openTestDatabase('postgres');
    target = opened.database;
    disposeTarget = opened.dispose;
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await source.close();
    await disposeTarget?.();
  });

  it('copies every row — accounts, sessions, chatbots, documents, embeddings — and the chatbot answers the same', async () => {
    const embedded = await buildApp(testConfig({ PARLEY_SECRET_KEY: SECRET }), { database: source, logger: false, startBackgroundWork: true });
    apps.push(embedded);
    await embedded.ready();
    const owner = await createSignedInUser({ app: embedded, database: source, config: embedded.config });
    const bot = (
      await embedded.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Shop helper' } })
    ).json() as { id: string };
    await embedded.inject({
      method: 'POST',
      url: `/api/chatbots/${bot.id}/sources/text`,
      headers: { cookie: owner.cookie },
      payload: { name: 'handbook', text: HANDBOOK },
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const items = (await embedded.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: owner.cookie } })).json().items as {
        status: string;
      }[];
      if (items[0]?.status === 'ready') break;
      if (Date.now() > deadline) throw new Error(`not ingested: ${JSON.stringify(items)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const ask = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/test-chat`,
        headers: { cookie: owner.cookie },
        payload: { message: 'How long do refunds take?' },
      });
    const before = answerOf(await ask(embedded));
    expect(before).toContain('14 days');
    await embedded.close();
    apps.pop();

    const progress: MoveProgress[] = [];
    const result = await moveDatabase(source, target, (p) => progress.push(p));
    const sourceCounts = await counts(source);
    expect(await counts(target)).toEqual(sourceCounts);
    // Every row is copied but the term counts and the month counters of usage, which the target's triggers rebuilt
    // from the copied chunks and usage rows: the same months with the same tokens, not twice as many.
    const { chunk_term_counts: termCounts = 0, organization_usage_months: usageMonths = 0, ...copiedCounts } = sourceCounts;
    expect(result.totalRows).toBe(Object.values(copiedCounts).reduce((sum, n) => sum + n, 0));
    expect(sourceCounts.document_chunks).toBeGreaterThan(0);
    expect(termCounts).toBeGreaterThan(0);
    expect(usageMonths).toBeGreaterThan(0);
    expect(result.tables.map((t) => t.table)).not.toContain('chunk_term_counts');
    expect(result.tables.map((t) => t.table)).not.toContain('organization_usage_months');
    const monthTokens = async (database: Database) =>
      (await database.executeSql('SELECT organization_id, period, tokens::text FROM organization_usage_months ORDER BY 1, 2', [])).rows;
    const sourceMonths = await monthTokens(source);
    expect(sourceMonths.length).toBeGreaterThan(0);
    expect(await monthTokens(target)).toEqual(sourceMonths);
    expect(progress.at(-1)).toMatchObject({ index: result.tables.length, tables: result.tables.length });
    // Parents before children: the organization before its chatbot, the chatbot before its documents.
    const order = result.tables.map((t) => t.table);
    expect(order.indexOf('organizations')).toBeLessThan(order.indexOf('chatbots'));
    expect(order.indexOf('chatbots')).toBeLessThan(order.indexOf('knowledge_sources'));

    // The same session cookie works on PostgreSQL, and the same question gets the same answer from the moved embeddings.
    const moved = await buildApp(testConfig({ PARLEY_SECRET_KEY: SECRET }), { database: target, logger: false });
    apps.push(moved);
    await moved.ready();
    const listed = await moved.inject({ method: 'GET', url: '/api/chatbots', headers: { cookie: owner.cookie } });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('Shop helper');
    expect(answerOf(await ask(moved))).toBe(before);
    // Serial ids continue after the copied ones.
    await target.executeSql("INSERT INTO api_requests (method, route, status_code, duration_ms) VALUES ('GET', '/after-move', 200, 1)", []);

    // A second move into a database that now has accounts is refused, and changes nothing.
    await expect(moveDatabase(source, target)).rejects.toThrow('The target database already has accounts: move into a new, empty database.');
    expect((await counts(target)).users).toBe(sourceCounts.users);
  }, 120_000);
});
