import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { analyticsExports, analyticsExportSchedules, emailOutbox } from '../../db/schema/index';
import { createMailer, type Mailer } from '../../providers/email/mailer';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { runExport, type ExportDeps } from './export-job';
import { runSchedulerTick } from './schedules';
import { createBot, createOwner, seedConversation, seedExportData, type Owner } from './test-fixtures';

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

describeEachDatabase('scheduled analytics exports', (ctx) => {
  let owner: Owner;
  const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, who: Owner = owner) =>
    ctx().app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ({ owner } = await seedExportData(ctx()));
  });

  it('a schedule runs exactly once when two schedulers tick together, and its report is e-mailed with the CSV attached', async () => {
    const c = ctx();
    const { db } = c.database;
    const created = await inject('POST', '/api/analytics/export-schedules', {
      report: 'conversations',
      frequency: 'daily',
      tz: 'Europe/Amsterdam',
      recipients: ['first@example.com', 'Second@Example.com', 'first@example.com'],
    });
    expect(created.statusCode).toBe(201);
    const schedule = created.json();
    expect(schedule).toMatchObject({ frequency: 'daily', tz: 'Europe/Amsterdam', recipients: ['first@example.com', 'second@example.com'], isActive: true });
    const next = new Date(schedule.nextRunAt);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Amsterdam', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('06:00');
    expect((await inject('GET', '/api/analytics/export-schedules')).json().items).toEqual([schedule]);

    // Due: 06:00 on 11 May in Amsterdam, so it reports 10 May (local).
    await db
      .update(analyticsExportSchedules)
      .set({ nextRunAt: new Date('2026-05-11T04:00:00Z') })
      .where(eq(analyticsExportSchedules.id, schedule.id));
    const deps = depsFor(c);
    const ticks = await Promise.all([runSchedulerTick(deps), runSchedulerTick(deps)]);
    expect(ticks.flatMap((t) => t.created)).toHaveLength(1);
    expect((await runSchedulerTick(deps)).created).toEqual([]);

    const runs = await db.select().from(analyticsExports).where(eq(analyticsExports.scheduleId, schedule.id));
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run).toMatchObject({
      report: 'conversations',
      fromDate: '2026-05-10',
      toDate: '2026-05-10',
      timezone: 'Europe/Amsterdam',
      recipients: ['first@example.com', 'second@example.com'],
      fileName: 'parley-conversations-2026-05-10-to-2026-05-10.csv',
    });
    const [advanced] = await db.select().from(analyticsExportSchedules).where(eq(analyticsExportSchedules.id, schedule.id));
    expect(advanced!.lastRunAt).not.toBeNull();
    expect(advanced!.nextRunAt.getTime()).toBeGreaterThan(Date.now());

    await expect
      .poll(async () => (await db.select().from(analyticsExports).where(eq(analyticsExports.id, run.id)))[0]?.emailedAt ?? null, { timeout: 15_000 })
      .not.toBeNull();
    const done = (await inject('GET', `/api/analytics/exports/${run.id}`)).json();
    // In Amsterdam, 10 May is 22:00 UTC on the 9th to 22:00 UTC on the 10th: the late question is in too.
    expect(done).toMatchObject({ status: 'done', scheduled: true, rowsTotal: 8, rowsDone: 8 });
    const csv = (await inject('GET', `/api/analytics/exports/${run.id}/download`)).body;
    for (const to of ['first@example.com', 'second@example.com']) {
      const mails = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, 'analytics_report')));
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toBe('Parley report: Conversations, 2026-05-10');
      expect(mail.textBody).toContain(`${c.config.publicUrl}/dashboard?export=${run.id}`);
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({ filename: run.fileName, contentType: 'text/csv; charset=utf-8' });
      expect(Buffer.from(mail.attachments[0]!.contentBase64, 'base64').toString('utf8')).toBe(csv);
    }

    // Paused, a due schedule does not run; resumed, it runs at its next time from now.
    await db
      .update(analyticsExportSchedules)
      .set({ nextRunAt: new Date('2026-05-12T04:00:00Z') })
      .where(eq(analyticsExportSchedules.id, schedule.id));
    const paused = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/analytics/export-schedules/${schedule.id}`,
      headers: { cookie: owner.cookie },
      payload: { isActive: false },
    });
    expect(paused.json()).toMatchObject({ isActive: false, nextRunAt: '2026-05-12T04:00:00.000Z' });
    expect((await runSchedulerTick(deps)).created).toEqual([]);
    const resumed = await ctx().app.inject({
      method: 'PATCH',
      url: `/api/analytics/export-schedules/${schedule.id}`,
      headers: { cookie: owner.cookie },
      payload: { isActive: true },
    });
    expect(new Date(resumed.json().nextRunAt).getTime()).toBeGreaterThan(Date.now());
    expect((await runSchedulerTick(deps)).created).toEqual([]);
    expect((await inject('DELETE', `/api/analytics/export-schedules/${schedule.id}`)).json()).toEqual({ ok: true });
    expect((await inject('GET', '/api/analytics/export-schedules')).json().items).toEqual([]);
    // Its exports stay.
    expect((await inject('GET', `/api/analytics/exports/${run.id}`)).json()).toMatchObject({ status: 'done', scheduled: false });
  });

  it('a failed e-mail is retried for the recipients who did not get it, and emailed_at waits for all of them', async () => {
    const c = ctx();
    const { db } = c.database;
    const real = createMailer(c.config, db, c.app.log);
    const flaky: Mailer = {
      transport: 'smtp',
      send: async (message) => (message.to === 'down@example.com' ? { id: 'none', status: 'failed' } : real.send(message)),
    };
    const [row] = await db
      .insert(analyticsExports)
      .values({
        organizationId: owner.organizationId,
        report: 'daily',
        fromDate: '2026-05-10',
        toDate: '2026-05-10',
        fileName: 'retry.csv',
        recipients: ['up@example.com', 'down@example.com'],
      })
      .returning();
    await expect(runExport(depsFor(c, { mailer: flaky }), row!.id, { isRetry: false, isLastAttempt: false })).rejects.toThrow(/1 of 2 recipients/);
    const [afterFailure] = await db.select().from(analyticsExports).where(eq(analyticsExports.id, row!.id));
    expect(afterFailure).toMatchObject({ status: 'done', emailedAt: null });
    // A duplicate first attempt leaves it to the retry.
    expect(await runExport(depsFor(c), row!.id, { isRetry: false, isLastAttempt: false })).toBe('skipped');
    expect(await runExport(depsFor(c), row!.id, { isRetry: true, isLastAttempt: false })).toBe('emailed');
    const sent = await db
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'analytics_report'))
      .orderBy(asc(emailOutbox.toAddress));
    expect(sent.filter((m) => m.to === 'up@example.com' || m.to === 'down@example.com')).toEqual([{ to: 'down@example.com' }, { to: 'up@example.com' }]);
    const [afterRetry] = await db.select().from(analyticsExports).where(eq(analyticsExports.id, row!.id));
    expect(afterRetry!.emailedAt).not.toBeNull();
    expect(await runExport(depsFor(c), row!.id, { isRetry: true, isLastAttempt: true })).toBe('skipped');
  });

  it('a report too large to attach is linked instead', async () => {
    const c = ctx();
    const { db } = c.database;
    const [row] = await db
      .insert(analyticsExports)
      .values({
        organizationId: owner.organizationId,
        report: 'daily',
        fromDate: '2026-05-10',
        toDate: '2026-05-10',
        fileName: 'big.csv',
        recipients: ['big@example.com'],
      })
      .returning();
    expect(await runExport(depsFor(c, { limits: { attachmentMaxBytes: 10 } }), row!.id, { isRetry: false, isLastAttempt: true })).toBe('done');
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'big@example.com'));
    expect(mail!.attachments).toEqual([]);
    expect(mail!.textBody).toContain('too large to attach');
    expect(mail!.textBody).toContain(`${c.config.publicUrl}/dashboard?export=${row!.id}`);
  });
});

describeEachDatabase(
  'analytics exports as durable jobs',
  (ctx) => {
    it('a requested export is built by the worker, and one left queued by a crash is enqueued again', async () => {
      const c = ctx();
      expect(c.app.jobs).not.toBeNull();
      const owner = await createOwner(c);
      const bot = await createBot(c, owner, 'Queued bot');
      await seedConversation(c.database.db, {
        organizationId: owner.organizationId,
        chatbotId: bot,
        channel: 'widget',
        startedAt: '2026-05-10T10:00:00Z',
        messages: [
          { role: 'user', at: '2026-05-10T10:00:00Z', content: 'q' },
          { role: 'assistant', at: '2026-05-10T10:00:01Z', content: 'a', outcome: 'answered' },
        ],
      });
      const get = async (id: string) => (await c.app.inject({ method: 'GET', url: `/api/analytics/exports/${id}`, headers: { cookie: owner.cookie } })).json();
      const created = await c.app.inject({
        method: 'POST',
        url: '/api/analytics/exports',
        headers: { cookie: owner.cookie },
        payload: { report: 'conversations', from: '2026-05-10', to: '2026-05-10' },
      });
      expect(created.statusCode).toBe(202);
      await expect.poll(async () => (await get(created.json().id)).status, { timeout: 30_000, interval: 500 }).toBe('done');
      expect(await get(created.json().id)).toMatchObject({ rowsTotal: 2, rowsDone: 2 });

      // Committed but never enqueued (the process died in between), three minutes ago.
      const [orphan] = await c.database.db
        .insert(analyticsExports)
        .values({
          organizationId: owner.organizationId,
          report: 'conversations',
          fromDate: '2026-05-10',
          toDate: '2026-05-10',
          fileName: 'orphan.csv',
          createdAt: new Date(Date.now() - 3 * 60_000),
        })
        .returning();
      const deps = depsFor(c, { jobs: c.app.jobs });
      expect((await runSchedulerTick(deps)).requeued).toContain(orphan!.id);
      // Its job now exists: the next tick leaves it alone.
      expect((await runSchedulerTick(deps)).requeued).not.toContain(orphan!.id);
      await expect.poll(async () => (await get(orphan!.id)).status, { timeout: 30_000, interval: 500 }).toBe('done');
    });
  },
  {},
  { startBackgroundWork: true },
);
