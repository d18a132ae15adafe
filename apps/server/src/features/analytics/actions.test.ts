import type { ActionStats } from '@parley/shared/contracts/analytics';
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
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { createTeam, inOrganization } from '../../test/teams';

const servers = await startActionCallServers();
afterAll(() => servers.close());

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
const utcDate = (at: Date) => at.toISOString().slice(0, 10);
const PERIOD = `from=${utcDate(daysAgo(29))}&to=${utcDate(new Date())}&tz=UTC`;
const HTTP_500 = 'The action’s endpoint answered HTTP 500 Internal Server Error.';

describeEachDatabase(
  'analytics: the chatbots’ actions',
  (ctx) => {
    it('counts each action’s calls in the period, with success rate, average duration and last error, for members too', async () => {
      const c = ctx();
      const team = await createTeam(c);
      const owner = inOrganization(team.owner, team.organizationId);
      const member = inOrganization(team.member, team.organizationId);
      const shop = await createModelChatbot(c, owner, 'Shop');
      const store = await createModelChatbot(c, owner, 'Store');
      await createWebhookAction(c, owner, shop.id, { name: 'order_status', url: `${servers.endpointUrl}/ok` });
      await createWebhookAction(c, owner, store.id, { name: 'order_status', url: `${servers.endpointUrl}/fail` });

      // Visitors' turns in which the model called the actions: the shop's twice, the store's (failing) once.
      const turn = await askVisitor(c, shop.id);
      await askVisitor(c, shop.id);
      await askVisitor(c, store.id);
      // The owner's test chat is no visitor's: left out, as from every other figure.
      await askTestChat(c, owner, store.id);
      // An action deleted since keeps its name; a call before the period is not counted.
      const refund = await createWebhookAction(c, owner, shop.id, { name: 'refund', url: `${servers.endpointUrl}/ok` });
      await recordActionCalls(c, turn, [
        { actionId: refund.id, actionName: 'refund', durationMs: 200, at: daysAgo(3) },
        { actionId: refund.id, actionName: 'refund', durationMs: 400, at: daysAgo(2), error: 'The action’s endpoint answered HTTP 502.', httpStatus: 502 },
        { actionId: refund.id, actionName: 'refund', durationMs: 900, at: daysAgo(45), error: 'Too old to count.' },
      ]);
      expect((await c.app.inject({ method: 'DELETE', url: `/api/chatbots/${shop.id}/actions/${refund.id}`, headers: owner })).statusCode).toBe(200);

      // Another organization's calls never show.
      const stranger = { cookie: (await createSignedInUser(c)).cookie };
      const theirs = await createModelChatbot(c, stranger, 'Theirs');
      await createWebhookAction(c, stranger, theirs.id, { name: 'their_action', url: `${servers.endpointUrl}/ok` });
      await askVisitor(c, theirs.id);

      const read = async (headers: Record<string, string>, query = '') => {
        const response = await c.app.inject({ method: 'GET', url: `/api/analytics/actions?${PERIOD}${query}`, headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as ActionStats;
      };
      const stats = await read(member);
      expect(stats.totals).toMatchObject({ calls: 5, succeeded: 3 });
      expect(stats.totals.successRate).toBeCloseTo(3 / 5);
      expect(stats).toMatchObject({ total: 3, page: 1, pageSize: 10 });
      expect(stats.items.map((item) => [item.chatbotName, item.actionName, item.calls, item.succeeded, item.successRate])).toEqual([
        ['Shop', 'order_status', 2, 2, 1],
        ['Shop', 'refund', 2, 1, 0.5],
        ['Store', 'order_status', 1, 0, 0],
      ]);
      const [shopOrders, refunds, storeOrders] = stats.items;
      expect(shopOrders).toMatchObject({ chatbotId: shop.id, lastError: null, lastErrorAt: null });
      expect(shopOrders!.actionId).not.toBeNull();
      expect(refunds).toMatchObject({ actionId: null, avgDurationMs: 300, lastError: 'The action’s endpoint answered HTTP 502.' });
      expect(Date.parse(refunds!.lastErrorAt!)).toBeCloseTo(daysAgo(2).getTime(), -4);
      expect(storeOrders).toMatchObject({ chatbotId: store.id, lastError: HTTP_500 });
      expect(JSON.stringify(stats)).not.toContain('their_action');

      // A page at a time; one chatbot; the other organization sees only its own.
      const second = await read(member, '&page=2&pageSize=1');
      expect(second).toMatchObject({ total: 3, page: 2, pageSize: 1 });
      expect(second.items.map((item) => item.actionName)).toEqual(['refund']);
      const storeOnly = await read(owner, `&chatbotId=${store.id}`);
      expect(storeOnly.items.map((item) => item.chatbotName)).toEqual(['Store']);
      expect(storeOnly.totals).toMatchObject({ calls: 1, succeeded: 0, successRate: 0 });
      const theirStats = await read(stranger);
      expect(theirStats.items.map((item) => item.actionName)).toEqual(['their_action']);

      // Another organization's chatbot is not found; bad input is a clear 400.
      const foreign = await c.app.inject({ method: 'GET', url: `/api/analytics/actions?${PERIOD}&chatbotId=${theirs.id}`, headers: member });
      expect(foreign.statusCode).toBe(404);
      const backwards = await c.app.inject({ method: 'GET', url: `/api/analytics/actions?from=2026-12-02&to=2026-12-01`, headers: member });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().message).toContain('The period must start before it ends');
      const tooBig = await c.app.inject({ method: 'GET', url: `/api/analytics/actions?${PERIOD}&pageSize=51`, headers: member });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().message).toContain('pageSize must be at most 50');
    });

    it('answers an empty period with zeros, and nobody outside the organization', async () => {
      const c = ctx();
      const owner = { cookie: (await createSignedInUser(c)).cookie };
      const empty = await c.app.inject({ method: 'GET', url: `/api/analytics/actions?${PERIOD}`, headers: owner });
      expect(empty.json()).toEqual({ items: [], total: 0, page: 1, pageSize: 10, totals: { calls: 0, succeeded: 0, successRate: null, avgDurationMs: null } });
      expect((await c.app.inject({ method: 'GET', url: `/api/analytics/actions?${PERIOD}` })).statusCode).toBe(401);
    });
  },
  actionCallConfig(servers),
);
