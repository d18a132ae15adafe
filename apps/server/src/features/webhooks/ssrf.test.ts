import { WEBHOOK_MESSAGES, type WebhookConfigWithSecret, type WebhookDelivery } from '@parley/shared/contracts/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationMembers, webhookDeliveries } from '../../db/schema/index';
import type { ResolveHost } from '../../lib/safe-request';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { runDueWebhookDeliveries } from './delivery';
import { emitWebhookEvent } from './events';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());

/** A DNS where every name under .example.test points into a private network. */
const privateDns: ResolveHost = async (hostname) => (hostname.endsWith('.example.test') ? [{ address: '10.20.30.40', family: 4 }] : []);

// ALLOW_PRIVATE_FETCH is off here, as in production.
describeEachDatabase('webhooks never reach private, loopback or link-local addresses', (ctx) => {
  it('refuses loopback, link-local (cloud metadata) and IPv6 loopback addresses when a webhook is saved', async () => {
    const c = ctx();
    expect(c.config.fetch.allowPrivateNetworks).toBe(false);
    const owner = await createSignedInUser(c);
    for (const url of [
      'http://127.0.0.1/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/hook',
      'http://10.0.0.8/hook',
      'http://[::ffff:7f00:1]/hook',
    ]) {
      const response = await c.app.inject({
        method: 'POST',
        url: '/api/webhook-configs',
        headers: { cookie: owner.cookie },
        payload: { name: 'Internal', url },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(WEBHOOK_MESSAGES.privateAddress);
    }
    const created = await c.app.inject({
      method: 'POST',
      url: '/api/webhook-configs',
      headers: { cookie: owner.cookie },
      payload: { name: 'Ok', url: 'https://hooks.example.com/in' },
    });
    const { webhook } = created.json() as WebhookConfigWithSecret;
    const moved = await c.app.inject({
      method: 'PATCH',
      url: `/api/webhook-configs/${webhook.id}`,
      headers: { cookie: owner.cookie },
      payload: { url: 'http://169.254.169.254/' },
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(WEBHOOK_MESSAGES.privateAddress);
  });

  it('a host name that resolves to a private address is refused when it is sent, before anything is sent', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const [membership] = await c.database.db.select().from(organizationMembers).where(eq(organizationMembers.userId, owner.userId));
    const organizationId = membership!.organizationId;

    // "localhost" is a name, so it can be saved; the Test button's connection is refused with a clear message.
    const port = new URL(receiver.url).port;
    const local = (
      await c.app.inject({
        method: 'POST',
        url: '/api/webhook-configs',
        headers: { cookie: owner.cookie },
        payload: { name: 'Sneaky', url: `http://localhost:${port}/hooks/parley` },
      })
    ).json() as WebhookConfigWithSecret;
    const tested = await c.app.inject({ method: 'POST', url: `/api/webhook-configs/${local.webhook.id}/test`, headers: { cookie: owner.cookie } });
    expect(tested.statusCode).toBe(200);
    expect(tested.json() as WebhookDelivery).toMatchObject({ status: 'dead', statusCode: null, error: WEBHOOK_MESSAGES.privateAddress });
    expect(receiver.received).toHaveLength(0);
    await c.app.inject({ method: 'DELETE', url: `/api/webhook-configs/${local.webhook.id}`, headers: { cookie: owner.cookie } });

    // A name that resolves into a private network (checked at connection time): the delivery is given up at once.
    const internal = (
      await c.app.inject({
        method: 'POST',
        url: '/api/webhook-configs',
        headers: { cookie: owner.cookie },
        payload: { name: 'Internal', url: 'http://intranet.example.test/hook', eventTypes: ['bot.deleted'] },
      })
    ).json() as WebhookConfigWithSecret;
    await emitWebhookEvent(c.database.db, {
      organizationId,
      type: 'bot.deleted',
      data: { organizationId, chatbot: { id: crypto.randomUUID(), name: 'Gone' } },
    });
    await runDueWebhookDeliveries({
      db: c.database.db,
      secretKey: c.config.secretKey,
      allowPrivateNetworks: false,
      resolveHost: privateDns,
      now: () => new Date(Date.now() + 1000),
    });
    const [delivery] = await c.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.configId, internal.webhook.id));
    expect(delivery).toMatchObject({ status: 'dead', attempts: 1, lastStatusCode: null, error: WEBHOOK_MESSAGES.privateAddress });
    expect(receiver.received).toHaveLength(0);
  });
});
