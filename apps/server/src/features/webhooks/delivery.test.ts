import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { WebhookConfigWithSecret, WebhookDeliveryList, WebhookPayload } from '@parley/shared/contracts/webhooks';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import { organizationMembers, systemConfiguration, userNotifications, webhookConfigs, webhookDeliveries, webhookEvents } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, pgliteTemplates, testConfig, type TestContext } from '../../test/harness';
import { emitBotCreatedEvents } from '../../test/webhook-events';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../test/webhook-receiver';
import { announceSystemConfigurationChange } from '../../services/system-configuration';
import { claimDueDeliveries, retryAfterMs, retryDelayMs, runDueWebhookDeliveries, type DeliveryDeps } from './delivery';
import { webhookSecretBox } from './signing';

const SECOND = 1000;
const HOUR = 3600 * SECOND;

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => receiver.close());
afterEach(() => {
  receiver.answer(() => ({ status: 200, body: 'ok' }));
  receiver.received.length = 0;
  vi.useRealTimers();
});

/**
 * A clock the tests move. It stands still between moves, except that it never falls behind the real time when a
 * round starts (new events are due from the database's now()).
 */
function testClock() {
  let now = Date.now();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
    catchUp: () => {
      // A millisecond ahead: the database's timestamps have microseconds, Date.now() has not.
      now = Math.max(now, Date.now() + 1);
    },
  };
}

type TestDeps = DeliveryDeps & { catchUp(): void };

function deliveryDeps(db: Db, secretKey: string, clock: ReturnType<typeof testClock>): TestDeps {
  // An attempt that throws (a bug, not a failed delivery) is shown, not swallowed.
  const log = { error: (details: unknown, message: string) => console.error(message, details) } as unknown as DeliveryDeps['log'];
  return { db, secretKey, allowPrivateNetworks: true, now: clock.now, random: () => 0.5, log, catchUp: clock.catchUp };
}

/** Runs rounds until nothing due is left at the clock's time. */
async function drain(deps: TestDeps): Promise<void> {
  deps.catchUp();
  while ((await runDueWebhookDeliveries(deps)) > 0) {
    /* next round */
  }
}

/** Standard Webhooks verification with the reference package; the clock is faked only for its timestamp check. */
function verify(secret: string, request: ReceivedWebhook, at?: Date): WebhookPayload {
  if (at) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  }
  try {
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as WebhookPayload;
  } finally {
    if (at) vi.useRealTimers();
  }
}

async function setDeliverySettings(c: TestContext, settings: Partial<typeof systemConfiguration.$inferInsert>) {
  await c.database.db.update(systemConfiguration).set(settings).where(eq(systemConfiguration.id, 1));
  await announceSystemConfigurationChange(c.database.db, c.app.realtime);
}

async function customer(c: TestContext) {
  const owner = await createSignedInUser(c);
  const [membership] = await c.database.db.select().from(organizationMembers).where(eq(organizationMembers.userId, owner.userId));
  const organizationId = membership!.organizationId;
  const addWebhook = async (body: Record<string, unknown> = {}) => {
    const response = await c.app.inject({
      method: 'POST',
      url: '/api/webhook-configs',
      headers: { cookie: owner.cookie },
      payload: { name: 'Receiver', url: receiver.url, eventTypes: ['bot.created'], ...body },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as WebhookConfigWithSecret;
  };
  /** bot.created events named "Bot 1", "Bot 2", …: their order is visible in the bodies. */
  const emit = async (names: string[], db: Db = c.database.db) => {
    await emitBotCreatedEvents(db, organizationId, names);
  };
  return { owner, organizationId, addWebhook, emit };
}

const namesAt = (requests: ReceivedWebhook[], marker: string) =>
  requests.filter((r) => r.url.includes(marker)).map((r) => (JSON.parse(r.body) as WebhookPayload<'bot.created'>).data.chatbot.name);

async function deliveriesOf(db: Db, configId: string) {
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.configId, configId)).orderBy(asc(webhookDeliveries.id));
}

