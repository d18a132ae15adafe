import { SYSTEM_CONFIGURATION_DEFAULTS } from '@parley/shared/constants';
import { N8N_MESSAGES } from '@parley/shared/contracts/n8n';
import type { SystemConfiguration } from '@parley/shared/contracts/system-configuration';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminActivityLogs, documentChunks, knowledgeSources } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { readWebhookDeliverySettings } from '../../services/system-configuration';
import { startFakeN8n, type FakeN8n } from '../n8n/__fixtures__/fake-n8n';

const URL_PATH = '/api/admin/system-configuration';

/** A stand-in n8n (its health endpoint answers as n8n's does); under /down it is unavailable, under /other not n8n. */
let n8n: FakeN8n;
let n8nBase = '';
beforeAll(async () => {
  n8n = await startFakeN8n();
  n8n.routes.set('GET /down/healthz', () => ({ status: 503, statusText: 'Service Unavailable', body: 'starting' }));
  // Any other server that answers 200 at the path (Parley's own pages, for one) is not n8n.
  n8n.routes.set('GET /other/healthz', () => ({ body: '<!doctype html><title>Parley</title>' }));
  n8nBase = n8n.origin;
});
afterAll(() => n8n.close());

function settingsOf(configuration: SystemConfiguration) {
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings } = configuration;
  return settings;
}

async function currentSettings(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: 'GET', url: URL_PATH, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return settingsOf(response.json() as SystemConfiguration);
}

async function put(app: FastifyInstance, cookie: string, body: object) {
  return app.inject({ method: 'PUT', url: URL_PATH, headers: { cookie }, payload: body });
}

const LONG_TEXT = Array.from(
  { length: 120 },
  (_, i) => `Paragraph ${i + 1}. Acme rockets ship from Rotterdam and every order number ${1000 + i} is tracked until it lands safely at the customer.`,
).join('\n\n');

async function ingestText(c: TestContext, cookie: string, chatbotName: string) {
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie }, payload: { name: chatbotName } })).json() as {
    id: string;
    chunking: { size: number; overlap: number; strategy: string };
  };
  const added = await c.app.inject({
    method: 'POST',
    url: `/api/chatbots/${bot.id}/sources/text`,
    headers: { cookie },
    payload: { name: 'shipping', text: LONG_TEXT },
  });
  expect(added.statusCode).toBe(201);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [source] = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.chatbotId, bot.id));
    if (source?.status === 'ready') break;
    if (source?.status === 'failed') throw new Error(`ingestion failed: ${source.error}`);
    if (Date.now() > deadline) throw new Error('ingestion did not finish');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const chunks = await c.database.db.select({ tokens: documentChunks.tokenCount }).from(documentChunks).where(eq(documentChunks.chatbotId, bot.id));
  return { bot, chunks };
}

