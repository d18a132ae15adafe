import { TEXT_SOURCE_MAX_CHARS } from '@parley/shared/contracts/knowledge-sources';
import { type ChatStreamEvent } from '@parley/shared/contracts/chat';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { chatbots, documentChunks, messages, usageLedger } from '../../db/schema/index';
import { creditTokens } from '../../services/token-ledger';
import { makeDocx, makePdf } from '../../rag/__fixtures__/test-documents';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';

const HANDBOOK_MD = `# Acme Rocket Handbook

## Refunds
Customers can ask for a refund within 30 days of purchase. Refunds are paid back to the original card within five working days.

## Shipping
We ship rockets from our warehouse in Rotterdam. Delivery to Europe takes three days; other continents take about two weeks.
`;

const PDF_PAGES = [
  [
    'Warranty terms for Acme rockets.',
    'Every rocket carries a warranty of two years against manufacturing defects.',
    'The warranty does not cover damage from crash landings.',
  ],
];
const DOCX_PARAGRAPHS = [
  { text: 'Support hours', style: 'Heading1' as const },
  { text: 'Our support desk is open Monday to Friday from 9:00 to 17:00 Central European Time.' },
  { text: 'Urgent launch problems can be reported by phone at any hour.' },
];

function multipart(field: string, filename: string, contentType: string, data: Uint8Array) {
  const boundary = `----parley${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(data), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function events(response: LightMyRequestResponse): ChatStreamEvent[] {
  return response.body
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as ChatStreamEvent);
}

async function waitUntilReady(app: FastifyInstance, cookie: string, chatbotId: string, expected: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = (await app.inject({ method: 'GET', url: `/api/chatbots/${chatbotId}/sources`, headers: { cookie } })).json().items as {
      status: string;
      error: string | null;
      name: string;
    }[];
    if (list.some((s) => s.status === 'failed')) throw new Error(`a source failed: ${JSON.stringify(list)}`);
    if (list.length === expected && list.every((s) => s.status === 'ready')) return list;
    if (Date.now() > deadline) throw new Error(`sources not ready: ${JSON.stringify(list)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function createBot(c: TestContext, cookie: string, body: Record<string, unknown> = {}) {
  const response = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie }, payload: { name: 'Acme helper', ...body } });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; embedding: { provider: string; dimensions: number } };
}