it('backs off exponentially with jitter, and reads Retry-After as seconds or a date', () => {
  expect([1, 2, 3, 4].map((retry) => retryDelayMs(retry, () => 0.5))).toEqual([10_000, 50_000, 250_000, 1_250_000]);
  expect(retryDelayMs(20, () => 0.5)).toBe(24 * HOUR);
  expect(retryDelayMs(1, () => 0)).toBe(8_000);
  expect(retryDelayMs(1, () => 0.999_999)).toBeCloseTo(12_000, -1);
  const now = new Date('2026-11-22T10:00:00Z');
  expect(retryAfterMs('120', now)).toBe(120_000);
  expect(retryAfterMs('Sun, 22 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
  expect(retryAfterMs('0', now)).toBe(1000);
  expect(retryAfterMs('soon', now)).toBeNull();
  expect(retryAfterMs(undefined, now)).toBeNull();
});

describeEachDatabase(
  'webhook delivery: signed, in order, retried, durable',
  (ctx) => {
    it('signs every delivery as Standard Webhooks says (verified with the standardwebhooks package) and sends the configured headers', async () => {
      const c = ctx();
      const clock = testClock();
      const { addWebhook, emit, organizationId } = await customer(c);
      const { webhook, secret } = await addWebhook({ url: `${receiver.url}?sig`, headers: { 'X-Tenant': 'acme' } });
      await emit(['Signed bot']);
      await drain(deliveryDeps(c.database.db, c.config.secretKey, clock));

      const request = receiver.received.filter((r) => r.url.endsWith('?sig')).at(-1)!;
      const payload = verify(secret, request);
      expect(payload).toMatchObject({ type: 'bot.created', data: { organizationId, chatbot: { name: 'Signed bot' } } });
      expect(Date.parse(payload.timestamp)).toBeGreaterThan(Date.now() - 60_000);
      expect(request.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['x-tenant']).toBe('acme');
      // Any other secret fails.
      expect(() => verify(`whsec_${randomBytes(32).toString('base64')}`, request)).toThrow();

      const [delivery] = await deliveriesOf(c.database.db, webhook.id);
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, responseExcerpt: 'ok', error: null, lockedUntil: null });
      const [event] = await c.database.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, request.headers['webhook-id'] as string));
      expect(event!.payload).toBe(request.body);
    });

    it('after a rotation both secrets verify for 24 hours, then only the new one', async () => {
      const c = ctx();
      const clock = testClock();
      const { owner, addWebhook, emit } = await customer(c);
      const { webhook, secret: oldSecret } = await addWebhook({ url: `${receiver.url}?rotation` });
      const rotated = await c.app.inject({
        method: 'POST',
        url: `/api/webhook-configs/${webhook.id}/rotate-secret`,
        headers: { cookie: owner.cookie },
        payload: {},
      });
      const newSecret = (rotated.json() as WebhookConfigWithSecret).secret;
      const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);

      await emit(['During the overlap']);
      await drain(deps);
      const during = receiver.received.filter((r) => r.url.endsWith('?rotation')).at(-1)!;
      expect((during.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
      expect(verify(newSecret, during).type).toBe('bot.created');
      expect(verify(oldSecret, during).type).toBe('bot.created');

      clock.advance(24 * HOUR + 60 * SECOND);
      await emit(['After the overlap']);
      await drain(deps);
      const after = receiver.received.filter((r) => r.url.endsWith('?rotation')).at(-1)!;
      expect((JSON.parse(after.body) as WebhookPayload<'bot.created'>).data.chatbot.name).toBe('After the overlap');
      expect((after.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
      expect(verify(newSecret, after, clock.now()).type).toBe('bot.created');
      expect(() => verify(oldSecret, after, clock.now())).toThrow(/No matching signature/);
    });

    it('receiver down for a while, then up: every event arrives, once, in order per endpoint', async () => {
      const c = ctx();
      await setDeliverySettings(c, { globalWebhookRetryCount: 10 });
      try {
        const clock = testClock();
        const { addWebhook, emit } = await customer(c);
        const first = await addWebhook({ url: `${receiver.url}?order-a`, retryCount: 10 });
        const second = await addWebhook({ url: `${receiver.url}?order-b`, retryCount: 10 });
        const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);
        await receiver.down();
        const names = ['Bot 1', 'Bot 2', 'Bot 3', 'Bot 4', 'Bot 5'];
        await emit(names.slice(0, 3));
        for (let round = 0; round < 4; round++) {
          await drain(deps);
          // Only the oldest delivery of each endpoint was tried; the later ones wait their turn.
          const rows = await deliveriesOf(c.database.db, first.webhook.id);
          expect(rows[0]).toMatchObject({ status: 'failed', attempts: round + 1 });
          expect(rows[0]!.error).toBe('The connection was refused');
          expect(rows.slice(1).every((row) => row.attempts === 0 && row.status === 'pending')).toBe(true);
          if (round === 1) await emit(names.slice(3));
          clock.advance(2 * HOUR);
        }
        await receiver.up();
        await drain(deps);
        expect(namesAt(receiver.received, '?order-a')).toEqual(names);
        expect(namesAt(receiver.received, '?order-b')).toEqual(names);
        for (const webhook of [first, second]) {
          const rows = await deliveriesOf(c.database.db, webhook.webhook.id);
          expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
          expect(rows[0]!.attempts).toBe(5);
        }
      } finally {
        await setDeliverySettings(c, { globalWebhookRetryCount: 3 });
      }
    });

    it('retries 500s with growing delays until the retry count is used, honours Retry-After on 429 and 503', async () => {
      const c = ctx();
      const clock = testClock();
      const { addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?retry`, retryCount: 3 });
      const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);
      receiver.answer(() => ({ status: 500, body: 'Internal error: database down' }));
      await emit(['Unlucky']);
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 4; attempt++) {
        await drain(deps);
        const [row] = await deliveriesOf(c.database.db, webhook.id);
        expect(row!.attempts).toBe(attempt);
        expect(row!.lastStatusCode).toBe(500);
        expect(row!.responseExcerpt).toBe('Internal error: database down');
        if (attempt < 4) {
          expect(row!.status).toBe('failed');
          delays.push(row!.nextAttemptAt.getTime() - clock.now().getTime());
          // Not before it is due.
          clock.advance(delays.at(-1)! - SECOND);
          expect(await runDueWebhookDeliveries(deps)).toBe(0);
          clock.advance(SECOND);
        } else {
          // 1 attempt + 3 retries: given up.
          expect(row!.status).toBe('dead');
        }
      }
      expect(delays).toEqual([10_000, 50_000, 250_000]);

      const limited = await addWebhook({ url: `${receiver.url}?limited` });
      receiver.answer((request) =>
        request.url.endsWith('?limited')
          ? { status: 429, headers: { 'retry-after': '120' } }
          : { status: 503, headers: { 'retry-after': new Date(clock.now().getTime() + 600_000).toUTCString() } },
      );
      const unavailable = await addWebhook({ url: `${receiver.url}?unavailable` });
      await emit(['Throttled']);
      await drain(deps);
      const [throttled] = await deliveriesOf(c.database.db, limited.webhook.id);
      expect(throttled!.nextAttemptAt.getTime() - clock.now().getTime()).toBe(120_000);
      const [busy] = await deliveriesOf(c.database.db, unavailable.webhook.id);
      expect(Math.abs(busy!.nextAttemptAt.getTime() - clock.now().getTime() - 600_000)).toBeLessThanOrEqual(1000);
    });

    it('the delivery log keeps every attempt: when, how the endpoint answered, and why it failed', async () => {
      const c = ctx();
      const clock = testClock();
      const { owner, addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?log`, retryCount: 3, timeoutSeconds: 1 });
      const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);
      const answers = [
        { status: 500, body: 'Internal error: database down' },
        { status: 200, delayMs: 1500 },
        { status: 200, body: 'thanks' },
      ];
      let answered = 0;
      receiver.answer(() => answers[answered++]!);
      await emit(['Logged']);
      for (let attempt = 1; attempt <= 3; attempt++) {
        await drain(deps);
        const [row] = await deliveriesOf(c.database.db, webhook.id);
        if (attempt < 3) clock.advance(row!.nextAttemptAt.getTime() - clock.now().getTime());
      }
      const list = await c.app.inject({ method: 'GET', url: `/api/webhook-configs/${webhook.id}/deliveries`, headers: { cookie: owner.cookie } });
      expect(list.statusCode).toBe(200);
      const [delivery] = (list.json() as WebhookDeliveryList).items;
      expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3, statusCode: 200, responseExcerpt: 'thanks' });
      const log = delivery!.attemptLog;
      expect(log.map(({ succeeded, statusCode, responseExcerpt, error }) => ({ succeeded, statusCode, responseExcerpt, error }))).toEqual([
        { succeeded: false, statusCode: 500, responseExcerpt: 'Internal error: database down', error: 'The endpoint answered HTTP 500 Internal Server Error.' },
        { succeeded: false, statusCode: null, responseExcerpt: null, error: 'No answer within 1 s' },
        { succeeded: true, statusCode: 200, responseExcerpt: 'thanks', error: null },
      ]);
      // Oldest first, each at the time it was made, with its own latency.
      const times = log.map((a) => Date.parse(a.attemptedAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(10_000);
      expect(log[1]!.latencyMs).toBeGreaterThanOrEqual(900);
      expect(log.at(-1)!.attemptedAt).toBe(delivery!.lastAttemptAt);
    });

    it('a retry count lowered while a delivery waits gives it up at its next turn, and says so', async () => {
      const c = ctx();
      const clock = testClock();
      const { addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?lowered`, retryCount: 5 });
      const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);
      receiver.answer(() => ({ status: 500, body: 'down' }));
      await emit(['Waiting']);
      for (let attempt = 1; attempt <= 2; attempt++) {
        await drain(deps);
        const [row] = await deliveriesOf(c.database.db, webhook.id);
        clock.advance(row!.nextAttemptAt.getTime() - clock.now().getTime());
      }
      await c.database.db.update(webhookConfigs).set({ retryCount: 0 }).where(eq(webhookConfigs.id, webhook.id));
      await drain(deps);
      const [row] = await deliveriesOf(c.database.db, webhook.id);
      expect(row).toMatchObject({ status: 'dead', attempts: 3 });
      expect(row!.error).toBe('No retries left: the retry count was lowered to 0 while this delivery waited to be tried again.');
      expect(receiver.received.filter((r) => r.url.endsWith('?lowered'))).toHaveLength(2);
    });

    it('410 Gone turns the webhook off, gives up its waiting events and tells the owners', async () => {
      const c = ctx();
      const clock = testClock();
      const { owner, addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?gone` });
      receiver.answer(() => ({ status: 410, body: 'gone' }));
      await emit(['One', 'Two']);
      await drain(deliveryDeps(c.database.db, c.config.secretKey, clock));
      const rows = await deliveriesOf(c.database.db, webhook.id);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ['dead', 1],
        ['dead', 0],
      ]);
      expect(rows[0]!.error).toContain('410 Gone');
      expect(rows[1]!.error).toContain('turned off');
      const [config] = await c.database.db.select().from(webhookConfigs).where(eq(webhookConfigs.id, webhook.id));
      expect(config).toMatchObject({ isActive: false, disabledReason: 'The endpoint answered 410 Gone.' });
      const notices = await c.database.db.select().from(userNotifications).where(eq(userNotifications.userId, owner.userId));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ title: 'Webhook turned off', type: 'warning', link: '/dashboard/webhooks' });
      expect(notices[0]!.message).toContain('410 Gone');
      // Turned off: new events are not queued for it.
      await emit(['Three']);
      expect(await deliveriesOf(c.database.db, webhook.id)).toHaveLength(2);
      expect(namesAt(receiver.received, '?gone')).toEqual(['One']);
    });

    it('a slow receiver runs into the timeout, which is recorded', async () => {
      const c = ctx();
      const clock = testClock();
      const { addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?slow`, timeoutSeconds: 1 });
      receiver.answer(() => ({ status: 200, delayMs: 2500 }));
      await emit(['Slow']);
      await drain(deliveryDeps(c.database.db, c.config.secretKey, clock));
      const [row] = await deliveriesOf(c.database.db, webhook.id);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: null, error: 'No answer within 1 s' });
      expect(row!.lastLatencyMs).toBeGreaterThanOrEqual(900);
      expect(row!.lastLatencyMs).toBeLessThan(2500);
    });

    it('a server restart in the middle of retries loses nothing: a new app on the same database finishes them', async () => {
      const c = ctx();
      const clock = testClock();
      const { addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?restart`, retryCount: 3 });
      const config = testConfig({ PARLEY_SECRET_KEY: c.config.secretKey, ALLOW_PRIVATE_FETCH: 'true' });
      const first: FastifyInstance = await buildApp(config, { database: c.database, logger: false });
      receiver.answer(() => ({ status: 503 }));
      await emit(['A', 'B', 'C']);
      await drain(deliveryDeps(first.db, config.secretKey, clock));
      // The node is mid-attempt when it stops: the head is claimed (leased) and never finished.
      clock.advance(15 * SECOND);
      const [head] = await deliveriesOf(first.db, webhook.id);
      // (Earlier tests may have left deliveries of their own due: only this webhook's matter here.)
      expect(await claimDueDeliveries(first.db, { now: clock.now(), limit: 10, maxTimeoutSeconds: 30 })).toContain(head!.id);
      await first.close();

      const second: FastifyInstance = await buildApp(config, { database: c.database, logger: false });
      try {
        receiver.answer(() => ({ status: 200 }));
        const deps = deliveryDeps(second.db, config.secretKey, clock);
        // Within the lease nobody else sends it.
        await drain(deps);
        expect(namesAt(receiver.received, '?restart')).toEqual(['A']);
        clock.advance(60 * SECOND);
        await drain(deps);
        expect(namesAt(receiver.received, '?restart')).toEqual(['A', 'A', 'B', 'C']);
        const rows = await deliveriesOf(second.db, webhook.id);
        expect(rows.map((row) => [row.status, row.attempts])).toEqual([
          ['succeeded', 3],
          ['succeeded', 1],
          ['succeeded', 1],
        ]);
      } finally {
        await second.close();
      }
    });

    it('gives up a delivery whose attempts keep being cut short, or whose secret this server cannot open, and moves on', async () => {
      const c = ctx();
      const clock = testClock();
      const { owner, addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?interrupted`, retryCount: 0 });
      const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);
      await emit(['Cut short', 'Next']);
      clock.catchUp();
      const [head] = await deliveriesOf(c.database.db, webhook.id);
      // A node claims it and stops before recording anything; after the lease another node claims it again.
      expect(await claimDueDeliveries(c.database.db, { now: clock.now(), limit: 50, maxTimeoutSeconds: 30 })).toContain(head!.id);
      clock.advance(61 * SECOND);
      await drain(deps);
      const rows = await deliveriesOf(c.database.db, webhook.id);
      expect(rows[0]).toMatchObject({ status: 'dead', attempts: 2 });
      expect(rows[0]!.error).toContain('interrupted repeatedly');
      expect(rows[1]).toMatchObject({ status: 'succeeded' });
      expect(namesAt(receiver.received, '?interrupted')).toEqual(['Next']);

      // PARLEY_SECRET_KEY changed since the secret was sealed: not signable, so not sent, and said why.
      await c.database.db
        .update(webhookConfigs)
        .set({ secretEncrypted: webhookSecretBox(randomBytes(32).toString('hex')).encrypt(`whsec_${randomBytes(32).toString('base64')}`) })
        .where(eq(webhookConfigs.id, webhook.id));
      await emit(['Unsignable']);
      await drain(deps);
      const [last] = (await deliveriesOf(c.database.db, webhook.id)).slice(-1);
      expect(last).toMatchObject({ status: 'dead', attempts: 1 });
      expect(last!.error).toContain('Rotate the secret');
      expect(namesAt(receiver.received, '?interrupted')).toEqual(['Next']);

      // Doing as told works at once: the secret that cannot be opened does not stay on as the previous one.
      const rotated = await c.app.inject({
        method: 'POST',
        url: `/api/webhook-configs/${webhook.id}/rotate-secret`,
        headers: { cookie: owner.cookie },
        payload: {},
      });
      expect(rotated.statusCode).toBe(200);
      const [config] = await c.database.db.select().from(webhookConfigs).where(eq(webhookConfigs.id, webhook.id));
      expect(config).toMatchObject({ previousSecretEncrypted: null, previousSecretExpiresAt: null });
      await emit(['Signable again']);
      await drain(deps);
      expect(namesAt(receiver.received, '?interrupted')).toEqual(['Next', 'Signable again']);
      const request = receiver.received.filter((r) => r.url.endsWith('?interrupted')).at(-1)!;
      expect(verify((rotated.json() as WebhookConfigWithSecret).secret, request).type).toBe('bot.created');
    });

    it('the per-minute rate limit of System Configuration holds an endpoint back until its minute is over', async () => {
      const c = ctx();
      await setDeliverySettings(c, { webhookRateLimitPerMinute: 2 });
      try {
        const clock = testClock();
        const { addWebhook, emit } = await customer(c);
        const { webhook } = await addWebhook({ url: `${receiver.url}?rate` });
        await emit(['R1', 'R2', 'R3', 'R4']);
        const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);
        await drain(deps);
        expect(namesAt(receiver.received, '?rate')).toEqual(['R1', 'R2']);
        const rows = await deliveriesOf(c.database.db, webhook.id);
        expect(rows[2]).toMatchObject({ status: 'pending', attempts: 0 });
        clock.advance(61 * SECOND);
        await drain(deps);
        expect(namesAt(receiver.received, '?rate')).toEqual(['R1', 'R2', 'R3', 'R4']);
      } finally {
        await setDeliverySettings(c, { webhookRateLimitPerMinute: 100 });
      }
    });

    it('an endpoint failing for 3 days is turned off and its owners told; a success in between resets the count', async () => {
      const c = ctx();
      const clock = testClock();
      const { owner, addWebhook, emit } = await customer(c);
      const { webhook } = await addWebhook({ url: `${receiver.url}?days`, retryCount: 0 });
      const deps = deliveryDeps(c.database.db, c.config.secretKey, clock);
      const standing = async () => (await c.database.db.select().from(webhookConfigs).where(eq(webhookConfigs.id, webhook.id)))[0]!;

      receiver.answer(() => ({ status: 500 }));
      await emit(['Day 0']);
      await drain(deps);
      const since = (await standing()).failingSince!;
      expect(since.getTime()).toBe(clock.now().getTime());
      receiver.answer(() => ({ status: 200 }));
      clock.advance(2 * 24 * HOUR);
      await emit(['Day 2 works']);
      await drain(deps);
      expect((await standing()).failingSince).toBeNull();

      receiver.answer(() => ({ status: 500 }));
      await emit(['Day 2 fails']);
      await drain(deps);
      clock.advance(3 * 24 * HOUR - 60 * SECOND);
      await emit(['Almost 3 days']);
      await drain(deps);
      expect((await standing()).isActive).toBe(true);
      clock.advance(2 * 60 * SECOND);
      await emit(['3 days']);
      await drain(deps);
      const off = await standing();
      expect(off.isActive).toBe(false);
      expect(off.disabledReason).toBe('It has failed for 3 days without a successful delivery.');
      const notices = await c.database.db
        .select()
        .from(userNotifications)
        .where(and(eq(userNotifications.userId, owner.userId), eq(userNotifications.title, 'Webhook turned off')));
      expect(notices).toHaveLength(1);
    });

    it('installation-wide (staff) webhooks receive the events of every organization', async () => {
      const c = ctx();
      const clock = testClock();
      const admin = await createAdmin(c, 'system_admin');
      const created = await c.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-configs',
        headers: { cookie: admin.cookie },
        payload: { name: 'Ops', url: `${receiver.url}?staff`, eventTypes: ['bot.created'] },
      });
      const { secret } = created.json() as WebhookConfigWithSecret;
      const one = await customer(c);
      const two = await customer(c);
      await one.emit(['Org one bot']);
      await two.emit(['Org two bot']);
      await drain(deliveryDeps(c.database.db, c.config.secretKey, clock));
      const got = receiver.received.filter((r) => r.url.endsWith('?staff')).map((r) => verify(secret, r) as WebhookPayload<'bot.created'>);
      expect(got.map((p) => [p.data.organizationId, p.data.chatbot.name])).toEqual([
        [one.organizationId, 'Org one bot'],
        [two.organizationId, 'Org two bot'],
      ]);
      await c.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhook-configs/${(created.json() as WebhookConfigWithSecret).webhook.id}`,
        headers: { cookie: admin.cookie },
      });
    });

    it('nodes claiming at the same time never take the same delivery, nor two of one endpoint', async () => {
      const c = ctx();
      const clock = testClock();
      const { addWebhook, emit } = await customer(c);
      const webhooks = [
        await addWebhook({ url: `${receiver.url}?n1` }),
        await addWebhook({ url: `${receiver.url}?n2` }),
        await addWebhook({ url: `${receiver.url}?n3` }),
      ];
      await emit(['X', 'Y', 'Z']);
      clock.catchUp();
      const claim = () => claimDueDeliveries(c.database.db, { now: clock.now(), limit: 10, maxTimeoutSeconds: 30 });
      const [a, b, cc] = await Promise.all([claim(), claim(), claim()]);
      const all = [...a!, ...b!, ...cc!];
      expect(new Set(all).size).toBe(all.length);
      // Each endpoint's oldest delivery, once (earlier tests may have left others due as well).
      const mine = (await c.database.db.select().from(webhookDeliveries).orderBy(asc(webhookDeliveries.id))).filter((row) =>
        webhooks.some((w) => w.webhook.id === row.configId),
      );
      const claimed = mine.filter((row) => all.includes(row.id));
      expect(claimed).toHaveLength(3);
      expect(new Set(claimed.map((row) => row.configId)).size).toBe(3);
      expect(claimed.every((row) => row.eventId === mine.filter((m) => m.configId === row.configId)[0]!.eventId)).toBe(true);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
);

describe('webhook delivery across a real restart of the embedded database', () => {
  it('events waiting for a retry survive closing the server and opening it again on the same data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-webhooks-'));
    const config = testConfig({ DATA_DIR: dataDir, PARLEY_SECRET_KEY: randomBytes(32).toString('hex'), ALLOW_PRIVATE_FETCH: 'true' });
    const clock = testClock();
    const first = await buildApp(config, { logger: false, pgliteTemplate: pgliteTemplates().pgliteTemplate });
    await first.ready();
    const c1: TestContext = { app: first, database: first.database, config };
    const { addWebhook, emit } = await customer(c1);
    const { webhook, secret } = await addWebhook({ url: `${receiver.url}?disk` });
    receiver.answer(() => ({ status: 500 }));
    await emit(['Before restart 1', 'Before restart 2']);
    await drain(deliveryDeps(first.db, config.secretKey, clock));
    await first.close();

    const second = await buildApp(config, { logger: false, pgliteTemplate: pgliteTemplates().pgliteTemplate });
    try {
      receiver.answer(() => ({ status: 200 }));
      clock.advance(HOUR);
      await drain(deliveryDeps(second.db, config.secretKey, clock));
      const requests = receiver.received.filter((r) => r.url.endsWith('?disk'));
      expect(namesAt(requests, '?disk')).toEqual(['Before restart 1', 'Before restart 1', 'Before restart 2']);
      expect(verify(secret, requests.at(-1)!, clock.now()).type).toBe('bot.created');
      const rows = await deliveriesOf(second.db, webhook.id);
      expect(rows.map((row) => row.status)).toEqual(['succeeded', 'succeeded']);
    } finally {
      await second.close();
    }
  });
});
