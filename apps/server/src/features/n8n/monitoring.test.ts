import { expect, it } from 'vitest';
import { n8nDocumentHandoffs } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase, type TestContext } from '../../test/harness';
import { saveN8nSettings } from './__fixtures__/setup';
import { recordN8nRequest, type N8nRequestRecord } from './requests';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Records as Parley writes them (the same function as real calls), at chosen times in the past. */
async function record(c: TestContext, agoMs: number, fields: Partial<N8nRequestRecord> & Pick<N8nRequestRecord, 'status' | 'durationMs'>) {
  await c.database.db.transaction((tx) =>
    recordN8nRequest(tx, {
      kind: 'ingestion',
      method: 'POST',
      url: 'https://n8n.example.com/webhook/parley/ingest',
      startedAt: new Date(Date.now() - agoMs),
      httpStatus: fields.status === 'success' ? 200 : 500,
      error: fields.status === 'success' ? null : 'HTTP 500: Internal Server Error',
      ...fields,
    }),
  );
}

describeEachDatabase('n8n monitoring figures from recorded requests', (ctx) => {
  it('computes executions, success rate, average response time, errors and throughput exactly for 1h, 24h, 7d and 30d, overall and per workflow', async () => {
    const c = ctx();
    const dev = await createAdmin(c, 'developer');
    const post = (payload: Record<string, unknown>) =>
      c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie }, payload });
    const a = (await post({ name: 'Alpha' })).json().id as string;
    const b = (await post({ name: 'Beta' })).json().id as string;
    await c.app.inject({ method: 'PATCH', url: `/api/admin/n8n/workflows/${a}`, headers: { cookie: dev.cookie }, payload: { status: 'active' } });
    const endpoint = (
      await c.app.inject({ method: 'POST', url: '/api/admin/n8n/webhooks', headers: { cookie: dev.cookie }, payload: { endpointPath: '/a', workflowId: a } })
    ).json().id as string;

    await record(c, 30 * MINUTE, { status: 'success', durationMs: 100, workflowId: a, endpointId: endpoint, kind: 'webhook_test' });
    await record(c, 2 * HOUR, { status: 'error', durationMs: 300, workflowId: a });
    await record(c, 3 * DAY, { status: 'success', durationMs: 500, workflowId: b });
    await record(c, 20 * DAY, { status: 'error', durationMs: 1000 });
    await record(c, 40 * DAY, { status: 'success', durationMs: 9 });
    // Connection tests are listed as activity but are not workflow executions.
    await record(c, 10 * MINUTE, { status: 'success', durationMs: 7, kind: 'connection_test', url: 'https://n8n.example.com/healthz', method: 'GET' });

    const monitoring = async (range: string) => {
      const response = await c.app.inject({ method: 'GET', url: `/api/admin/n8n/monitoring?range=${range}`, headers: { cookie: dev.cookie } });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const expected = {
      '1h': { executions: 1, successes: 1, errors: 0, successRate: 100, errorRate: 0, avgResponseTimeMs: 100, throughputPerHour: 1 },
      '24h': { executions: 2, successes: 1, errors: 1, successRate: 50, errorRate: 50, avgResponseTimeMs: 200, throughputPerHour: 0.08 },
      '7d': { executions: 3, successes: 2, errors: 1, successRate: 66.7, errorRate: 33.3, avgResponseTimeMs: 300, throughputPerHour: 0.02 },
      '30d': { executions: 4, successes: 2, errors: 2, successRate: 50, errorRate: 50, avgResponseTimeMs: 475, throughputPerHour: 0.01 },
    };
    for (const [range, figures] of Object.entries(expected)) {
      const result = await monitoring(range);
      expect(result.overall, range).toEqual(figures);
      expect(new Date(result.to).getTime() - new Date(result.from).getTime()).toBe({ '1h': HOUR, '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY }[range]);
    }

    const day = await monitoring('24h');
    const byName = (list: { name: string }[], name: string) => list.find((w) => w.name === name);
    expect(byName(day.workflows, 'Alpha')).toMatchObject({
      status: 'active',
      executions: 2,
      errors: 1,
      successRate: 50,
      avgResponseTimeMs: 200,
      health: 'critical',
    });
    expect(byName(day.workflows, 'Beta')).toMatchObject({ status: 'inactive', executions: 0, successRate: null, avgResponseTimeMs: null, health: null });
    expect(day.overallHealth).toBe('critical');
    const week = await monitoring('7d');
    expect(byName(week.workflows, 'Beta')).toMatchObject({ executions: 1, successRate: 100, avgResponseTimeMs: 500, health: 'healthy' });
    expect((await monitoring('30d')).unassigned).toMatchObject({ executions: 1, errors: 1, avgResponseTimeMs: 1000 });

    // The counts the spec keeps on the rows: executions per workflow, requests per endpoint.
    expect(day.cards).toEqual({ activeWorkflows: 1, totalWorkflows: 2, totalExecutions: 3, webhookRequests: 1 });
    expect(day.recent.map((r: { kind: string; durationMs: number }) => [r.kind, r.durationMs])).toEqual([
      ['connection_test', 7],
      ['webhook_test', 100],
      ['ingestion', 300],
      ['ingestion', 500],
      ['ingestion', 1000],
      ['ingestion', 9],
    ]);
    expect(day.recent[1]).toMatchObject({ workflowName: 'Alpha', endpointName: 'Unnamed Endpoint', status: 'success' });
    expect(day.recent[4]).toMatchObject({ workflowName: null, endpointName: null, error: 'HTTP 500: Internal Server Error', httpStatus: 500 });

    expect((await c.app.inject({ method: 'GET', url: '/api/admin/n8n/monitoring?range=2d', headers: { cookie: dev.cookie } })).statusCode).toBe(400);
  });

  it('judges health with the thresholds of the advanced settings: error rate → critical, response time → warning; none with monitoring off', async () => {
    const c = ctx();
    const dev = await createAdmin(c, 'developer');
    const id = (await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie }, payload: { name: 'Gamma' } })).json()
      .id as string;
    // 10 executions in the last hour: 1 error (10 %), average 600 ms.
    for (let i = 0; i < 10; i += 1) await record(c, (i + 1) * MINUTE, { status: i === 0 ? 'error' : 'success', durationMs: 600, workflowId: id });
    const health = async () =>
      (
        (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/monitoring?range=1h', headers: { cookie: dev.cookie } })).json().workflows as {
          workflowId: string;
          health: string | null;
        }[]
      ).find((w) => w.workflowId === id)!.health;

    expect(await health()).toBe('healthy'); // 10 % is not above the default 10 %; 600 ms is under 5000 ms
    await saveN8nSettings(c, dev.cookie, { alertThresholdResponseTime: 500 });
    expect(await health()).toBe('warning');
    await saveN8nSettings(c, dev.cookie, { alertThresholdErrorRate: 9 });
    expect(await health()).toBe('critical');
    await saveN8nSettings(c, dev.cookie, { performanceMonitoringEnabled: false });
    expect(await health()).toBeNull();
    const response = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/monitoring?range=1h', headers: { cookie: dev.cookie } })).json();
    expect(response).toMatchObject({ monitoringEnabled: false, overallHealth: null, thresholds: { errorRate: 9, responseTimeMs: 500, autoFallback: 85 } });
    await saveN8nSettings(c, dev.cookie, { performanceMonitoringEnabled: true, alertThresholdErrorRate: 10, alertThresholdResponseTime: 5000 });
  });

  it('shows auto fallback active while the documents n8n made the chunks of are under the threshold, since when, and when n8n is tried again', async () => {
    const c = ctx();
    const dev = await createAdmin(c, 'developer');
    await c.database.db.delete(n8nDocumentHandoffs);
    const state = async () =>
      (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/monitoring?range=1h', headers: { cookie: dev.cookie } })).json().autoFallback;
    const handoff = async (minutesAgo: number, outcome: 'n8n' | 'fallback', sentToN8n = true) => {
      const at = new Date(Date.now() - minutesAgo * MINUTE);
      await c.database.db.insert(n8nDocumentHandoffs).values({ sourceVersion: 1, documentName: `doc ${minutesAgo}`, outcome, sentToN8n, decidedAt: at });
      return at;
    };
    const first = await handoff(10, 'fallback');
    for (const minutesAgo of [8, 6, 4]) await handoff(minutesAgo, 'fallback');
    // Documents auto fallback itself kept from n8n are not n8n's failures.
    await handoff(3, 'fallback', false);
    expect(await state()).toEqual({
      active: false,
      recentSuccessRate: 0,
      recentDocuments: 4,
      recentSuccesses: 0,
      windowMinutes: 15,
      since: null,
      retryAt: null,
    });
    const tipping = await handoff(2, 'n8n');
    // 1 of 5 (20 %) is under 85 %: n8n is skipped from the fifth document on, until the oldest leaves the window.
    expect(await state()).toEqual({
      active: true,
      recentSuccessRate: 20,
      recentDocuments: 5,
      recentSuccesses: 1,
      windowMinutes: 15,
      since: tipping.toISOString(),
      retryAt: new Date(first.getTime() + 15 * MINUTE).toISOString(),
    });
    // Older than the window: forgotten.
    await c.database.db.update(n8nDocumentHandoffs).set({ decidedAt: new Date(Date.now() - 16 * MINUTE) });
    expect(await state()).toMatchObject({ active: false, recentDocuments: 0, recentSuccessRate: null, since: null, retryAt: null });
  });
});