describeEachDatabase(
  'chatbots grounded in documents',
  (ctx) => {
    it('ingests markdown, PDF and DOCX, answers from them with citations, and declines what they do not cover', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const bot = await createBot(c, owner.cookie);
      expect(bot.embedding).toMatchObject({ provider: 'local', dimensions: 384 });

      const uploads = [
        multipart('file', 'handbook.md', 'text/markdown', Buffer.from(HANDBOOK_MD)),
        multipart('file', 'warranty.pdf', 'application/pdf', makePdf(PDF_PAGES)),
        multipart('file', 'support.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', makeDocx(DOCX_PARAGRAPHS)),
      ];
      for (const upload of uploads) {
        const response = await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/sources/file`,
          headers: { cookie: owner.cookie, ...upload.headers },
          payload: upload.payload,
        });
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json().status).toBe('queued');
      }
      const sources = await waitUntilReady(c.app, owner.cookie, bot.id, 3);
      expect(sources.every((s) => s.status === 'ready')).toBe(true);
      const chunks = await c.database.db.select({ n: count() }).from(documentChunks).where(eq(documentChunks.chatbotId, bot.id));
      expect(Number(chunks[0]?.n)).toBeGreaterThanOrEqual(3);

      const ask = (message: string, conversationId?: string) =>
        c.app.inject({ method: 'POST', url: `/api/chatbots/${bot.id}/test-chat`, headers: { cookie: owner.cookie }, payload: { message, conversationId } });

      const warranty = events(await ask('How long is the warranty on a rocket?'));
      const done = warranty.find((e) => e.type === 'done');
      expect(done).toMatchObject({ type: 'done', answered: true });
      const text = warranty
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join('');
      expect(text).toMatch(/two years/);
      expect((done as { citations: { sourceName: string }[] }).citations.map((x) => x.sourceName)).toContain('warranty.pdf');

      const meta = warranty.find((e) => e.type === 'meta') as { conversationId: string };
      const support = events(await ask('When is the support desk open?', meta.conversationId));
      expect(
        support
          .filter((e) => e.type === 'delta')
          .map((e) => (e as { text: string }).text)
          .join(''),
      ).toMatch(/Monday to Friday/);
      expect((support.find((e) => e.type === 'done') as { citations: { sourceName: string }[] }).citations[0]?.sourceName).toBe('support.docx');

      const unrelated = events(await ask('What is the boiling point of mercury?'));
      expect(unrelated.find((e) => e.type === 'done')).toMatchObject({ answered: false, citations: [] });

      const stored = await c.database.db.select().from(messages);
      expect(stored.filter((m) => m.role === 'assistant' && m.content.includes('two years'))[0]?.sources.length).toBeGreaterThan(0);
      // Three turns of two messages each, and the three documents at the storage rate.
      const metered = await c.database.db
        .select({ tokenType: usageLedger.tokenType, n: count() })
        .from(usageLedger)
        .where(eq(usageLedger.chatbotId, bot.id))
        .groupBy(usageLedger.tokenType);
      expect(Object.fromEntries(metered.map((row) => [row.tokenType, Number(row.n)]))).toEqual({ input: 3, output: 3, embedding: 3 });
    });

    it('keeps every customer’s documents to their own chatbots', async () => {
      const c = ctx();
      const alice = await createSignedInUser(c);
      const bob = await createSignedInUser(c);
      const aliceBot = await createBot(c, alice.cookie, { name: 'Alice bot' });
      const bobBot = await createBot(c, bob.cookie, { name: 'Bob bot' });
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${aliceBot.id}/sources/text`,
        headers: { cookie: alice.cookie },
        payload: { name: 'secret', text: 'The launch code for project Zephyr is purple-falcon-42.' },
      });
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bobBot.id}/sources/text`,
        headers: { cookie: bob.cookie },
        payload: { name: 'bob notes', text: 'Bob sells garden gnomes in three sizes.' },
      });
      await waitUntilReady(c.app, alice.cookie, aliceBot.id, 1);
      await waitUntilReady(c.app, bob.cookie, bobBot.id, 1);

      const answer = events(
        await c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bobBot.id}/test-chat`,
          headers: { cookie: bob.cookie },
          payload: { message: 'What is the launch code for project Zephyr?' },
        }),
      );
      const text = answer
        .filter((e) => e.type === 'delta')
        .map((e) => (e as { text: string }).text)
        .join('');
      expect(text).not.toMatch(/purple-falcon/);
      expect(answer.find((e) => e.type === 'done')).toMatchObject({ answered: false });

      // Bob cannot see, change or use Alice's chatbot.
      for (const [method, url] of [
        ['GET', `/api/chatbots/${aliceBot.id}`],
        ['GET', `/api/chatbots/${aliceBot.id}/sources`],
        ['PATCH', `/api/chatbots/${aliceBot.id}`],
        ['POST', `/api/chatbots/${aliceBot.id}/test-chat`],
        ['DELETE', `/api/chatbots/${aliceBot.id}`],
      ] as const) {
        const response = await c.app.inject({
          method,
          url,
          headers: { cookie: bob.cookie },
          payload: method === 'GET' || method === 'DELETE' ? undefined : { message: 'hi', name: 'x' },
        });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(
        (await c.app.inject({ method: 'GET', url: '/api/chatbots', headers: { cookie: bob.cookie } })).json().items.map((b: { id: string }) => b.id),
      ).toEqual([bobBot.id]);
    });

    it('the public chat answers only for live chatbots on allowed origins, with CORS and rate limits', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const bot = await createBot(c, owner.cookie, { allowedOrigins: ['https://shop.example.com'] });
      await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/text`,
        headers: { cookie: owner.cookie },
        payload: { name: 'faq', text: HANDBOOK_MD },
      });
      await waitUntilReady(c.app, owner.cookie, bot.id, 1);
      const ask = (origin: string, ip = '198.51.100.5') =>
        c.app.inject({
          method: 'POST',
          url: `/api/public/chatbots/${bot.id}/messages`,
          remoteAddress: ip,
          headers: { origin },
          payload: { message: 'How long do refunds take?', visitorId: 'visitor-12345' },
        });

      expect((await ask('https://shop.example.com')).statusCode).toBe(404); // still a draft
      await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers: { cookie: owner.cookie }, payload: { status: 'live' } });

      const allowed = await ask('https://shop.example.com');
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['access-control-allow-origin']).toBe('https://shop.example.com');
      expect(allowed.headers['content-type']).toContain('text/event-stream');
      expect(
        events(allowed)
          .filter((e) => e.type === 'delta')
          .map((e) => (e as { text: string }).text)
          .join(''),
      ).toMatch(/five working days/);

      const elsewhere = await ask('https://evil.example.net');
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.headers['access-control-allow-origin']).toBe('https://evil.example.net');
      const invalid = await c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        headers: { origin: 'https://shop.example.com' },
        payload: { message: '' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.headers['access-control-allow-origin']).toBe('https://shop.example.com');

      const config = await c.app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/config`, headers: { origin: 'https://shop.example.com' } });
      expect(config.json()).toMatchObject({ id: bot.id, name: 'Acme helper', appearance: { position: 'bottom-right' } });
      const preflight = await c.app.inject({
        method: 'OPTIONS',
        url: `/api/public/chatbots/${bot.id}/messages`,
        headers: { origin: 'https://shop.example.com', 'access-control-request-method': 'POST' },
      });
      expect(preflight.statusCode).toBe(204);

      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) statuses.push((await ask('https://shop.example.com', '203.0.113.99')).statusCode);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    });

    it('lists the chatbots a page at a time, newest first, searchable by name', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const other = await createSignedInUser(c);
      await createBot(c, other.cookie, { name: 'Not yours 1' });
      const first = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Bot 00' } })).json() as {
        organizationId: string;
      };
      // 29 more, a minute apart, one named with LIKE's wildcards.
      const start = Date.now() - 60 * 60_000;
      await c.database.db.insert(chatbots).values(
        Array.from({ length: 29 }, (_, i) => ({
          organizationId: first.organizationId,
          name: i === 28 ? '100%_sure' : `Bot ${String(i + 1).padStart(2, '0')}`,
          systemPrompt: 'p',
          appearance: { color: '#4f46e5', position: 'bottom-right' as const, title: 'Chat', avatarUrl: null },
          createdAt: new Date(start + i * 60_000),
        })),
      );
      const get = async (query: string) => {
        const response = await c.app.inject({ method: 'GET', url: `/api/chatbots${query}`, headers: { cookie: owner.cookie } });
        expect(response.statusCode, query).toBe(200);
        return response.json() as { items: { name: string }[]; total: number; page: number; pageSize: number };
      };

      const page1 = await get('');
      expect(page1).toMatchObject({ total: 30, page: 1, pageSize: 25 });
      expect(page1.items.map((b) => b.name).slice(0, 3)).toEqual(['Bot 00', '100%_sure', 'Bot 28']);
      const page3 = await get('?page=3&pageSize=12');
      expect(page3).toMatchObject({ total: 30, page: 3, pageSize: 12 });
      expect(page3.items.map((b) => b.name)).toEqual(['Bot 06', 'Bot 05', 'Bot 04', 'Bot 03', 'Bot 02', 'Bot 01']);
      expect((await get('?search=bot%2002')).items.map((b) => b.name)).toEqual(['Bot 02']);
      expect((await get('?search=%25_')).items.map((b) => b.name)).toEqual(['100%_sure']);
      expect((await get('?search=not%20yours')).total).toBe(0);

      for (const [query, message] of [
        ['?pageSize=101', /pageSize must be at most 100/],
        ['?page=0', /page must be 1 or more/],
        [`?search=${'x'.repeat(201)}`, /search must be at most 200 characters/],
      ] as const) {
        const response = await c.app.inject({ method: 'GET', url: `/api/chatbots${query}`, headers: { cookie: owner.cookie } });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message).toMatch(message);
      }
    });

    it('takes pasted text up to its character limit in any script, escaped or not; one character more is refused with the limit named', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const bot = await createBot(c, owner.cookie, { name: 'CJK bot' });
      // 500,000 characters cost 666,500 tokens, more than a Free month: the organization bought a package first.
      const [row] = await c.database.db.select({ organizationId: chatbots.organizationId }).from(chatbots).where(eq(chatbots.id, bot.id));
      await creditTokens(c.database.db, { organizationId: row!.organizationId, tokens: 2_000_000, reason: 'purchase', reference: `test:cjk:${bot.id}` });
      const paste = (text: string, escaped = false) =>
        c.app.inject({
          method: 'POST',
          url: `/api/chatbots/${bot.id}/sources/text`,
          headers: { cookie: owner.cookie, 'content-type': 'application/json' },
          // A client may send the characters as UTF-8 (3 bytes each here) or escaped as \uXXXX (6 bytes each).
          payload: escaped
            ? JSON.stringify({ name: '手册', text }).replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
            : { name: '手册', text },
        });
      const longest = '漢'.repeat(TEXT_SOURCE_MAX_CHARS);
      for (const escaped of [false, true]) {
        const added = await paste(longest, escaped);
        expect(added.statusCode, `escaped: ${escaped}: ${added.body.slice(0, 300)}`).toBe(201);
        const { id } = added.json() as { id: string };
        expect((await c.app.inject({ method: 'DELETE', url: `/api/chatbots/${bot.id}/sources/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(
          200,
        );
      }
      const tooLong = await paste(`${longest}字`);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/Text must be at most 500000 characters/);
    });

    it('a PATCH of the appearance changes only the fields it names', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const appearance = { color: '#112233', position: 'bottom-left', title: 'Ask Acme', avatarUrl: 'https://cdn.example.com/acme.png' };
      const bot = await createBot(c, owner.cookie, { appearance });
      const patch = (payload: object) => c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers: { cookie: owner.cookie }, payload });

      const recoloured = await patch({ appearance: { color: '#abcdef' } });
      expect(recoloured.statusCode).toBe(200);
      expect(recoloured.json().appearance).toEqual({ ...appearance, color: '#abcdef' });
      expect((await patch({ appearance: { avatarUrl: null, title: 'Help' } })).json().appearance).toEqual({
        color: '#abcdef',
        position: 'bottom-left',
        title: 'Help',
        avatarUrl: null,
      });
      // Another field alone leaves the appearance as it is; a bad value changes nothing.
      expect((await patch({ name: 'Renamed' })).json().appearance).toEqual({ color: '#abcdef', position: 'bottom-left', title: 'Help', avatarUrl: null });
      expect((await patch({ appearance: { color: 'red', title: 'Never' } })).statusCode).toBe(400);
      const stored = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}`, headers: { cookie: owner.cookie } });
      expect(stored.json().appearance).toEqual({ color: '#abcdef', position: 'bottom-left', title: 'Help', avatarUrl: null });
    });

    it('bad input is refused with 400 and a clear message', async () => {
      const c = ctx();
      const owner = await createSignedInUser(c);
      const bot = await createBot(c, owner.cookie);
      const cases: [string, string, unknown, RegExp][] = [
        ['POST', '/api/chatbots', { name: '' }, /Name is required/],
        ['POST', '/api/chatbots', { name: 'x', temperature: 3 }, /between 0 and 2/],
        ['POST', '/api/chatbots', { name: 'x', allowedOrigins: ['https://x.example.com/path'] }, /not a website origin/],
        ['POST', '/api/chatbots', { name: 'x', appearance: { color: 'red' } }, /hex value/],
        ['PATCH', `/api/chatbots/${bot.id}`, { status: 'public' }, /status/],
        ['POST', `/api/chatbots/${bot.id}/sources/url`, { url: 'ftp://example.com/file' }, /http/],
        ['POST', `/api/chatbots/${bot.id}/sources/text`, { name: 'x', text: '   ' }, /Text is required/],
        ['POST', `/api/chatbots/${bot.id}/test-chat`, { message: '' }, /Message is required/],
        ['GET', '/api/chatbots/not-a-uuid', undefined, /UUID/],
      ];
      for (const [method, url, payload, message] of cases) {
        const response = await c.app.inject({ method: method as 'POST', url, headers: { cookie: owner.cookie }, payload: payload as object });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json().message).toMatch(message);
      }
      const exe = multipart('file', 'virus.exe', 'application/octet-stream', Buffer.from('MZ'));
      const upload = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/file`,
        headers: { cookie: owner.cookie, ...exe.headers },
        payload: exe.payload,
      });
      expect(upload.statusCode).toBe(400);
      expect(upload.json().message).toMatch(/not supported/);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'false' },
  { startBackgroundWork: true },
);
