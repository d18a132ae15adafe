import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { conversations, messageActionCalls } from '../../db/schema/index';
import { sentenceModel } from '../../rag/answerers/by-meaning';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { startSignedReceiver } from '../../test/webhook-receiver';
import { BUTTON_OFFER_MARGIN, BUTTON_OFFER_SIMILARITY, offerFields } from './button-offers';
import { generateWebhookSecretForTest } from './test-fixtures';

const SECRET = generateWebhookSecretForTest();

/** The action's endpoint: `/fail` fails, and the rest book the demo. */
const receiver = await startSignedReceiver(SECRET);
receiver.answer((request) =>
  request.url === '/fail'
    ? { status: 500, body: 'calendar exploded at /srv/app/demo.js:42' }
    : {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Your demo is booked for Friday at 10:00.', booking: 'B-77' }),
      },
);
/** What the receiver was sent, with whether the signature verified (the real standardwebhooks package). */
const received = receiver.deliveries;
const receiverUrl = receiver.url;
afterAll(() => receiver.close());

/** Realistic actions and questions, for the threshold's calibration. */
const DESCRIPTIONS = {
  demo: 'Books a product demo with the sales team for the visitor.',
  order: 'Looks up the status and delivery date of an order by its order id (like A-123).',
  callback: 'Asks a person from the support team to call the visitor back by phone.',
  newsletter: 'Subscribes the visitor to the monthly newsletter by e-mail.',
  refund: 'Starts a refund request for an order the visitor wants to return.',
};
const MATCHING: [string, keyof typeof DESCRIPTIONS][] = [
  ['Can I book a demo?', 'demo'],
  ['I would like to see the product in action with someone from sales', 'demo'],
  ['schedule a demo please', 'demo'],
  ['Where is my order A-123?', 'order'],
  ['has my package shipped yet', 'order'],
  ['when will my order arrive?', 'order'],
  ['Can someone call me back?', 'callback'],
  ['I want to talk to someone on the phone', 'callback'],
  ['sign me up for your newsletter', 'newsletter'],
  ['How do I return an item?', 'refund'],
];
const UNRELATED = [
  'What are your opening hours?',
  'Do you ship to Canada?',
  'What is the capital of France?',
  'How much does the Pro plan cost?',
  'Is the shop open on Sundays?',
  'What payment methods do you accept?',
  'hello',
  'thanks!',
  'What is your privacy policy?',
  'How long is the warranty?',
];

describe('action buttons: which questions match an action’s description', () => {
  it(`offers an action for questions asking for it and none for others at ${BUTTON_OFFER_SIMILARITY} (all-MiniLM-L6-v2)`, async () => {
    const model = await sentenceModel();
    expect(model, 'the sentence model runs here').not.toBeNull();
    const names = Object.keys(DESCRIPTIONS) as (keyof typeof DESCRIPTIONS)[];
    const questions = [...MATCHING.map(([question]) => question), ...UNRELATED];
    const vectors = await model!.embed([...names.map((name) => DESCRIPTIONS[name]), ...questions]);
    const similarity = (name: keyof typeof DESCRIPTIONS, question: string) => {
      const a = vectors[names.indexOf(name)]!;
      const b = vectors[names.length + questions.indexOf(question)]!;
      return a.reduce((sum, value, i) => sum + value * b[i]!, 0);
    };
    const offered = (question: string) => {
      const scores = names.map((name) => ({ name, score: similarity(name, question) })).filter((s) => s.score >= BUTTON_OFFER_SIMILARITY);
      const best = Math.max(...scores.map((s) => s.score));
      return scores.filter((s) => s.score >= best - BUTTON_OFFER_MARGIN).map((s) => s.name);
    };
    for (const [question, name] of MATCHING) expect(offered(question), question).toEqual([name]);
    for (const question of UNRELATED) expect(offered(question), question).toEqual([]);
  });

  it('shows top-level strings, numbers and booleans as fields, and nothing else', () => {
    expect(
      offerFields({
        type: 'object',
        properties: {
          email: { type: 'string', description: 'Where the invitation goes', format: 'email' },
          teamSize: { type: 'integer', minimum: 1 },
          plan: { type: 'string', title: 'Plan', enum: ['starter', 'pro'] },
          urgent: { type: 'boolean' },
        },
        required: ['email'],
      }),
    ).toEqual([
      { name: 'email', label: 'Email', type: 'string', required: true, description: 'Where the invitation goes' },
      { name: 'teamSize', label: 'Team size', type: 'integer', required: false, description: '' },
      { name: 'plan', label: 'Plan', type: 'string', required: false, description: '', options: ['starter', 'pro'] },
      { name: 'urgent', label: 'Urgent', type: 'boolean', required: false, description: '' },
    ]);
    expect(offerFields({ type: 'object', properties: {} })).toEqual([]);
    expect(offerFields({ type: 'object' })).toEqual([]);
    expect(offerFields({ type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } })).toBeNull();
    expect(offerFields({ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } })).toBeNull();
    expect(offerFields({ type: 'object', properties: { id: { anyOf: [{ type: 'string' }, { type: 'number' }] } } })).toBeNull();
    expect(offerFields({ type: 'object', properties: { id: { type: ['string', 'null'] } } })).toBeNull();
    expect(offerFields({ type: 'object', properties: {}, required: ['order_id'] })).toBeNull();
    expect(offerFields({ type: 'object', properties: { size: { type: 'number', enum: [1, 2] } } })).toBeNull();
  });
});

