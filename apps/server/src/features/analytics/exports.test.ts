import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { analyticsExportParts, analyticsExports, chatbots } from '../../db/schema/index';
import { createMailer } from '../../providers/email/mailer';
import { insertChatbotRows } from '../../test/chatbot-rows';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { CSV_BOM } from './csv';
import { runExport, type ExportDeps } from './export-job';
import { createOwner, parseCsv, seedExportData, type Owner } from './test-fixtures';

const CONVERSATION_HEADER = [
  'conversation_id',
  'chatbot',
  'channel',
  'conversation_started_at',
  'message_at',
  'role',
  'content',
  'outcome',
  'rating',
  'latency_ms',
  'tokens',
];

function depsFor(c: TestContext, overrides: Partial<ExportDeps> = {}): ExportDeps {
  return {
    db: c.database.db,
    jobs: null,
    mailer: createMailer(c.config, c.database.db, c.app.log),
    publicUrl: c.config.publicUrl,
    log: c.app.log,
    ...overrides,
  };
}

describeEachDatabase('analytics exports', (ctx) => {
  let owner: Owner;
  let bots: { support: string; api: string };
  let ids: { early: string; api: string; main: string };
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, who: Owner = owner) =>
    ctx().app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const waitUntilDone = async (id: string, who: Owner = owner) => {
    await expect
      .poll(async () => (await inject('GET', `/api/analytics/exports/${id}`, undefined, who)).json().status, { timeout: 15_000 })
      .toMatch(/done|failed/);
    return (await inject('GET', `/api/analytics/exports/${id}`, undefined, who)).json();
  };

  beforeAll(async () => {
    ({ owner, bots, ids } = await seedExportData(ctx()));
  });

  it('exports every message of the period, with progress, and downloads it as a safe, properly quoted CSV', async () => {
    const created = await inject('POST', '/api/analytics/exports', { report: 'conversations', from: '2026-05-10', to: '2026-05-10' });
    expect(created.statusCode).toBe(202);
    expect(created.json()).toMatchObject({
      report: 'conversations',
      status: 'queued',
      chatbotId: null,
      from: '2026-05-10',
      to: '2026-05-10',
      tz: 'UTC',
      rowsTotal: null,
      rowsDone: 0,
      percent: null,
      fileName: 'parley-conversations-2026-05-10-to-2026-05-10.csv',
      scheduled: false,
      completedAt: null,
    });
    const done = await waitUntilDone(created.json().id);
    expect(done).toMatchObject({ status: 'done', rowsTotal: 7, rowsDone: 7, percent: 100, error: null });
    expect(done.completedAt).not.toBeNull();

    const download = await inject('GET', `/api/analytics/exports/${done.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe('attachment; filename="parley-conversations-2026-05-10-to-2026-05-10.csv"');
    expect(Buffer.byteLength(download.body)).toBe(done.sizeBytes);
    expect(download.body.startsWith(CSV_BOM)).toBe(true);
    expect(download.body).toContain('"\'=HYPERLINK(""http://evil.example"",""x"")"');
    expect(download.body).toContain(`,'+1 555 0100,`);
    expect(download.body).toContain(`,'@SUM(A1),`);
    expect(download.body).toContain(`,'-dash,`);
    expect(download.body).toContain('"Hello, ""world""\nsecond line"');
    expect(download.body.endsWith('\r\n')).toBe(true);

    const support = 'Support, "main"';
    expect(parseCsv(download.body.slice(1))).toEqual([
      CONVERSATION_HEADER,
      // Stored as "late **answer**": an answer's markdown leaves as plain text.
      [ids.early, 'API bot', 'widget', '2026-05-09T23:59:00.000Z', '2026-05-10T00:00:30.000Z', 'assistant', 'late answer', 'answered', '', '100', '2'],
      [ids.api, 'API bot', 'api', '2026-05-10T07:00:00.000Z', '2026-05-10T07:00:00.000Z', 'user', 'first conversation', '', '', '', '4'],
      [ids.api, 'API bot', 'api', '2026-05-10T07:00:00.000Z', '2026-05-10T07:00:01.000Z', 'assistant', "'-dash", 'error', '', '', '0'],
      [ids.main, support, 'widget', '2026-05-10T08:00:00.000Z', '2026-05-10T08:00:00.000Z', 'user', 'Hello, "world"\nsecond line', '', '', '', '5'],
      [
        ids.main,
        support,
        'widget',
        '2026-05-10T08:00:00.000Z',
        '2026-05-10T08:00:02.000Z',
        'assistant',
        '\'=HYPERLINK("http://evil.example","x")',
        'answered',
        '1',
        '1234',
        '12',
      ],
      [ids.main, support, 'widget', '2026-05-10T08:00:00.000Z', '2026-05-10T08:01:00.000Z', 'user', "'+1 555 0100", '', '', '', '6'],
      [ids.main, support, 'widget', '2026-05-10T08:00:00.000Z', '2026-05-10T08:01:01.000Z', 'assistant', "'@SUM(A1)", 'declined', '-1', '10', '3'],
    ]);

    const list = (await inject('GET', '/api/analytics/exports')).json();
    expect(list.items[0]).toMatchObject({ id: done.id, status: 'done' });
    expect(list.total).toBeGreaterThanOrEqual(1);
  });

  it('the daily report has one row per day (in the zone) and chatbot with activity; top questions list the period', async () => {
    const daily = await waitUntilDone(
      (await inject('POST', '/api/analytics/exports', { report: 'daily', from: '2026-05-09', to: '2026-05-12', tz: 'America/New_York' })).json().id,
    );
    expect(daily).toMatchObject({ status: 'done', rowsTotal: 4, rowsDone: 4, fileName: 'parley-daily-2026-05-09-to-2026-05-12.csv' });
    const rows = parseCsv((await inject('GET', `/api/analytics/exports/${daily.id}/download`)).body.slice(1));
    expect(rows).toEqual([
      [
        'date',
        'chatbot',
        'conversations',
        'questions',
        'answered',
        'declined',
        'handed_off',
        'errors',
        'answer_rate',
        'avg_latency_ms',
        'tokens',
        'thumbs_up',
        'thumbs_down',
      ],
      // 23:59 UTC on the 9th is 19:59 in New York: the late conversation and its answer are on the 9th.
      ['2026-05-09', 'API bot', '1', '1', '1', '0', '0', '0', '1', '100', '3', '0', '0'],
      ['2026-05-10', 'API bot', '1', '1', '0', '0', '0', '1', '0', '', '4', '0', '0'],
      ['2026-05-10', 'Support, "main"', '1', '2', '1', '1', '0', '0', '0.5', '622', '26', '1', '1'],
      ['2026-05-12', 'Support, "main"', '1', '0', '0', '0', '0', '0', '', '', '0', '0', '0'],
    ]);

    const oneBot = await waitUntilDone(
      (await inject('POST', '/api/analytics/exports', { report: 'daily', from: '2026-05-09', to: '2026-05-12', chatbotId: bots.support })).json().id,
    );
    expect(oneBot.fileName).toBe('parley-daily-support-main-2026-05-09-to-2026-05-12.csv');
    expect(oneBot.rowsTotal).toBe(2);

    const top = await waitUntilDone(
      (await inject('POST', '/api/analytics/exports', { report: 'top_questions', from: '2026-05-09', to: '2026-05-10' })).json().id,
    );
    const topRows = parseCsv((await inject('GET', `/api/analytics/exports/${top.id}/download`)).body.slice(1));
    expect(topRows[0]).toEqual(['question', 'asked', 'answered', 'last_asked_at']);
    expect(topRows.slice(1)).toEqual([
      ["'+1 555 0100", '1', '0', '2026-05-10T08:01:00.000Z'],
      ['Hello, "world"\nsecond line', '1', '1', '2026-05-10T08:00:00.000Z'],
      ['first conversation', '1', '0', '2026-05-10T07:00:00.000Z'],
      ['late question', '1', '1', '2026-05-09T23:59:00.000Z'],
    ]);
  });

  it('a download before the export is done is refused with 409; a deleted export is gone', async () => {
    const { db } = ctx().database;
    for (const status of ['queued', 'running', 'failed'] as const) {
      const [row] = await db
        .insert(analyticsExports)
        .values({ organizationId: owner.organizationId, report: 'daily', fromDate: '2026-05-10', toDate: '2026-05-10', fileName: 'x.csv', status })
        .returning();
      const response = await inject('GET', `/api/analytics/exports/${row!.id}/download`);
      expect(response.statusCode, status).toBe(409);
      expect(response.json().message).toBe('The export is not ready yet.');
      expect((await inject('DELETE', `/api/analytics/exports/${row!.id}`)).json()).toEqual({ ok: true });
      expect((await inject('GET', `/api/analytics/exports/${row!.id}`)).statusCode).toBe(404);
    }
  });

  it("a chatbot's exports go with it: a queued one is not built later for the whole organization", async () => {
    const c = ctx();
    const { db } = c.database;
    const { organizationId, chatbot } = await insertChatbotRows(db);
    const [queued] = await db
      .insert(analyticsExports)
      .values({ organizationId, chatbotId: chatbot.id, report: 'conversations', fromDate: '2026-05-10', toDate: '2026-05-10', fileName: 'support.csv' })
      .returning();
    const [whole] = await db
      .insert(analyticsExports)
      .values({ organizationId, report: 'conversations', fromDate: '2026-05-10', toDate: '2026-05-10', fileName: 'all.csv' })
      .returning();
    await db.delete(chatbots).where(eq(chatbots.id, chatbot.id));
    expect(await db.select().from(analyticsExports).where(eq(analyticsExports.id, queued!.id))).toEqual([]);
    expect(await runExport(depsFor(c), queued!.id, { isRetry: true, isLastAttempt: true })).toBe('skipped');
    expect(await db.select({ id: analyticsExports.id }).from(analyticsExports).where(eq(analyticsExports.id, whole!.id))).toHaveLength(1);
  });

  it('an export over the row limit fails at once with a message asking for a shorter period', async () => {
    const c = ctx();
    const [row] = await c.database.db
      .insert(analyticsExports)
      .values({ organizationId: owner.organizationId, report: 'conversations', fromDate: '2026-05-10', toDate: '2026-05-10', fileName: 'x.csv' })
      .returning();
    expect(await runExport(depsFor(c, { limits: { maxRows: 6 } }), row!.id, { isRetry: false, isLastAttempt: false })).toBe('failed');
    const failed = (await inject('GET', `/api/analytics/exports/${row!.id}`)).json();
    expect(failed).toMatchObject({ status: 'failed', rowsTotal: null });
    expect(failed.error).toBe('This export would have 7 rows; the limit is 6. Choose a shorter period or one chatbot.');
    // A duplicate job for it finds nothing to do.
    expect(await runExport(depsFor(c), row!.id, { isRetry: false, isLastAttempt: false })).toBe('skipped');
  });

  it('writes the file a part at a time and reads it back the same; a retry starts the parts afresh; an older single-value file still downloads', async () => {
    const c = ctx();
    const insert = async () =>
      (
        await c.database.db
          .insert(analyticsExports)
          .values({ organizationId: owner.organizationId, report: 'conversations', fromDate: '2026-05-10', toDate: '2026-05-10', fileName: 'x.csv' })
          .returning()
      )[0]!;
    const download = async (id: string) => (await inject('GET', `/api/analytics/exports/${id}/download`)).body;
    const partsOf = async (id: string) =>
      (await c.database.db.select().from(analyticsExportParts).where(eq(analyticsExportParts.exportId, id))).sort((a, b) => a.part - b.part);

    const whole = await insert();
    expect(await runExport(depsFor(c), whole.id, { isRetry: false, isLastAttempt: false })).toBe('done');
    expect(await partsOf(whole.id)).toHaveLength(1);
    const expected = await download(whole.id);
    expect(parseCsv(expected.slice(1))).toHaveLength(8);

    // Small parts (the report reads its rows in batches; a part ends with one): several parts, the same file.
    const parted = await insert();
    // A dead attempt's parts are left behind: the retry replaces them.
    await c.database.db.insert(analyticsExportParts).values({ exportId: parted.id, part: 7, content: 'stale' });
    expect(await runExport(depsFor(c, { limits: { partChars: 1 } }), parted.id, { isRetry: true, isLastAttempt: false })).toBe('done');
    const parts = await partsOf(parted.id);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.map((p) => p.part)).toEqual(parts.map((_, i) => i));
    expect(await download(parted.id)).toBe(expected);
    expect((await inject('GET', `/api/analytics/exports/${parted.id}`)).json().sizeBytes).toBe(Buffer.byteLength(expected));

    // Built before parts existed: the file is the export's one stored value.
    const legacy = await insert();
    await c.database.db
      .update(analyticsExports)
      .set({ status: 'done', content: expected.slice(1), sizeBytes: Buffer.byteLength(expected), rowsTotal: 7, rowsDone: 7, completedAt: new Date() })
      .where(eq(analyticsExports.id, legacy.id));
    expect(await download(legacy.id)).toBe(expected);
  });

  it('at most five exports are prepared at once per organization', async () => {
    const c = ctx();
    const busy = await createOwner(c);
    await c.database.db.insert(analyticsExports).values(
      Array.from({ length: 5 }, () => ({
        organizationId: busy.organizationId,
        report: 'daily' as const,
        fromDate: '2026-05-10',
        toDate: '2026-05-10',
        fileName: 'x.csv',
      })),
    );
    const refused = await inject('POST', '/api/analytics/exports', { report: 'daily', from: '2026-05-10', to: '2026-05-10' }, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('5 exports are already being prepared. Wait for one to finish, then try again.');
    expect(refused.headers['retry-after']).toBe('60');
    expect((await inject('POST', '/api/analytics/exports', { report: 'daily', from: '2026-05-10', to: '2026-05-10' })).statusCode).toBe(202);
  });
});