function multipartFile(filename: string, data: Buffer) {
  const boundary = `----parley${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/plain\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describeEachDatabase(
  'system configuration',
  (ctx) => {
    it('shows the defaults to a system admin, and denies everyone else (the web then shows no configuration)', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      expect(await currentSettings(c.app, admin.cookie)).toEqual({ ...SYSTEM_CONFIGURATION_DEFAULTS, n8nWebhookBaseUrl: null });

      for (const role of ['support', 'developer'] as const) {
        const other = await createAdmin(c, role);
        const read = await c.app.inject({ method: 'GET', url: URL_PATH, headers: { cookie: other.cookie } });
        expect(read.statusCode, role).toBe(403);
        expect(read.json().message).toBe('You need system_admin role to access this feature.');
        const write = await put(c.app, other.cookie, { ...SYSTEM_CONFIGURATION_DEFAULTS, defaultChunkSize: 500 });
        expect(write.statusCode, role).toBe(403);
      }
      const customer = await createSignedInUser(c);
      expect((await c.app.inject({ method: 'GET', url: URL_PATH, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
      expect((await c.app.inject({ method: 'GET', url: URL_PATH })).statusCode).toBe(401);
      expect((await currentSettings(c.app, admin.cookie)).defaultChunkSize).toBe(SYSTEM_CONFIGURATION_DEFAULTS.defaultChunkSize);
    });

    it('saves the whole configuration, logs the changed fields in the activity log, and writes nothing for an unchanged save', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const before = await currentSettings(c.app, admin.cookie);
      const next = {
        ...before,
        globalWebhookTimeoutSeconds: 45,
        globalWebhookRetryCount: 5,
        webhookRateLimitPerMinute: 250,
        processingMode: 'n8n_integration' as const,
        n8nWebhookBaseUrl: '  https://n8n.example.com/webhook  ',
      };
      const saved = await put(c.app, admin.cookie, next);
      expect(saved.statusCode, saved.body).toBe(200);
      const body = saved.json() as SystemConfiguration;
      expect(body).toMatchObject({ globalWebhookTimeoutSeconds: 45, processingMode: 'n8n_integration', n8nWebhookBaseUrl: 'https://n8n.example.com/webhook' });
      expect(body.updatedBy).toBe(admin.email);
      expect(await readWebhookDeliverySettings(c.database.db)).toEqual({ timeoutSeconds: 45, retryCount: 5, rateLimitPerMinute: 250 });

      const [entry] = await c.database.db
        .select()
        .from(adminActivityLogs)
        .where(eq(adminActivityLogs.action, 'system_configuration_updated'))
        .orderBy(desc(adminActivityLogs.createdAt))
        .limit(1);
      expect(entry?.adminUserId).toBe(admin.userId);
      const details = entry?.details as { changed_fields: string[]; changes: Record<string, { from: unknown; to: unknown }> };
      expect(details.changed_fields.sort()).toEqual(
        ['global_webhook_retry_count', 'global_webhook_timeout_seconds', 'n8n_webhook_base_url', 'processing_mode', 'webhook_rate_limit_per_minute'].sort(),
      );
      expect(details.changes.global_webhook_timeout_seconds).toEqual({ from: 30, to: 45 });

      const logCount = async () =>
        (await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.action, 'system_configuration_updated'))).length;
      const count = await logCount();
      expect((await put(c.app, admin.cookie, { ...next, n8nWebhookBaseUrl: 'https://n8n.example.com/webhook' })).statusCode).toBe(200);
      expect(await logCount()).toBe(count);

      // Back to built-in processing: the URL may stay (it is kept for the next switch) or be cleared with ''.
      const cleared = await put(c.app, admin.cookie, { ...next, processingMode: 'edge_functions', n8nWebhookBaseUrl: '' });
      expect(cleared.json()).toMatchObject({ processingMode: 'edge_functions', n8nWebhookBaseUrl: null });
      await put(c.app, admin.cookie, { ...SYSTEM_CONFIGURATION_DEFAULTS, n8nWebhookBaseUrl: null });
    });

    it('refuses a save made on a configuration another admin has saved since (409), and keeps theirs', async () => {
      const c = ctx();
      const [first, second] = [await createAdmin(c, 'system_admin'), await createAdmin(c, 'system_admin')];
      const opened = (await c.app.inject({ method: 'GET', url: URL_PATH, headers: { cookie: first.cookie } })).json() as SystemConfiguration;
      const base = settingsOf(opened);
      const theirs = await put(c.app, second.cookie, { ...base, globalWebhookRetryCount: 7, expectedUpdatedAt: opened.updatedAt });
      expect(theirs.statusCode, theirs.body).toBe(200);

      const mine = await put(c.app, first.cookie, { ...base, defaultChunkSize: 900, expectedUpdatedAt: opened.updatedAt });
      expect(mine.statusCode).toBe(409);
      expect(mine.json().message).toMatch(
        /^Another administrator saved the configuration at [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}:\d{2} [AP]M UTC since you opened it\./,
      );
      expect(await currentSettings(c.app, first.cookie)).toMatchObject({ globalWebhookRetryCount: 7, defaultChunkSize: base.defaultChunkSize });

      // Saving again on what is saved now: theirs stays, mine is added.
      const fresh = theirs.json() as SystemConfiguration;
      const again = await put(c.app, first.cookie, { ...settingsOf(fresh), defaultChunkSize: 900, expectedUpdatedAt: fresh.updatedAt });
      expect(again.statusCode, again.body).toBe(200);
      expect(await currentSettings(c.app, first.cookie)).toMatchObject({ globalWebhookRetryCount: 7, defaultChunkSize: 900 });
      // The same values again change nothing and need no version; without one the last save wins.
      expect((await put(c.app, first.cookie, { ...settingsOf(fresh), defaultChunkSize: 900, expectedUpdatedAt: opened.updatedAt })).statusCode).toBe(200);
      expect((await put(c.app, first.cookie, { ...SYSTEM_CONFIGURATION_DEFAULTS, n8nWebhookBaseUrl: null })).statusCode).toBe(200);
      expect((await put(c.app, first.cookie, { ...base, expectedUpdatedAt: 'yesterday' })).statusCode).toBe(400);
    });

    it('refuses invalid settings with a clear message and changes nothing', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const base = await currentSettings(c.app, admin.cookie);
      const cases: [object, RegExp][] = [
        [{ defaultChunkSize: 500, defaultChunkOverlap: 500 }, /Chunk overlap must be smaller than the chunk size\./],
        [{ defaultChunkSize: 10 }, /Chunk size must be from 50 to 8000\./],
        [{ defaultChunkSize: 1000.5 }, /Chunk size must be a whole number\./],
        [{ defaultChunkSize: '1000' }, /Chunk size must be a whole number\./],
        [{ defaultChunkOverlap: -1 }, /Chunk overlap must be from 0 to 7999\./],
        [{ maxDocumentSizeMb: 0 }, /Max document size \(MB\) must be from 1 to 200\./],
        [{ maxDocumentSizeMb: 201 }, /Max document size \(MB\) must be from 1 to 200\./],
        [{ maxConcurrentProcessingJobs: 0 }, /Max concurrent processing jobs must be from 1 to 20\./],
        [{ processingQueueTimeoutMinutes: 2000 }, /Processing queue timeout \(minutes\) must be from 1 to 1440\./],
        [{ globalWebhookTimeoutSeconds: 301 }, /Webhook timeout \(seconds\) must be from 1 to 300\./],
        [{ globalWebhookRetryCount: 11 }, /Webhook retry count must be from 0 to 10\./],
        [{ webhookRateLimitPerMinute: 0 }, /Webhook rate limit \(per minute\) must be from 1 to 10000\./],
        [{ defaultEmbeddingDimensions: 4096 }, /Embedding dimensions must be from 64 to 1536\./],
        [{ defaultEmbeddingModel: 'text-embedding-ada-002', defaultEmbeddingDimensions: 512 }, /text-embedding-ada-002 always has 1536 dimensions\./],
        [{ defaultEmbeddingModel: 'gpt-4' }, /Embedding model must be one of text-embedding-3-small, text-embedding-3-large, text-embedding-ada-002\./],
        [{ defaultChunkingStrategy: 'paragraph' }, /Chunking strategy must be one of semantic, fixed, sliding\./],
        [{ processingMode: 'hybrid' }, /Processing mode must be edge_functions or n8n_integration\./],
        [{ processingMode: 'n8n_integration', n8nWebhookBaseUrl: null }, /The n8n base URL is required in n8n integration mode\./],
        [{ processingMode: 'n8n_integration', n8nWebhookBaseUrl: 'ftp://n8n.example.com' }, /The n8n base URL must be an http:\/\/ or https:\/\/ address\./],
        [{ processingMode: 'n8n_integration', n8nWebhookBaseUrl: 'not a url' }, /The n8n base URL must be an http:\/\/ or https:\/\/ address\./],
        [{ n8nWebhookBaseUrl: 'https://admin:hunter2@n8n.example.com' }, /must not contain a user name or sign-in details/],
        [{ requireApiKeyEncryption: false }, /Encryption at rest cannot be turned off/],
      ];
      for (const [change, message] of cases) {
        const response = await put(c.app, admin.cookie, { ...base, ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(400);
        expect(response.json().message, JSON.stringify(change)).toMatch(message);
      }
      const { defaultChunkSize: _omitted, ...missingField } = base;
      expect((await put(c.app, admin.cookie, missingField)).statusCode).toBe(400);
      expect(await currentSettings(c.app, admin.cookie)).toEqual(base);
    });

    it('tests the n8n base URL from the server: reachable with status and time, or why not; private addresses refused by default', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const test = (url: unknown, cookie = admin.cookie) =>
        c.app.inject({ method: 'POST', url: `${URL_PATH}/test-n8n`, headers: { cookie }, payload: { url } });

      const ok = await test(`${n8nBase}/webhook`);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({ reachable: true, status: 200 });
      expect(ok.json().latencyMs).toBeGreaterThanOrEqual(0);
      expect(ok.json().message).toMatch(/^n8n answered HTTP 200 in \d+ ms\.$/);

      expect(n8n.received.at(-1)).toMatchObject({ method: 'GET', path: '/healthz' });
      expect((await test(`${n8nBase}/down`)).json()).toMatchObject({ reachable: false, status: 503 });
      const other = (await test(`${n8nBase}/other`)).json();
      expect(other).toMatchObject({ reachable: false, status: 200 });
      expect(other.message).toBe(
        `HTTP 200, but the answer is not n8n's ({"status":"ok"}). Is this the address of an n8n instance (its health endpoint answers ${n8nBase}/other/healthz)?`,
      );
      expect((await test('http://127.0.0.1:1/webhook')).json()).toMatchObject({
        reachable: false,
        status: null,
        message: expect.stringMatching(/could not be reached/),
      });
      expect((await test('ftp://example.com')).statusCode).toBe(400);
      expect((await test('')).statusCode).toBe(400);

      // The production default: addresses on private networks are never requested (SSRF).
      c.app.config.fetch.n8nPrivateNetworks = false;
      try {
        const refused = (await test(`${n8nBase}/webhook`)).json();
        // The message names the setting that allows it.
        expect(refused).toMatchObject({ reachable: false, status: null, message: N8N_MESSAGES.privateAddress });
        expect(refused.message).toContain('N8N_ALLOW_PRIVATE_NETWORK=true');
      } finally {
        c.app.config.fetch.n8nPrivateNetworks = true;
      }

      const developer = await createAdmin(c, 'developer');
      expect((await test(`${n8nBase}/webhook`, developer.cookie)).statusCode).toBe(403);
    });

    it('a new chatbot gets the saved chunk size, and its next ingestion makes chunks of that size', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const owner = await createSignedInUser(c);
      const before = await ingestText(c, owner.cookie, 'Default chunks');
      expect(before.bot.chunking).toEqual({ strategy: 'semantic', size: 1000, overlap: 200 });

      const base = await currentSettings(c.app, admin.cookie);
      expect((await put(c.app, admin.cookie, { ...base, defaultChunkSize: 120, defaultChunkOverlap: 20, defaultChunkingStrategy: 'fixed' })).statusCode).toBe(
        200,
      );
      const after = await ingestText(c, owner.cookie, 'Small chunks');
      expect(after.bot.chunking).toEqual({ strategy: 'fixed', size: 120, overlap: 20 });
      expect(after.chunks.length).toBeGreaterThan(before.chunks.length * 3);
      expect(Math.max(...after.chunks.map((chunk) => chunk.tokens))).toBeLessThanOrEqual(120 + 20);
      expect(Math.max(...before.chunks.map((chunk) => chunk.tokens))).toBeGreaterThan(200);
      // The chatbot made before keeps its own settings.
      const old = (await c.app.inject({ method: 'GET', url: `/api/chatbots/${before.bot.id}`, headers: { cookie: owner.cookie } })).json();
      expect(old.chunking).toEqual({ strategy: 'semantic', size: 1000, overlap: 200 });
      await put(c.app, admin.cookie, base);
    });

    it('checks uploads against the saved max document size at once', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const owner = await createSignedInUser(c);
      const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Size' } })).json() as {
        id: string;
      };
      const file = multipartFile('big.txt', Buffer.from('Rockets. '.repeat(140_000)));
      const base = await currentSettings(c.app, admin.cookie);
      expect((await put(c.app, admin.cookie, { ...base, maxDocumentSizeMb: 1 })).statusCode).toBe(200);
      const refused = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/file`,
        headers: { cookie: owner.cookie, ...file.headers },
        payload: file.payload,
      });
      expect(refused.statusCode).toBe(413);
      expect(refused.json().message).toBe('Documents can be at most 1 MB.');
      expect((await put(c.app, admin.cookie, { ...base, maxDocumentSizeMb: 2 })).statusCode).toBe(200);
      const accepted = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${bot.id}/sources/file`,
        headers: { cookie: owner.cookie, ...file.headers },
        payload: file.payload,
      });
      expect(accepted.statusCode, accepted.body).toBe(201);
      await put(c.app, admin.cookie, base);
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
  { startBackgroundWork: true },
);
