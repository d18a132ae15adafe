import {
  WEBHOOK_CONFIGS_MAX,
  WEBHOOK_MESSAGES,
  type WebhookConfig,
  type WebhookConfigList,
  type WebhookConfigWithSecret,
  type WebhookDelivery,
  type WebhookDeliveryList,
} from '@parley/shared/contracts/webhooks';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminActivityLogs, organizationMembers, webhookConfigs } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { webhookSecretBox } from './signing';

const BASE = '/api/webhook-configs';
const STAFF = '/api/admin/webhook-configs';

async function organizationOf(c: TestContext, userId: string): Promise<string> {
  const [row] = await c.database.db.select().from(organizationMembers).where(eq(organizationMembers.userId, userId));
  return row!.organizationId;
}

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

describeEachDatabase(
  'webhook configurations: add, edit, delete, test, secrets, logs',
  (ctx) => {
    const call = (c: TestContext, cookie: string | undefined, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
      c.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

    it('adds a webhook with the spec’s defaults, shows its whsec_ secret once, keeps it sealed and lists it newest first', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const created = await call(c, owner.cookie, 'POST', BASE, { name: 'CRM', url: 'https://example.com/hooks' });
      expect(created.statusCode).toBe(201);
      const { webhook, secret } = created.json() as WebhookConfigWithSecret;
      expect(webhook).toMatchObject({
        name: 'CRM',
        url: 'https://example.com/hooks',
        eventTypes: ['bot.created', 'bot.updated'],
        isActive: true,
        retryCount: 3,
        timeoutSeconds: 30,
        headers: {},
        organizationId: await organizationOf(c, owner.userId),
        lastDelivery: null,
      });
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
      expect(webhook.secretHint).toBe(`whsec_…${secret.slice(-4)}`);

      // Sealed at rest: the row holds no plaintext, and opens to the secret with the server's key.
      const [row] = await c.database.db.select().from(webhookConfigs).where(eq(webhookConfigs.id, webhook.id));
      expect(row!.secretEncrypted).not.toContain(secret.slice(6, 20));
      expect(webhookSecretBox(c.config.secretKey).decrypt(row!.secretEncrypted)).toBe(secret);

      const second = (await call(c, owner.cookie, 'POST', BASE, { name: 'Second', url: 'https://example.org/in' })).json() as WebhookConfigWithSecret;
      const list = (await call(c, owner.cookie, 'GET', BASE)).json() as WebhookConfigList;
      expect(list.items.map((item) => item.id)).toEqual([second.webhook.id, webhook.id]);
      expect(JSON.stringify(list)).not.toContain(secret);
      expect(list.limits).toEqual({
        maxTimeoutSeconds: 30,
        maxRetryCount: 3,
        rateLimitPerMinute: 100,
        maxConfigurations: WEBHOOK_CONFIGS_MAX,
        disableAfterDays: 3,
      });
    });

    it('accepts a typed whsec_ secret and refuses anything else, without saving', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const typed = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
      const created = await call(c, owner.cookie, 'POST', BASE, { name: 'Typed', url: 'https://example.com/a', secret: typed });
      expect(created.statusCode).toBe(201);
      expect((created.json() as WebhookConfigWithSecret).secret).toBe(typed);

      for (const secret of ['my-token', 'whsec_short', `whsec_${Buffer.alloc(80).toString('base64')}`, 'whsec_not base64!!']) {
        const refused = await call(c, owner.cookie, 'POST', BASE, { name: 'Bad', url: 'https://example.com/b', secret });
        expect(refused.statusCode, secret).toBe(400);
        expect(refused.json().message).toContain('whsec_');
      }
      const list = (await call(c, owner.cookie, 'GET', BASE)).json() as WebhookConfigList;
      expect(list.items).toHaveLength(1);
    });

    it('validates as the spec says: name and URL required, retries 0–10, timeout 1–300, headers valid JSON', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const cases: [Record<string, unknown>, string][] = [
        [{ url: 'https://example.com' }, 'name'],
        [{ name: 'X' }, 'url'],
        [{ name: 'X', url: 'ftp://example.com' }, 'Webhook URL must be a valid http:// or https:// address'],
        [{ name: 'X', url: 'https://example.com', retryCount: 11 }, 'Retry count must be from 0 to 10'],
        [{ name: 'X', url: 'https://example.com', retryCount: -1 }, 'Retry count must be from 0 to 10'],
        [{ name: 'X', url: 'https://example.com', timeoutSeconds: 0 }, 'Timeout must be from 1 to 300'],
        [{ name: 'X', url: 'https://example.com', timeoutSeconds: 301 }, 'Timeout must be from 1 to 300'],
        [{ name: 'X', url: 'https://example.com', headers: '{"X-Token": ' }, WEBHOOK_MESSAGES.saveFailed],
        [{ name: 'X', url: 'https://example.com', headers: { 'X-Count': 3 } }, 'Header values must be text'],
        [{ name: 'X', url: 'https://example.com', headers: { 'webhook-signature': 'v1,forged' } }, 'set by the server'],
        // Node refuses to send such a value: saved, every delivery would fail as if the network had.
        [{ name: 'X', url: 'https://example.com', headers: { 'X-Quote': 'it’s' } }, 'may hold only plain characters'],
        [{ name: 'X', url: 'https://example.com', headers: { 'X-Bell': 'a\u0007b' } }, 'may hold only plain characters'],
        [{ name: 'X', url: 'https://example.com', eventTypes: [] }, 'Choose at least one event'],
        [{ name: 'X', url: 'https://example.com', eventTypes: ['bot.exploded'] }, 'Unknown event type'],
      ];
      for (const [payload, message] of cases) {
        const response = await call(c, owner.cookie, 'POST', BASE, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toContain(message);
      }
      // Headers typed as JSON text are accepted when they parse.
      const ok = await call(c, owner.cookie, 'POST', BASE, {
        name: 'Headers',
        url: 'https://example.com',
        headers: '{"Authorization":"Bearer abc"}',
        retryCount: 0,
        timeoutSeconds: 300,
      });
      expect(ok.statusCode).toBe(201);
      expect((ok.json() as WebhookConfigWithSecret).webhook).toMatchObject({ headers: { Authorization: 'Bearer abc' }, retryCount: 0, timeoutSeconds: 300 });
      expect(((await call(c, owner.cookie, 'GET', BASE)).json() as WebhookConfigList).items).toHaveLength(1);
    });

    it('edits and deletes; without a session the answer is "User not authenticated"; members and other organizations cannot', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const { webhook } = (await call(c, owner.cookie, 'POST', BASE, { name: 'CRM', url: 'https://example.com/h' })).json() as WebhookConfigWithSecret;

      for (const [method, url, payload] of [
        ['GET', BASE, undefined],
        ['POST', BASE, { name: 'x', url: 'https://example.com' }],
        ['PATCH', `${BASE}/${webhook.id}`, { name: 'y' }],
        ['DELETE', `${BASE}/${webhook.id}`, undefined],
      ] as const) {
        const anonymous = await call(c, undefined, method, url, payload);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().message).toBe(WEBHOOK_MESSAGES.notAuthenticated);
      }

      // A member of the organization may not manage its webhooks; another organization does not see them.
      const member = await createSignedInUser(c);
      await c.database.db.delete(organizationMembers).where(eq(organizationMembers.userId, member.userId));
      await c.database.db.insert(organizationMembers).values({ organizationId: webhook.organizationId!, userId: member.userId, role: 'member' });
      const refused = await call(c, member.cookie, 'GET', BASE);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only owners and admins of this organization can do this.');
      const stranger = await createSignedInUser(c);
      expect(((await call(c, stranger.cookie, 'GET', BASE)).json() as WebhookConfigList).items).toEqual([]);
      expect((await call(c, stranger.cookie, 'PATCH', `${BASE}/${webhook.id}`, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await call(c, stranger.cookie, 'DELETE', `${BASE}/${webhook.id}`)).statusCode).toBe(404);

      const edited = await call(c, owner.cookie, 'PATCH', `${BASE}/${webhook.id}`, {
        name: 'CRM (EU)',
        eventTypes: ['bot.deleted', 'message.created', 'bot.deleted'],
        isActive: false,
        retryCount: 5,
        timeoutSeconds: 10,
        headers: { 'X-Env': 'prod' },
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json() as WebhookConfig).toMatchObject({
        name: 'CRM (EU)',
        eventTypes: ['bot.deleted', 'message.created'],
        isActive: false,
        retryCount: 5,
        timeoutSeconds: 10,
        headers: { 'X-Env': 'prod' },
        secretHint: webhook.secretHint,
      });
      expect((await call(c, owner.cookie, 'PATCH', `${BASE}/${webhook.id}`, { headers: 'not json' })).json().message).toContain(WEBHOOK_MESSAGES.saveFailed);

      const deleted = await call(c, owner.cookie, 'DELETE', `${BASE}/${webhook.id}`);
      expect(deleted.json()).toEqual({ ok: true });
      expect((await call(c, owner.cookie, 'DELETE', `${BASE}/${webhook.id}`)).statusCode).toBe(404);
    });

    it('keeps at most 20 webhooks per organization', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      // This suite allows private addresses for its local receiver; the guard is tested in ssrf.test.ts.
      expect(c.config.fetch.allowPrivateNetworks).toBe(true);
      const limit = Array.from({ length: WEBHOOK_CONFIGS_MAX }, (_, i) => i);
      for (const i of limit) expect((await call(c, owner.cookie, 'POST', BASE, { name: `W${i}`, url: `https://example.com/${i}` })).statusCode).toBe(201);
      const over = await call(c, owner.cookie, 'POST', BASE, { name: 'One more', url: 'https://example.com/x' });
      expect(over.statusCode).toBe(409);
      expect(over.json().message).toBe(WEBHOOK_MESSAGES.tooMany);
    });

    it('Test sends a signed webhook.test now and logs it as a delivery; Resend queues the event again', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      receiver.answer(() => ({ status: 200, body: '{"received":true}' }));
      const { webhook } = (await call(c, owner.cookie, 'POST', BASE, { name: 'Local', url: receiver.url })).json() as WebhookConfigWithSecret;
      const before = receiver.received.length;
      const tested = await call(c, owner.cookie, 'POST', `${BASE}/${webhook.id}/test`);
      expect(tested.statusCode).toBe(200);
      const delivery = tested.json() as WebhookDelivery;
      expect(delivery).toMatchObject({
        eventType: 'webhook.test',
        status: 'succeeded',
        attempts: 1,
        statusCode: 200,
        responseExcerpt: '{"received":true}',
        error: null,
      });
      expect(delivery.latencyMs).toBeGreaterThanOrEqual(0);
      expect(receiver.received.length).toBe(before + 1);
      const got = receiver.received.at(-1)!;
      expect(got.headers['webhook-id']).toBe(delivery.eventId);
      expect(JSON.parse(got.body)).toMatchObject({ type: 'webhook.test', data: { webhookId: webhook.id, organizationId: webhook.organizationId } });

      // A failing test is logged too, with the answer, and changes nothing about the webhook.
      receiver.answer(() => ({ status: 500, body: 'boom' }));
      const failed = (await call(c, owner.cookie, 'POST', `${BASE}/${webhook.id}/test`)).json() as WebhookDelivery;
      expect(failed).toMatchObject({
        status: 'dead',
        statusCode: 500,
        responseExcerpt: 'boom',
        error: 'The endpoint answered HTTP 500 Internal Server Error.',
      });
      const listed = (await call(c, owner.cookie, 'GET', BASE)).json() as WebhookConfigList;
      expect(listed.items[0]).toMatchObject({
        isActive: true,
        failingSince: null,
        lastDelivery: { status: 'dead', eventType: 'webhook.test', statusCode: 500 },
      });

      const log = (await call(c, owner.cookie, 'GET', `${BASE}/${webhook.id}/deliveries?pageSize=1`)).json() as WebhookDeliveryList;
      expect(log).toMatchObject({ total: 2, page: 1, pageSize: 1 });
      expect(log.items[0]!.id).toBe(failed.id);
      const onlyDelivered = (await call(c, owner.cookie, 'GET', `${BASE}/${webhook.id}/deliveries?status=succeeded`)).json() as WebhookDeliveryList;
      expect(onlyDelivered.items.map((item) => item.id)).toEqual([delivery.id]);
      expect((await call(c, owner.cookie, 'GET', `${BASE}/${webhook.id}/deliveries?status=lost`)).statusCode).toBe(400);

      const resent = await call(c, owner.cookie, 'POST', `${BASE}/${webhook.id}/deliveries/${failed.id}/resend`);
      expect(resent.statusCode).toBe(201);
      expect(resent.json() as WebhookDelivery).toMatchObject({ eventId: failed.eventId, status: 'pending', attempts: 0 });
      expect((await call(c, owner.cookie, 'POST', `${BASE}/${webhook.id}/deliveries/999999999/resend`)).statusCode).toBe(404);
      expect((await call(c, owner.cookie, 'POST', `${BASE}/${webhook.id}/deliveries/abc/resend`)).statusCode).toBe(400);
      // Another organization cannot read the log or resend.
      const stranger = await createSignedInUser(c);
      expect((await call(c, stranger.cookie, 'GET', `${BASE}/${webhook.id}/deliveries`)).statusCode).toBe(404);
      expect((await call(c, stranger.cookie, 'POST', `${BASE}/${webhook.id}/test`)).statusCode).toBe(404);
    });

    it('rotates the secret: the new one is shown once, the previous one is kept for 24 hours', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const { webhook, secret } = (await call(c, owner.cookie, 'POST', BASE, { name: 'R', url: 'https://example.com/r' })).json() as WebhookConfigWithSecret;
      const rotated = await call(c, owner.cookie, 'POST', `${BASE}/${webhook.id}/rotate-secret`, {});
      expect(rotated.statusCode).toBe(200);
      const body = rotated.json() as WebhookConfigWithSecret;
      expect(body.secret).not.toBe(secret);
      expect(body.webhook.secretHint).toBe(`whsec_…${body.secret.slice(-4)}`);
      const expires = Date.parse(body.webhook.previousSecretExpiresAt!);
      expect(Math.abs(expires - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
      expect((await call(c, owner.cookie, 'POST', `${BASE}/${webhook.id}/rotate-secret`, { secret: 'nope' })).statusCode).toBe(400);
    });

    it('staff manage installation-wide webhooks from System Configuration (system_admin), and each change is in the activity log', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const developer = await createAdmin(c, 'developer');
      expect((await call(c, developer.cookie, 'GET', STAFF)).statusCode).toBe(403);
      const customer = await createSignedInUser(c);
      expect((await call(c, customer.cookie, 'GET', STAFF)).statusCode).toBe(403);
      const anonymous = await call(c, undefined, 'POST', STAFF, { name: 'x', url: 'https://example.com' });
      expect(anonymous.json().message).toBe(WEBHOOK_MESSAGES.notAuthenticated);

      const created = await call(c, admin.cookie, 'POST', STAFF, { name: 'Ops', url: 'https://ops.example.com/parley', eventTypes: ['bot.created'] });
      expect(created.statusCode).toBe(201);
      const { webhook } = created.json() as WebhookConfigWithSecret;
      expect(webhook.organizationId).toBeNull();
      // The staff list holds installation-wide webhooks only; customers never see them.
      expect(((await call(c, admin.cookie, 'GET', STAFF)).json() as WebhookConfigList).items.map((w) => w.id)).toContain(webhook.id);
      expect(((await call(c, customer.cookie, 'GET', BASE)).json() as WebhookConfigList).items).toEqual([]);
      expect((await call(c, customer.cookie, 'PATCH', `${BASE}/${webhook.id}`, { name: 'x' })).statusCode).toBe(404);

      await call(c, admin.cookie, 'PATCH', `${STAFF}/${webhook.id}`, { name: 'Ops 2' });
      await call(c, admin.cookie, 'DELETE', `${STAFF}/${webhook.id}`);
      const logged = await c.database.db
        .select({ action: adminActivityLogs.action })
        .from(adminActivityLogs)
        .where(and(eq(adminActivityLogs.resourceType, 'webhook_config'), eq(adminActivityLogs.resourceId, webhook.id)));
      expect(logged.map((row) => row.action).sort()).toEqual(['webhook_config_created', 'webhook_config_deleted', 'webhook_config_updated']);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
);
