import type { ActionCallLog } from '@parley/shared/contracts/webhooks';
import { afterAll, expect, it } from 'vitest';
import { chatbotActions } from '../../db/schema/index';
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

const URL_PATH = '/api/webhooks/action-calls';
const HTTP_500 = 'The action’s endpoint answered HTTP 500 Internal Server Error.';

describeEachDatabase(
  'the delivery log’s action calls',
  (ctx) => {
    it('lists the calls of the organization’s webhook actions, newest first, by chatbot and outcome, a page at a time', async () => {
      const c = ctx();
      const team = await createTeam(c);
      const owner = inOrganization(team.owner, team.organizationId);
      const admin = inOrganization(team.admin, team.organizationId);
      const shop = await createModelChatbot(c, owner, 'Shop');
      const store = await createModelChatbot(c, owner, 'Store');
      const orders = await createWebhookAction(c, owner, shop.id, { name: 'order_status', url: `${servers.endpointUrl}/ok` });
      await createWebhookAction(c, owner, store.id, { name: 'order_fail', url: `${servers.endpointUrl}/fail` });

      const visitor = await askVisitor(c, shop.id);
      await askVisitor(c, store.id);
      // The owner's test chat sends real requests too: they are in the log.
      await askTestChat(c, owner, shop.id);

      // Calls that are not webhook deliveries stay out: a built-in action's, and a deleted action's.
      const [contact] = await c.database.db
        .insert(chatbotActions)
        .values({
          organizationId: team.organizationId,
          chatbotId: shop.id,
          name: 'collect_contact',
          description: 'Keeps the contact.',
          kind: 'contact',
          parameters: { type: 'object' },
        })
        .returning({ id: chatbotActions.id });
      const gone = await createWebhookAction(c, owner, shop.id, { name: 'gone_soon', url: `${servers.endpointUrl}/ok` });
      await recordActionCalls(c, visitor, [
        { actionId: contact!.id, actionName: 'collect_contact', httpStatus: null },
        { actionId: gone.id, actionName: 'gone_soon' },
      ]);
      expect((await c.app.inject({ method: 'DELETE', url: `/api/chatbots/${shop.id}/actions/${gone.id}`, headers: owner })).statusCode).toBe(200);

      // Another organization's calls never appear.
      const stranger = { cookie: (await createSignedInUser(c)).cookie };
      const theirs = await createModelChatbot(c, stranger, 'Theirs');
      await createWebhookAction(c, stranger, theirs.id, { name: 'their_action', url: `${servers.endpointUrl}/ok` });
      await askVisitor(c, theirs.id);

      const read = async (headers: Record<string, string>, query = '') => {
        const response = await c.app.inject({ method: 'GET', url: `${URL_PATH}${query}`, headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as ActionCallLog;
      };
      const log = await read(admin);
      expect(log).toMatchObject({ total: 3, page: 1, pageSize: 20 });
      const host = new URL(servers.endpointUrl).host;
      expect(log.items.map((item) => [item.chatbotName, item.actionName, item.urlHost, item.httpStatus, item.succeeded, item.error])).toEqual([
        ['Shop', 'order_status', host, 200, true, null],
        ['Store', 'order_fail', host, 500, false, HTTP_500],
        ['Shop', 'order_status', host, 200, true, null],
      ]);
      expect(log.items[0]).toMatchObject({ chatbotId: shop.id, actionId: orders.id });
      for (const item of log.items) expect(item.durationMs).toBeGreaterThanOrEqual(0);
      expect(Date.parse(log.items[0]!.at)).toBeGreaterThanOrEqual(Date.parse(log.items[1]!.at));
      expect(JSON.stringify(log)).not.toContain('their_action');

      expect((await read(owner, '?outcome=failed')).items.map((item) => item.actionName)).toEqual(['order_fail']);
      expect((await read(owner, '?outcome=succeeded')).total).toBe(2);
      expect((await read(owner, `?chatbotId=${store.id}`)).items.map((item) => item.chatbotName)).toEqual(['Store']);
      expect((await read(owner, `?chatbotId=${store.id}&outcome=succeeded`)).items).toEqual([]);
      const second = await read(owner, '?page=2&pageSize=2');
      expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
      expect(second.items.map((item) => item.chatbotName)).toEqual(['Shop']);
      expect((await read(stranger)).items.map((item) => item.actionName)).toEqual(['their_action']);

      // Access as the webhooks' own delivery log: owners and admins; a member is refused, an outsider's chatbot unknown.
      const member = await c.app.inject({ method: 'GET', url: URL_PATH, headers: inOrganization(team.member, team.organizationId) });
      expect(member.statusCode).toBe(403);
      expect(member.json().message).toBe('Only owners and admins of this organization can do this.');
      expect((await c.app.inject({ method: 'GET', url: URL_PATH })).statusCode).toBe(401);
      const foreign = await c.app.inject({ method: 'GET', url: `${URL_PATH}?chatbotId=${theirs.id}`, headers: admin });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Chatbot not found.');
    });

    it('refuses a filter it does not know with a clear 400', async () => {
      const c = ctx();
      const owner = { cookie: (await createSignedInUser(c)).cookie };
      for (const [query, message] of [
        ['?outcome=maybe', 'outcome must be one of succeeded, failed'],
        ['?pageSize=101', 'pageSize must be at most 100'],
        ['?chatbotId=not-a-uuid', 'chatbotId'],
      ] as const) {
        const response = await c.app.inject({ method: 'GET', url: `${URL_PATH}${query}`, headers: owner });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message).toContain(message);
      }
    });
  },
  actionCallConfig(servers),
);