const DEMO_PARAMETERS = {
  type: 'object',
  properties: { email: { type: 'string', description: 'Where the invitation goes' }, team_size: { type: 'integer' } },
  required: ['email'],
};

/** A live chatbot answering without a model, with a demo action offered as a button that calls the local receiver. */
async function liveBot(c: TestContext, action: Record<string, unknown> = {}) {
  const owner = await createSignedInUser(c);
  const headers = { cookie: owner.cookie };
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers, payload: { name: 'Sales bot', status: 'live' } })).json() as {
    id: string;
    modelProvider: string;
  };
  expect(bot.modelProvider).toBe('builtin');
  const add = async (payload: Record<string, unknown>) => {
    const created = await c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/actions`, headers, payload });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string };
  };
  const demo = await add({
    name: 'book_demo',
    description: DESCRIPTIONS.demo,
    url: `${receiverUrl}/ok`,
    signingSecret: SECRET,
    parameters: DEMO_PARAMETERS,
    offerAsButton: true,
    buttonLabel: 'Book a demo',
    ...action,
  });
  return { bot, headers, demo, add };
}

async function ask(c: TestContext, botId: string, message: string, visitorId: string, conversationId?: string) {
  const response = await c.app.inject({
    method: 'POST',
    url: `/api/public/chatbots/${botId}/messages`,
    payload: { message, visitorId, ...(conversationId ? { conversationId } : {}) },
  });
  expect(response.statusCode).toBe(200);
  const events = response.body
    .split('\n\n')
    .filter((b) => b.startsWith('data: '))
    .map((b) => JSON.parse(b.slice(6)) as ChatStreamEvent);
  const meta = events.find((e) => e.type === 'meta') as { conversationId: string; messageId: string };
  const actions = events.find((e) => e.type === 'actions') as Extract<ChatStreamEvent, { type: 'actions' }> | undefined;
  return { events, meta, offers: actions?.offers ?? [] };
}

const run = (c: TestContext, path: { botId: string; conversationId: string; actionId: string }, payload: Record<string, unknown>) =>
  c.app.inject({
    method: 'POST',
    url: `/api/public/chatbots/${path.botId}/conversations/${path.conversationId}/actions/${path.actionId}`,
    payload,
  });

const callsOf = (c: TestContext, messageId: string) =>
  c.database.db.select().from(messageActionCalls).where(eq(messageActionCalls.messageId, messageId)).orderBy(messageActionCalls.createdAt);

describeEachDatabase(
  'action buttons without a model',
  (ctx) => {
    it('offers the matching action as a button, with its fields, before `done`; an unrelated question gets none', async () => {
      const c = ctx();
      const { bot, demo, add } = await liveBot(c);
      // Not offered: an action not marked as a button, and one whose parameters are not simple fields.
      await add({ name: 'demo_quietly', description: DESCRIPTIONS.demo, url: `${receiverUrl}/ok`, parameters: DEMO_PARAMETERS });
      await add({
        name: 'demo_with_address',
        description: DESCRIPTIONS.demo,
        url: `${receiverUrl}/ok`,
        offerAsButton: true,
        parameters: { type: 'object', properties: { address: { type: 'object', properties: { city: { type: 'string' } } } } },
      });

      const matching = await ask(c, bot.id, 'Can I book a demo?', 'visitor_buttons_1');
      expect(matching.offers).toEqual([
        {
          actionId: demo.id,
          label: 'Book a demo',
          description: DESCRIPTIONS.demo,
          fields: [
            { name: 'email', label: 'Email', type: 'string', required: true, description: 'Where the invitation goes' },
            { name: 'team_size', label: 'Team size', type: 'integer', required: false, description: '' },
          ],
        },
      ]);
      const types = matching.events.map((e) => e.type);
      expect(types.indexOf('actions')).toBe(types.indexOf('done') - 1);

      const unrelated = await ask(c, bot.id, 'What is the capital of France?', 'visitor_buttons_1', matching.meta.conversationId);
      expect(unrelated.offers).toEqual([]);
      expect(unrelated.events.some((e) => e.type === 'actions')).toBe(false);
      expect(received.filter((r) => r.payload.chatbot_id === bot.id)).toEqual([]);
    });

    it('runs the offered action when the visitor confirms: signed, recorded with the answer, and “Done.” with the endpoint’s message', async () => {
      const c = ctx();
      const { bot, demo } = await liveBot(c);
      const visitorId = 'visitor_buttons_2';
      const { meta } = await ask(c, bot.id, 'I would like to schedule a demo please', visitorId);
      const before = received.length;
      const response = await run(
        c,
        { botId: bot.id, conversationId: meta.conversationId, actionId: demo.id },
        { visitorId, messageId: meta.messageId, arguments: { email: 'ada@example.com', team_size: 4 } },
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, message: 'Done. Your demo is booked for Friday at 10:00.' });
      const sent = received.slice(before);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.verified).toBe(true);
      expect(sent[0]!.payload).toEqual({
        action: 'book_demo',
        arguments: { email: 'ada@example.com', team_size: 4 },
        chatbot_id: bot.id,
        conversation_id: meta.conversationId,
      });
      const [call, ...more] = await callsOf(c, meta.messageId);
      expect(more).toEqual([]);
      expect(call).toMatchObject({
        actionId: demo.id,
        actionName: 'book_demo',
        conversationId: meta.conversationId,
        chatbotId: bot.id,
        arguments: { email: 'ada@example.com', team_size: 4 },
        httpStatus: 200,
        error: null,
      });
    });

    it('refuses another visitor’s conversation, another conversation’s answer, and an action not offered as a button (404), sending nothing', async () => {
      const c = ctx();
      const { bot, demo, add, headers } = await liveBot(c);
      const quiet = await add({ name: 'demo_quietly', description: DESCRIPTIONS.demo, url: `${receiverUrl}/ok`, parameters: DEMO_PARAMETERS });
      const mine = await ask(c, bot.id, 'Can I book a demo?', 'visitor_buttons_3');
      const theirs = await ask(c, bot.id, 'Can I book a demo?', 'visitor_buttons_4');
      const args = { email: 'ada@example.com' };
      const before = received.length;

      const stranger = await run(
        c,
        { botId: bot.id, conversationId: mine.meta.conversationId, actionId: demo.id },
        { visitorId: 'visitor_buttons_4', messageId: mine.meta.messageId, arguments: args },
      );
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().message).toBe('Conversation not found.');

      const otherAnswer = await run(
        c,
        { botId: bot.id, conversationId: mine.meta.conversationId, actionId: demo.id },
        { visitorId: 'visitor_buttons_3', messageId: theirs.meta.messageId, arguments: args },
      );
      expect(otherAnswer.statusCode).toBe(404);
      expect(otherAnswer.json().message).toBe('Message not found.');

      const notAButton = await run(
        c,
        { botId: bot.id, conversationId: mine.meta.conversationId, actionId: quiet.id },
        { visitorId: 'visitor_buttons_3', messageId: mine.meta.messageId, arguments: args },
      );
      expect(notAButton.statusCode).toBe(404);
      expect(notAButton.json().message).toBe('This action is not available.');

      // Another chatbot's action, through this chatbot's conversation.
      const other = await liveBot(c);
      const elsewhere = await run(
        c,
        { botId: bot.id, conversationId: mine.meta.conversationId, actionId: other.demo.id },
        { visitorId: 'visitor_buttons_3', messageId: mine.meta.messageId, arguments: args },
      );
      expect(elsewhere.statusCode).toBe(404);

      // Disabled after it was offered.
      const disabled = await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}/actions/${demo.id}`, headers, payload: { enabled: false } });
      expect(disabled.statusCode).toBe(200);
      const offeredThenDisabled = await run(
        c,
        { botId: bot.id, conversationId: mine.meta.conversationId, actionId: demo.id },
        { visitorId: 'visitor_buttons_3', messageId: mine.meta.messageId, arguments: args },
      );
      expect(offeredThenDisabled.statusCode).toBe(404);
      expect(received.length).toBe(before);
      expect(await callsOf(c, mine.meta.messageId)).toEqual([]);
    });

    it('answers 400 naming the argument when the arguments do not match, and sends nothing', async () => {
      const c = ctx();
      const { bot, demo } = await liveBot(c);
      const visitorId = 'visitor_buttons_5';
      const { meta } = await ask(c, bot.id, 'Can I book a demo?', visitorId);
      const before = received.length;
      const path = { botId: bot.id, conversationId: meta.conversationId, actionId: demo.id };

      const wrongType = await run(c, path, { visitorId, messageId: meta.messageId, arguments: { email: 'ada@example.com', team_size: 'four' } });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().message).toBe('Please check what you entered: argument team_size must be integer.');

      const missing = await run(c, path, { visitorId, messageId: meta.messageId, arguments: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toContain('email');

      const badBody = await run(c, path, { visitorId, arguments: { email: 'ada@example.com' } });
      expect(badBody.statusCode).toBe(400);
      expect(received.length).toBe(before);
      expect(await callsOf(c, meta.messageId)).toEqual([]);
    });

    it('tells the visitor it did not go through when the endpoint fails, without its body; records the error', async () => {
      const c = ctx();
      const { bot, demo } = await liveBot(c, { url: `${receiverUrl}/fail` });
      const visitorId = 'visitor_buttons_6';
      const { meta } = await ask(c, bot.id, 'Can I book a demo?', visitorId);
      const response = await run(
        c,
        { botId: bot.id, conversationId: meta.conversationId, actionId: demo.id },
        { visitorId, messageId: meta.messageId, arguments: { email: 'ada@example.com' } },
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: false, message: 'Sorry, “Book a demo” did not go through. Please try again later.' });
      expect(response.body).not.toContain('exploded');
      const [call] = await callsOf(c, meta.messageId);
      expect(call).toMatchObject({ httpStatus: 500, error: 'The action’s endpoint answered HTTP 500 Internal Server Error.' });
    });

    it('runs the built-in kinds as buttons: the visitor’s contact details kept on the conversation, a person asked to join', async () => {
      const c = ctx();
      const { bot, headers, add } = await liveBot(c);
      await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers, payload: { handoffEnabled: true } });
      const contact = await add({
        name: 'leave_details',
        kind: 'contact',
        description: 'Keeps the visitor’s name, e-mail address and phone number so the team can get back to them.',
        offerAsButton: true,
        buttonLabel: 'Leave your details',
      });
      const handoff = await add({
        name: 'talk_to_person',
        kind: 'handoff',
        description: 'Asks a person from the support team to join the chat.',
        offerAsButton: true,
      });
      const visitorId = 'visitor_buttons_8';
      const asked = await ask(c, bot.id, 'Can your team get back to me? Take my e-mail address please', visitorId);
      expect(asked.offers.map((offer) => offer.label)).toContain('Leave your details');
      const path = { botId: bot.id, conversationId: asked.meta.conversationId };
      const kept = await run(
        c,
        { ...path, actionId: contact.id },
        { visitorId, messageId: asked.meta.messageId, arguments: { name: 'Ada', email: 'Ada@Example.com' } },
      );
      expect(kept.json()).toEqual({ success: true, message: 'Done.' });
      const [row] = await c.database.db.select().from(conversations).where(eq(conversations.id, asked.meta.conversationId));
      expect(row).toMatchObject({ contactName: 'Ada', contactEmail: 'ada@example.com', contactPhone: null });

      const person = await ask(c, bot.id, 'I want a person from support to join this chat', visitorId, asked.meta.conversationId);
      expect(person.offers.map((offer) => offer.label)).toContain('Talk to person');
      const joined = await run(c, { ...path, actionId: handoff.id }, { visitorId, messageId: person.meta.messageId, arguments: {} });
      expect(joined.json()).toEqual({ success: true, message: 'Done.' });
      const state = await c.app.inject({
        method: 'GET',
        url: `/api/public/chatbots/${bot.id}/conversations/${asked.meta.conversationId}?visitorId=${visitorId}`,
      });
      expect(state.json().state.mode).toBe('waiting');
    });

    it('counts each click against the tier’s calls per answer', async () => {
      const c = ctx();
      const { bot, demo } = await liveBot(c);
      const visitorId = 'visitor_buttons_7';
      const { meta } = await ask(c, bot.id, 'Can I book a demo?', visitorId);
      const path = { botId: bot.id, conversationId: meta.conversationId, actionId: demo.id };
      const body = { visitorId, messageId: meta.messageId, arguments: { email: 'ada@example.com' } };
      // The free tier's default: 3 calls per answer.
      for (let i = 0; i < 3; i += 1) expect((await run(c, path, body)).statusCode).toBe(200);
      const before = received.length;
      const fourth = await run(c, path, body);
      expect(fourth.statusCode).toBe(403);
      expect(fourth.json().message).toContain('the most one answer allows');
      expect(received.length).toBe(before);
      expect(await callsOf(c, meta.messageId)).toHaveLength(3);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true', FETCH_TIMEOUT_MS: '1500' },
);
