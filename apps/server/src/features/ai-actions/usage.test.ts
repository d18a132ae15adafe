import type { ActionAnalytics } from '@parley/shared/contracts/ai-actions';
import { afterAll, expect, it } from 'vitest';
import {
  actionCallConfig,
  askTestChat,
  askVisitor,
  createModelChatbot,
  createWebhookAction,
  recordActionCalls,
  startActionCallServers,
} from '../../test/action-calls';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';

const servers = await startActionCallServers();
afterAll(() => servers.close());

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const utcDate = (at: Date) => at.toISOString().slice(0, 10);

describeEachDatabase(
  'custom actions analytics: the calls chatbots made',
  (ctx) => {
    it('counts every organization’s calls by template, kind and day, with success rates and durations, beside the template counts', async () => {
      const c = ctx();
      const developer = { cookie: (await createAdmin(c, 'developer')).cookie };
      const template = async (name: string) => {
        const created = await c.app.inject({
          method: 'POST',
          url: '/api/admin/ai-actions/templates',
          headers: developer,
          payload: { name, actionType: 'webhook' },
        });
        expect(created.statusCode, created.body).toBe(201);
        return (created.json() as { id: string }).id;
      };
      const orderLookup = await template('Order lookup');
      const unused = await template('Unused template');

      // Two organizations, each with a chatbot whose action was made from the catalogue's Order lookup.
      const first = { cookie: (await createSignedInUser(c)).cookie };
      const second = { cookie: (await createSignedInUser(c)).cookie };
      const shop = await createModelChatbot(c, first, 'Shop');
      const store = await createModelChatbot(c, second, 'Store');
      await createWebhookAction(c, first, shop.id, { name: 'order_status', url: `${servers.endpointUrl}/ok`, templateId: orderLookup });
      await createWebhookAction(c, second, store.id, { name: 'order_status', url: `${servers.endpointUrl}/fail`, templateId: orderLookup });

      // Visitors' turns: the model calls each action once; one endpoint answers, the other fails.
      const answered = await askVisitor(c, shop.id);
      expect(answered.text).toBe('Result: {"status":"shipped"}');
      await askVisitor(c, store.id);
      // The owner's test chat calls the action too, but is no visitor's: analytics leave it out.
      expect((await askTestChat(c, first, shop.id)).text).toBe('Result: {"status":"shipped"}');

      // The shop's own action, recorded on earlier days with set durations: 5 calls in the last 30 days, 1 before.
      const own = await createWebhookAction(c, first, shop.id, { name: 'own_lookup', url: `${servers.endpointUrl}/ok` });
      const ownCall = { actionId: own.id, actionName: 'own_lookup' };
      await recordActionCalls(c, answered, [
        { ...ownCall, durationMs: 100, at: daysAgo(3) },
        { ...ownCall, durationMs: 200, at: daysAgo(3) },
        { ...ownCall, durationMs: 300, at: daysAgo(3), error: 'The action’s endpoint answered HTTP 502.', httpStatus: 502 },
        { ...ownCall, durationMs: 400, at: daysAgo(10) },
        { ...ownCall, durationMs: 1000, at: daysAgo(10) },
        { ...ownCall, durationMs: 50, at: daysAgo(40) },
      ]);
      // An action deleted since: its calls stay, with the kind they were made by but without a template.
      const temporary = await createWebhookAction(c, first, shop.id, { name: 'temporary', url: `${servers.endpointUrl}/ok` });
      await recordActionCalls(c, answered, [{ actionId: temporary.id, actionName: 'temporary', durationMs: 70, at: daysAgo(1) }]);
      const deleted = await c.app.inject({ method: 'DELETE', url: `/api/chatbots/${shop.id}/actions/${temporary.id}`, headers: first });
      expect(deleted.statusCode).toBe(200);

      const read = async (query = '') => {
        const response = await c.app.inject({ method: 'GET', url: `/api/admin/ai-actions/analytics${query}`, headers: developer });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as ActionAnalytics;
      };
      const analytics = await read();
      // The template counts are as they were.
      expect(analytics).toMatchObject({ total: 2, active: 2, featured: 0 });
      const { usage } = analytics;
      expect(usage.period).toEqual({ from: utcDate(daysAgo(29)), to: utcDate(new Date()), days: 30 });
      expect(usage.totals).toMatchObject({ calls: 8, succeeded: 6, failed: 2, chatbotsWithActions: 2, chatbotsCalling: 2 });
      expect(usage.totals.successRate).toBeCloseTo(6 / 8);

      const [lookupRow, unusedRow, ownRow, deletedRow, ...rest] = usage.byTemplate;
      expect(rest).toEqual([]);
      expect(lookupRow).toMatchObject({
        source: 'template',
        templateId: orderLookup,
        name: 'Order lookup',
        isActive: true,
        actions: 2,
        chatbots: 2,
        calls: 2,
        succeeded: 1,
        failed: 1,
        successRate: 0.5,
      });
      expect(unusedRow).toEqual({
        source: 'template',
        templateId: unused,
        name: 'Unused template',
        isActive: true,
        actions: 0,
        chatbots: 0,
        calls: 0,
        succeeded: 0,
        failed: 0,
        successRate: null,
        avgDurationMs: null,
        p95DurationMs: null,
      });
      // 100, 200, 300, 400, 1000 ms: the average 400, the 95th percentile (interpolated) 880.
      expect(ownRow).toEqual({
        source: 'own',
        templateId: null,
        name: 'Own actions',
        isActive: null,
        actions: 1,
        chatbots: 1,
        calls: 5,
        succeeded: 4,
        failed: 1,
        successRate: 0.8,
        avgDurationMs: 400,
        p95DurationMs: 880,
      });
      expect(deletedRow).toMatchObject({ source: 'deleted', name: 'Deleted actions', calls: 1, succeeded: 1, avgDurationMs: 70 });

      // The deleted action's call counts under the kind it was made by (kept with the call, migration 0037).
      expect(usage.byKind.find((row) => row.kind === 'webhook')).toMatchObject({ calls: 8, succeeded: 6, failed: 2 });
      expect(usage.byKind.find((row) => row.kind === 'mcp')).toMatchObject({ calls: 0, successRate: null });
      expect(usage.byKind.find((row) => row.kind === null)).toBeUndefined();

      expect(usage.daily).toHaveLength(30);
      const day = (at: Date) => usage.daily.find((entry) => entry.date === utcDate(at));
      expect(day(new Date())).toEqual({ date: utcDate(new Date()), calls: 2, failed: 1 });
      expect(day(daysAgo(3))).toEqual({ date: utcDate(daysAgo(3)), calls: 3, failed: 1 });
      expect(day(daysAgo(10))).toMatchObject({ calls: 2, failed: 0 });
      expect(usage.daily.reduce((sum, entry) => sum + entry.calls, 0)).toBe(8);

      // The period: a week leaves out the calls of ten days ago; ninety days take in the one of forty days ago.
      expect((await read('?days=7')).usage.totals.calls).toBe(6);
      const quarter = (await read('?days=90')).usage;
      expect(quarter.totals.calls).toBe(9);
      expect(quarter.daily).toHaveLength(90);
      expect(quarter.byTemplate.find((row) => row.source === 'own')?.calls).toBe(6);
    });

    it('refuses a period it does not offer with a clear 400', async () => {
      const c = ctx();
      const developer = { cookie: (await createAdmin(c, 'developer')).cookie };
      for (const days of ['12', 'abc', '-1']) {
        const response = await c.app.inject({ method: 'GET', url: `/api/admin/ai-actions/analytics?days=${days}`, headers: developer });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain('days must be one of 7, 30, 90');
      }
    });
  },
  actionCallConfig(servers),
);
