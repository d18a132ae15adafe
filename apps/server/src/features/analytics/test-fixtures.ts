/** Test data for the analytics tests: conversations, messages and handoffs written directly with chosen times. */
import type { Db } from '../../db/client';
import { conversations, handoffs, messages, type MESSAGE_OUTCOMES } from '../../db/schema/index';
import { createSignedInUser, type TestContext } from '../../test/harness';
import { rebuildChatStats } from './rebuild';

export interface Owner {
  cookie: string;
  userId: string;
  email: string;
  organizationId: string;
}

/** A signed-in customer with their organization. */
export async function createOwner(c: TestContext): Promise<Owner> {
  const user = await createSignedInUser(c);
  const usage = await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: user.cookie } });
  return { ...user, organizationId: (usage.json() as { organizationId: string }).organizationId };
}

export async function createBot(c: TestContext, owner: Owner, name: string): Promise<string> {
  const response = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name } });
  if (response.statusCode !== 201) throw new Error(`chatbot not created: ${response.statusCode} ${response.body}`);
  return (response.json() as { id: string }).id;
}

export interface SeedMessage {
  role: 'user' | 'assistant' | 'agent' | 'system';
  at: string;
  content?: string;
  tokens?: number;
  outcome?: (typeof MESSAGE_OUTCOMES)[number];
  latencyMs?: number;
  rating?: 1 | -1;
  questionKey?: string;
  isAnswered?: boolean;
}

/** One conversation with its messages (and handoff requests) at the given instants. */
export async function seedConversation(
  db: Db,
  input: {
    organizationId: string;
    chatbotId: string;
    channel: 'widget' | 'test' | 'api';
    startedAt: string;
    messages: SeedMessage[];
    handoffsAt?: string[];
  },
): Promise<string> {
  const times = [input.startedAt, ...input.messages.map((m) => m.at)].map((t) => new Date(t).getTime());
  const [conversation] = await db
    .insert(conversations)
    .values({
      organizationId: input.organizationId,
      chatbotId: input.chatbotId,
      visitorId: `visitor-${Math.random().toString(36).slice(2)}`,
      channel: input.channel,
      messageCount: input.messages.length,
      startedAt: new Date(input.startedAt),
      lastMessageAt: new Date(Math.max(...times)),
    })
    .returning({ id: conversations.id });
  const conversationId = conversation!.id;
  if (input.messages.length > 0) {
    await db.insert(messages).values(
      input.messages.map((m, i) => ({
        conversationId,
        role: m.role,
        content: m.content ?? `${m.role} message ${i}`,
        tokens: m.tokens ?? 0,
        outcome: m.outcome ?? null,
        latencyMs: m.latencyMs ?? null,
        rating: m.rating ?? null,
        questionKey: m.questionKey ?? null,
        isAnswered: m.isAnswered ?? null,
        createdAt: new Date(m.at),
      })),
    );
  }
  for (const at of input.handoffsAt ?? []) {
    await db.insert(handoffs).values({
      organizationId: input.organizationId,
      chatbotId: input.chatbotId,
      conversationId,
      reason: 'phrase',
      status: 'closed',
      requestedAt: new Date(at),
      closedAt: new Date(at),
    });
  }
  return conversationId;
}

/** An RFC 4180 reader for checking what the exports wrote (quoted fields, doubled quotes, CRLF rows). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') cell += ch;
      else if (text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/**
 * The export tests' data, one organization: around UTC 10 May 2026, a conversation that starts
 * the evening before, one through the API and one with text a spreadsheet must not run; the test
 * chat and a later day are outside. The rollups are rebuilt from it.
 */
export async function seedExportData(c: TestContext) {
  const { db } = c.database;
  const owner = await createOwner(c);
  const support = await createBot(c, owner, 'Support, "main"');
  const api = await createBot(c, owner, 'API bot');
  const org = { organizationId: owner.organizationId };
  // Started before the period; only its answer falls inside (UTC 10 May).
  const early = await seedConversation(db, {
    ...org,
    chatbotId: api,
    channel: 'widget',
    startedAt: '2026-05-09T23:59:00Z',
    messages: [
      { role: 'user', at: '2026-05-09T23:59:00Z', tokens: 1, content: 'late question', questionKey: 'late question', isAnswered: true },
      { role: 'assistant', at: '2026-05-10T00:00:30Z', tokens: 2, content: 'late **answer**', outcome: 'answered', latencyMs: 100 },
    ],
  });
  const apiConversation = await seedConversation(db, {
    ...org,
    chatbotId: api,
    channel: 'api',
    startedAt: '2026-05-10T07:00:00Z',
    messages: [
      { role: 'user', at: '2026-05-10T07:00:00Z', tokens: 4, content: 'first conversation', questionKey: 'conversation first', isAnswered: false },
      { role: 'assistant', at: '2026-05-10T07:00:01Z', content: '-dash', outcome: 'error' },
    ],
  });
  const main = await seedConversation(db, {
    ...org,
    chatbotId: support,
    channel: 'widget',
    startedAt: '2026-05-10T08:00:00Z',
    messages: [
      {
        role: 'user',
        at: '2026-05-10T08:00:00Z',
        tokens: 5,
        content: 'Hello, "world"\nsecond line',
        questionKey: 'hello line second world',
        isAnswered: true,
      },
      {
        role: 'assistant',
        at: '2026-05-10T08:00:02Z',
        tokens: 12,
        content: '=HYPERLINK("http://evil.example","x")',
        outcome: 'answered',
        latencyMs: 1234.4,
        rating: 1,
      },
      { role: 'user', at: '2026-05-10T08:01:00Z', tokens: 6, content: '+1 555 0100', questionKey: '0100 555', isAnswered: false },
      { role: 'assistant', at: '2026-05-10T08:01:01Z', tokens: 3, content: '@SUM(A1)', outcome: 'declined', latencyMs: 10, rating: -1 },
    ],
  });
  // Not exported: the test chat, and a day outside the period.
  await seedConversation(db, {
    ...org,
    chatbotId: support,
    channel: 'test',
    startedAt: '2026-05-10T09:00:00Z',
    messages: [{ role: 'user', at: '2026-05-10T09:00:00Z', content: 'owner testing', questionKey: 'owner test' }],
  });
  await seedConversation(db, {
    ...org,
    chatbotId: support,
    channel: 'widget',
    startedAt: '2026-05-12T09:00:00Z',
    messages: [{ role: 'user', at: '2026-05-12T09:00:00Z', content: 'two days later', questionKey: 'day later two' }],
  });
  await rebuildChatStats(db, { organizationId: owner.organizationId });
  return { owner, bots: { support, api }, ids: { early, api: apiConversation, main } };
}
