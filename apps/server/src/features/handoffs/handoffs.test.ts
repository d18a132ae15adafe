import type { AddressInfo } from 'node:net';
import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { HANDOFF_TEXT, type HandoffDetail, type HandoffListResponse, type VisitorEvent } from '@parley/shared/contracts/handoffs';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chatStatsHourly, emailOutbox, handoffs, messages, organizations, subscriptionTierLimits, userNotifications } from '../../db/schema/index';
import { startJobQueue } from '../../jobs/queue';
import { createMailer } from '../../providers/email/mailer';
import { openEventStream } from '../../test/event-stream';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { sendHandoffWaitAlert } from './alerts';
import { asksForPerson, HANDOFF_ALERT_JOB } from './service';

const VISITOR = 'visitor_handoff_1';

function streamEvents(body: string): ChatStreamEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
}

async function setUp(c: TestContext, chatbot: Record<string, unknown> = {}) {
  const owner = await createSignedInUser(c);
  const created = await c.app.inject({
    method: 'POST',
    url: '/api/chatbots',
    headers: { cookie: owner.cookie },
    payload: { name: 'Support bot', status: 'live', ...chatbot },
  });
  expect(created.statusCode).toBe(201);
  const bot = created.json() as { id: string; organizationId: string };
  const say = async (message: string, extra: { conversationId?: string; visitorId?: string } = {}) => {
    const response = await c.app.inject({
      method: 'POST',
      url: `/api/public/chatbots/${bot.id}/messages`,
      payload: { message, visitorId: extra.visitorId ?? VISITOR, ...(extra.conversationId ? { conversationId: extra.conversationId } : {}) },
    });
    expect(response.statusCode).toBe(200);
    const events = streamEvents(response.body);
    const meta = events.find((e) => e.type === 'meta') as Extract<ChatStreamEvent, { type: 'meta' }>;
    return { events, conversationId: meta.conversationId, messageId: meta.messageId };
  };
  const inbox = async (status: 'open' | 'closed' = 'open', cookie = owner.cookie) =>
    (await c.app.inject({ method: 'GET', url: `/api/handoffs?status=${status}`, headers: { cookie } })).json() as HandoffListResponse;
  return { owner, bot, say, inbox };
}

it('recognises the phrases that ask for a person, and not much else', () => {
  expect(asksForPerson('Can I talk to a human, please?')).toBe(true);
  expect(asksForPerson('I want to SPEAK TO A PERSON!!')).toBe(true);
  expect(asksForPerson('real person')).toBe(true);
  expect(asksForPerson('How do humans talk to rockets?')).toBe(false);
  expect(asksForPerson('Is this a real personalised offer?')).toBe(false);
});

