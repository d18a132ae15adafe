import type { HandoffListResponse, InboxEvent, VisitorEvent } from '@parley/shared/contracts/handoffs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Database } from '../../db/client';
import { openEventStream } from '../../test/event-stream';
import { createSignedInUser, openTestDatabase, testConfig, type TestContext } from '../../test/harness';
import { redisSkipReason, TEST_REDIS_URL } from '../../test/redis';

const postgresReason = inject('postgresUrl') ? '' : inject('postgresSkipReason');
const redisReason = await redisSkipReason();
if (postgresReason) console.warn(`\n[parley tests] ${postgresReason}: the handoff tests across nodes are skipped.\n`);
if (redisReason) console.warn(`\n[parley tests] ${redisReason}: the handoff test across nodes through Redis is skipped.\n`);

/**
 * Two server processes' worth of app (own connection pools, own realtime listeners) on one
 * PostgreSQL: the visitor talks to node A, the agent to node B, and messages cross both ways live.
 */
function acrossTwoNodes(transport: 'postgres' | 'redis') {
  const nodes: { app: FastifyInstance; database: Database; url: string }[] = [];
  let dispose: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const first = await openTestDatabase('postgres');
    dispose = first.dispose;
    const secretKey = 'cross-node-secret-key-0123456789abcdef';
    for (const database of [first.database, await openDatabase({ databaseUrl: first.database.url!, poolSize: 4 })]) {
      const config = testConfig({ PARLEY_SECRET_KEY: secretKey, ...(transport === 'redis' ? { REDIS_URL: TEST_REDIS_URL } : {}) });
      const app = await buildApp(config, { database, logger: false });
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      nodes.push({ app, database, url: address.replace('localhost', '127.0.0.1') });
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.app.close();
    await nodes[1]?.database.close();
    await dispose?.();
  });

  it(`the visitor on node A and the agent on node B see each other's messages live (${transport})`, async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    expect(a.app.realtime.transport).toBe(transport);
    const ctxA: TestContext = { app: a.app, database: a.database, config: a.app.config };
    const owner = await createSignedInUser(ctxA);
    // The session made on node A works on node B (same database, same secret).
    const bot = (await (
      await fetch(`${b.url}/api/chatbots`, {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Cross-node bot', status: 'live' }),
      })
    ).json()) as { id: string };

    const visitorId = `visitor_${transport}_node`;
    const asked = (await (
      await fetch(`${a.url}/api/public/chatbots/${bot.id}/handoff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ visitorId }),
      })
    ).json()) as { state: { conversationId: string; mode: string } };
    expect(asked.state.mode).toBe('waiting');
    const conversationId = asked.state.conversationId;

    const visitorStream = await openEventStream<VisitorEvent>(
      `${a.url}/api/public/chatbots/${bot.id}/conversations/${conversationId}/events?visitorId=${visitorId}`,
    );
    const inboxStream = await openEventStream<InboxEvent>(`${b.url}/api/handoffs/events`, { cookie: owner.cookie });
    await visitorStream.waitFor((e) => e.type === 'state');
    // Both listeners are up (LISTEN / SUBSCRIBE happen when a node starts; give them a moment on a loaded machine).
    await new Promise((resolve) => setTimeout(resolve, 300));

    const list = (await (await fetch(`${b.url}/api/handoffs`, { headers: { cookie: owner.cookie } })).json()) as HandoffListResponse;
    const handoffId = list.items[0]!.id;

    const replied = await fetch(`${b.url}/api/handoffs/${handoffId}/messages`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'Hello from node B' }),
    });
    expect(replied.status).toBe(201);
    await visitorStream.waitFor((e) => e.type === 'message' && e.message.role === 'agent' && e.message.content === 'Hello from node B');
    await visitorStream.waitFor((e) => e.type === 'state' && e.state.mode === 'active');

    const sent = await fetch(`${a.url}/api/public/chatbots/${bot.id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hello from node A', visitorId, conversationId }),
    });
    expect(sent.status).toBe(200);
    await sent.text();
    await inboxStream.waitFor((e) => e.type === 'message' && e.message.role === 'user' && e.message.content === 'Hello from node A');

    const closed = await fetch(`${b.url}/api/handoffs/${handoffId}/close`, {
      method: 'POST',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ outcome: 'bot' }),
    });
    expect(closed.status).toBe(200);
    await visitorStream.waitFor((e) => e.type === 'state' && e.state.mode === 'bot');
    await inboxStream.waitFor((e) => e.type === 'handoff' && e.status === 'closed');
    visitorStream.close();
    inboxStream.close();
  });
}

describe.skipIf(Boolean(postgresReason))('human handoff across two server processes on one PostgreSQL (LISTEN/NOTIFY)', () => acrossTwoNodes('postgres'));
describe.skipIf(Boolean(postgresReason || redisReason))('human handoff across two server processes through Redis', () => acrossTwoNodes('redis'));