describeEachDatabase('human handoff: visitor, inbox, agent replies, limits', (ctx) => {
  it('a visitor asks for a person; the message waits in the inbox; the agent answers; closing hands back to the bot or ends the conversation', async () => {
    const c = ctx();
    const { owner, bot, say, inbox } = await setUp(c);

    const first = await say('Where is my rocket?');
    expect(first.events.find((e) => e.type === 'done')).toMatchObject({ answered: false, offerHandoff: true });

    const asked = await say('I would like to talk to a human please', { conversationId: first.conversationId });
    expect(asked.conversationId).toBe(first.conversationId);
    expect(asked.events).toContainEqual({ type: 'handoff', mode: 'waiting', text: HANDOFF_TEXT.waiting });
    expect(asked.events.some((e) => e.type === 'delta')).toBe(false);

    let list = await inbox();
    expect(list.items).toHaveLength(1);
    const [waiting] = list.items;
    expect(waiting).toMatchObject({ status: 'waiting', reason: 'phrase', chatbotName: 'Support bot', unreadCount: 1 });
    expect(waiting!.visitorLabel).toMatch(/^Visitor [0-9A-F]{4}$/);
    expect(list.usage).toEqual({ used: 1, limit: 10, isLimitReached: false });

    // While waiting, the visitor's messages go to the inbox, not to the bot.
    const followUp = await say('It was due yesterday.', { conversationId: first.conversationId });
    expect(followUp.events).toContainEqual({ type: 'handoff', mode: 'waiting', text: '' });
    list = await inbox();
    expect(list.items[0]).toMatchObject({ unreadCount: 2, lastMessagePreview: 'It was due yesterday.' });
    expect(list.unreadTotal).toBe(2);

    const reply = await c.app.inject({
      method: 'POST',
      url: `/api/handoffs/${waiting!.id}/messages`,
      headers: { cookie: owner.cookie },
      payload: { content: 'Hi, Ada here. Let me check your order.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ role: 'agent', authorName: 'Ada', content: 'Hi, Ada here. Let me check your order.' });

    const detail = (await c.app.inject({ method: 'GET', url: `/api/handoffs/${waiting!.id}`, headers: { cookie: owner.cookie } })).json() as HandoffDetail;
    expect(detail.handoff).toMatchObject({ status: 'active', acceptedByName: 'Ada', unreadCount: 0 });
    expect(detail.messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Where is my rocket?'],
      ['assistant', expect.stringContaining("couldn't find")],
      ['user', 'I would like to talk to a human please'],
      ['assistant', HANDOFF_TEXT.waiting],
      ['user', 'It was due yesterday.'],
      ['system', HANDOFF_TEXT.joined('Ada')],
      ['agent', 'Hi, Ada here. Let me check your order.'],
    ]);

    // The visitor's view of the conversation, as the widget restores it.
    const state = await c.app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/conversations/${first.conversationId}?visitorId=${VISITOR}` });
    expect(state.json().state).toEqual({ conversationId: first.conversationId, mode: 'active', agentName: 'Ada' });

    const backToBot = await c.app.inject({
      method: 'POST',
      url: `/api/handoffs/${waiting!.id}/close`,
      headers: { cookie: owner.cookie },
      payload: { outcome: 'bot' },
    });
    expect(backToBot.json()).toMatchObject({ status: 'closed', closeOutcome: 'bot' });
    expect((await inbox()).items).toHaveLength(0);
    expect((await inbox('closed')).items).toHaveLength(1);
    const again = await say('And what about refunds?', { conversationId: first.conversationId });
    expect(again.conversationId).toBe(first.conversationId);
    expect(again.events.some((e) => e.type === 'delta')).toBe(true);

    // A second handoff in the same conversation, then the agent ends it: the next message starts a new conversation.
    const second = await c.app.inject({
      method: 'POST',
      url: `/api/public/chatbots/${bot.id}/handoff`,
      payload: { visitorId: VISITOR, conversationId: first.conversationId },
    });
    expect(second.json()).toMatchObject({ state: { mode: 'waiting' }, text: HANDOFF_TEXT.waiting });
    const [open] = (await inbox()).items;
    expect(open).toMatchObject({ reason: 'visitor_request' });
    const ended = await c.app.inject({
      method: 'POST',
      url: `/api/handoffs/${open!.id}/close`,
      headers: { cookie: owner.cookie },
      payload: { outcome: 'ended' },
    });
    expect(ended.statusCode).toBe(200);
    const closedTwice = await c.app.inject({
      method: 'POST',
      url: `/api/handoffs/${open!.id}/close`,
      headers: { cookie: owner.cookie },
      payload: { outcome: 'ended' },
    });
    expect(closedTwice.statusCode).toBe(409);
    const replyToClosed = await c.app.inject({
      method: 'POST',
      url: `/api/handoffs/${open!.id}/messages`,
      headers: { cookie: owner.cookie },
      payload: { content: 'hello?' },
    });
    expect(replyToClosed.statusCode).toBe(409);
    const fresh = await say('Hello again', { conversationId: first.conversationId });
    expect(fresh.conversationId).not.toBe(first.conversationId);
  });

  it('asking twice keeps one handoff; a button request before any question opens a conversation; bad input changes nothing', async () => {
    const c = ctx();
    const { owner, bot, inbox } = await setUp(c);
    const request = (payload: Record<string, unknown>) => c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload });
    const first = await request({ visitorId: 'visitor_button_1' });
    expect(first.statusCode).toBe(200);
    const { conversationId } = first.json().state as { conversationId: string };
    const second = await request({ visitorId: 'visitor_button_1', conversationId });
    expect(second.json()).toMatchObject({ state: { conversationId, mode: 'waiting' }, text: HANDOFF_TEXT.alreadyWaiting });
    expect((await inbox()).items).toHaveLength(1);

    // Another visitor cannot use this conversation id.
    expect((await request({ visitorId: 'visitor_other_1', conversationId })).statusCode).toBe(404);
    expect((await request({ visitorId: 'x' })).statusCode).toBe(400);
    expect((await request({ visitorId: 'visitor_button_1', reason: 'because' })).statusCode).toBe(400);

    const [handoff] = (await inbox()).items;
    for (const payload of [{}, { content: '' }, { content: '   ' }, { content: 'x'.repeat(4001) }, { content: 42 }]) {
      const response = await c.app.inject({ method: 'POST', url: `/api/handoffs/${handoff!.id}/messages`, headers: { cookie: owner.cookie }, payload });
      expect(response.statusCode).toBe(400);
    }
    expect(
      (await c.app.inject({ method: 'POST', url: `/api/handoffs/${handoff!.id}/close`, headers: { cookie: owner.cookie }, payload: { outcome: 'later' } }))
        .statusCode,
    ).toBe(400);
    expect((await c.app.inject({ method: 'GET', url: '/api/handoffs?status=everything', headers: { cookie: owner.cookie } })).statusCode).toBe(400);
    expect((await inbox()).items[0]).toMatchObject({ status: 'waiting', unreadCount: 1 });
  });

  it('another organization can neither see nor answer nor close the handoff', async () => {
    const c = ctx();
    const { bot, inbox } = await setUp(c);
    await c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload: { visitorId: 'visitor_private_1' } });
    const [handoff] = (await inbox()).items;
    const stranger = await createSignedInUser(c);
    expect((await inbox('open', stranger.cookie)).items).toHaveLength(0);
    const headers = { cookie: stranger.cookie };
    expect((await c.app.inject({ method: 'GET', url: `/api/handoffs/${handoff!.id}`, headers })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'POST', url: `/api/handoffs/${handoff!.id}/messages`, headers, payload: { content: 'hi' } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'POST', url: `/api/handoffs/${handoff!.id}/close`, headers, payload: { outcome: 'ended' } })).statusCode).toBe(404);
    expect((await c.app.inject({ method: 'POST', url: `/api/handoffs/${handoff!.id}/read`, headers })).statusCode).toBe(404);
    expect((await inbox()).items[0]).toMatchObject({ status: 'waiting', unreadCount: 1 });
  });

  it('past the plan’s monthly handoffs the visitor is told, and the owners are notified once', async () => {
    const c = ctx();
    const { db } = c.database;
    const { owner, bot, say, inbox } = await setUp(c);
    await db.insert(subscriptionTierLimits).values({ tier: 'tiny', displayName: 'Tiny', monthlyTokenLimit: 100_000, maxHandoffsPerMonth: 1, maxChatbots: 3 });
    await db.update(organizations).set({ tier: 'tiny' }).where(eq(organizations.id, bot.organizationId));

    expect((await say('talk to a human', { visitorId: 'visitor_limit_1' })).events).toContainEqual(
      expect.objectContaining({ type: 'handoff', mode: 'waiting' }),
    );
    for (const visitorId of ['visitor_limit_2', 'visitor_limit_3']) {
      const refused = await say('Can I speak to a person?', { visitorId });
      expect(refused.events).toContainEqual({ type: 'handoff', mode: 'unavailable', text: HANDOFF_TEXT.unavailable });
    }
    const button = await c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload: { visitorId: 'visitor_limit_4' } });
    expect(button.json()).toMatchObject({ state: { mode: 'bot' }, text: HANDOFF_TEXT.unavailable });

    const list = await inbox();
    expect(list.items).toHaveLength(1);
    expect(list.usage).toEqual({ used: 1, limit: 1, isLimitReached: true });
    const notices = await db.select().from(userNotifications).where(eq(userNotifications.userId, owner.userId));
    expect(notices.filter((n) => n.title === 'Live chat limit reached')).toHaveLength(1);
    expect(notices[0]).toMatchObject({ type: 'warning', link: '/dashboard/subscription' });
    expect(notices[0]!.message).toContain('Your Tiny plan includes 1 live chats');

    // -1 means unlimited.
    await db.update(subscriptionTierLimits).set({ maxHandoffsPerMonth: -1 }).where(eq(subscriptionTierLimits.tier, 'tiny'));
    expect((await say('talk to a human', { visitorId: 'visitor_limit_5' })).events).toContainEqual(
      expect.objectContaining({ type: 'handoff', mode: 'waiting' }),
    );
  });

  it('a chatbot without handoff answers the phrase itself and refuses the button', async () => {
    const c = ctx();
    const { bot, say, inbox } = await setUp(c, { handoffEnabled: false });
    const asked = await say('talk to a human');
    expect(asked.events.some((e) => e.type === 'handoff')).toBe(false);
    expect(asked.events.find((e) => e.type === 'done')).not.toHaveProperty('offerHandoff');
    const button = await c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload: { visitorId: VISITOR } });
    expect(button.json()).toMatchObject({ state: { mode: 'bot' }, text: HANDOFF_TEXT.disabled });
    expect((await inbox()).items).toHaveLength(0);
    const config = await c.app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/config` });
    expect(config.json().handoffEnabled).toBe(false);
  });

  it('e-mails the owners once when a handoff waits past the chatbot’s alert time, and not once someone answered', async () => {
    const c = ctx();
    const { db } = c.database;
    const { owner, bot, inbox } = await setUp(c, { handoffAlertMinutes: 5 });
    const mailer = createMailer(c.config, db, c.app.log);
    const deps = { db, mailer, publicUrl: c.config.publicUrl };
    await c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload: { visitorId: 'visitor_alert_1' } });
    await c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload: { visitorId: 'visitor_alert_2' } });
    const [waiting, answered] = (await inbox()).items;
    await c.app.inject({ method: 'POST', url: `/api/handoffs/${answered!.id}/messages`, headers: { cookie: owner.cookie }, payload: { content: 'Hello!' } });

    expect(await sendHandoffWaitAlert(deps, waiting!.id)).toBe(1);
    expect(await sendHandoffWaitAlert(deps, waiting!.id)).toBe(0);
    expect(await sendHandoffWaitAlert(deps, answered!.id)).toBe(0);
    const sent = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, owner.email), eq(emailOutbox.kind, 'handoff_waiting')));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toMatch(/^Visitor [0-9A-F]{4} has been waiting 1 min for a person on Support bot$/);
    expect(sent[0]!.textBody).toContain(`/dashboard/inbox?handoff=${waiting!.id}`);
  });

  it('schedules the alert job with the handoff, for the chatbot’s alert time', async () => {
    const c = ctx();
    const { bot } = await setUp(c, { handoffAlertMinutes: 5 });
    c.app.jobs = await startJobQueue(c.database, c.app.log);
    try {
      const requested = await c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/handoff`, payload: { visitorId: 'visitor_alert_job' } });
      expect(requested.statusCode).toBe(200);
      const [handoff] = await c.database.db.select({ id: handoffs.id }).from(handoffs).where(eq(handoffs.chatbotId, bot.id));
      const { rows } = await c.database.executeSql(
        `SELECT extract(epoch FROM start_after - created_on)::float AS delay FROM pgboss.job WHERE name = $1 AND data->>'handoffId' = $2`,
        [HANDOFF_ALERT_JOB, handoff!.id],
      );
      expect(rows).toHaveLength(1);
      const { delay } = rows[0] as { delay: number };
      expect(delay).toBeGreaterThan(4.9 * 60);
      expect(delay).toBeLessThan(5.5 * 60);
    } finally {
      await c.app.jobs.stop();
      c.app.jobs = null;
    }
  });

  it('thumbs up and down on an answer: stored, changed, taken back, counted once in the rollup', async () => {
    const c = ctx();
    const { db } = c.database;
    const { bot, say } = await setUp(c);
    const answer = await say('What does shipping cost?');
    const rate = (rating: 'up' | 'down' | null, visitorId = VISITOR) =>
      c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot.id}/messages/${answer.messageId}/feedback`, payload: { visitorId, rating } });
    const thumbs = async () => {
      const [row] = await db.select().from(chatStatsHourly).where(eq(chatStatsHourly.chatbotId, bot.id));
      return [row!.thumbsUp, row!.thumbsDown];
    };
    expect((await rate('up')).statusCode).toBe(200);
    expect((await rate('up')).statusCode).toBe(200);
    expect(await thumbs()).toEqual([1, 0]);
    await rate('down');
    expect(await thumbs()).toEqual([0, 1]);
    const [stored] = await db.select({ rating: messages.rating }).from(messages).where(eq(messages.id, answer.messageId));
    expect(stored!.rating).toBe(-1);
    await rate(null);
    expect(await thumbs()).toEqual([0, 0]);
    expect((await rate('up', 'visitor_someone_else')).statusCode).toBe(404);
    expect((await rate('sideways' as never)).statusCode).toBe(400);
    expect(await thumbs()).toEqual([0, 0]);
  });

  it('streams: the visitor sees the agent join and answer, the inbox sees the visitor, live', async () => {
    const c = ctx();
    const { owner, bot, say } = await setUp(c);
    if (!c.app.server.listening) await c.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
    const asked = await say('talk to a person', { visitorId: 'visitor_live_1' });
    const [handoffRow] = await c.database.db.select().from(handoffs).where(eq(handoffs.conversationId, asked.conversationId));

    const visitor = await openEventStream<VisitorEvent>(
      `${base}/api/public/chatbots/${bot.id}/conversations/${asked.conversationId}/events?visitorId=visitor_live_1`,
    );
    const agent = await openEventStream<{ type: string; handoffId: string; message?: { content: string } }>(`${base}/api/handoffs/events`, {
      cookie: owner.cookie,
    });
    expect([visitor.status, agent.status]).toEqual([200, 200]);
    await visitor.waitFor((e) => e.type === 'state' && e.state.mode === 'waiting');

    await c.app.inject({
      method: 'POST',
      url: `/api/handoffs/${handoffRow!.id}/messages`,
      headers: { cookie: owner.cookie },
      payload: { content: 'Hello from the team' },
    });
    await visitor.waitFor((e) => e.type === 'message' && e.message.role === 'agent' && e.message.content === 'Hello from the team');
    await visitor.waitFor((e) => e.type === 'state' && e.state.mode === 'active' && e.state.agentName === 'Ada');
    await visitor.waitFor((e) => e.type === 'message' && e.message.role === 'system' && e.message.content === HANDOFF_TEXT.joined('Ada'));

    await say('Thanks! My order is 42.', { visitorId: 'visitor_live_1', conversationId: asked.conversationId });
    await agent.waitFor((e) => e.type === 'message' && e.message?.content === 'Thanks! My order is 42.');

    await c.app.inject({ method: 'POST', url: `/api/handoffs/${handoffRow!.id}/close`, headers: { cookie: owner.cookie }, payload: { outcome: 'bot' } });
    await visitor.waitFor((e) => e.type === 'message' && e.message.content === HANDOFF_TEXT.backToBot);
    await visitor.waitFor((e) => e.type === 'state' && e.state.mode === 'bot');
    await agent.waitFor((e) => e.type === 'handoff' && e.handoffId === handoffRow!.id);

    // Reconnecting with `since` replays what was missed.
    const resumed = await openEventStream<VisitorEvent>(
      `${base}/api/public/chatbots/${bot.id}/conversations/${asked.conversationId}/events?visitorId=visitor_live_1&since=${encodeURIComponent(new Date(Date.now() - 60_000).toISOString())}`,
    );
    await resumed.waitFor((e) => e.type === 'message' && e.message.content === 'Hello from the team');
    expect(resumed.events.some((e) => e.type === 'message' && e.message.role === 'user')).toBe(false);

    const wrongVisitor = await openEventStream(`${base}/api/public/chatbots/${bot.id}/conversations/${asked.conversationId}/events?visitorId=visitor_intruder`);
    expect(wrongVisitor.status).toBe(404);
    for (const stream of [visitor, agent, resumed, wrongVisitor]) stream.close();
  });

  it("the inbox stream of someone who signed out ends at the next signal and carries no visitor's words", async () => {
    const c = ctx();
    const { owner, say } = await setUp(c);
    if (!c.app.server.listening) await c.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(c.app.server.address() as AddressInfo).port}`;
    const asked = await say('talk to a person', { visitorId: 'visitor_after_sign_out' });
    const agent = await openEventStream<{ type: string; message?: { content: string } }>(`${base}/api/handoffs/events`, { cookie: owner.cookie });
    expect(agent.status).toBe(200);
    const signedOut = await c.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: owner.cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(signedOut.statusCode).toBe(200);
    await say('My card number is on the way', { visitorId: 'visitor_after_sign_out', conversationId: asked.conversationId });
    await agent.ended;
    expect(agent.events.some((e) => e.type === 'message')).toBe(false);
  });
});
