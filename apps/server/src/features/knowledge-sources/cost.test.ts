import type { KnowledgeSource, KnowledgeSourceList } from '@parley/shared/contracts/knowledge-sources';
import type { SourceCostEstimate } from '@parley/shared/contracts/token-credits';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { knowledgeSources, organizationAlerts, organizations, subscriptionTierLimits, usageLedger } from '../../db/schema/index';
import { startJobQueue } from '../../jobs/queue';
import { createLocalEmbedder } from '../../rag/embedders/local';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { creditTokens, tokenBalance } from '../../services/token-ledger';
import { PermanentIngestError, processSource, type IngestDeps } from './ingest';

/** An HTML page of about 6,000 characters of text: 8,000 tokens at the default rate. */
const PAGE_HTML = `<html><head><title>Manual</title><style>body { color: red }</style></head><body><h1>Launch manual</h1>${Array.from(
  { length: 60 },
  (_, i) => `<p>Step ${i + 1}: check the fuel valve number ${i + 100} twice before the countdown starts.</p>`,
).join('')}</body></html>`;

let server: Server;
let base = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(PAGE_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function multipart(filename: string, contentType: string, data: string) {
  const boundary = `----parley${randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, Buffer.from(data), tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function customerOnTier(c: TestContext, limit: number) {
  const owner = await createSignedInUser(c);
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Cost bot' } })).json() as {
    id: string;
    organizationId: string;
  };
  const tier = `cost-${randomUUID().slice(0, 8)}`;
  await c.database.db.insert(subscriptionTierLimits).values({ tier, displayName: 'Small', monthlyTokenLimit: limit, maxChatbots: 3 });
  await c.database.db.update(organizations).set({ tier }).where(eq(organizations.id, bot.organizationId));
  return { ...owner, organizationId: bot.organizationId, chatbotId: bot.id };
}

const use = (c: TestContext, organizationId: string, tokens: number) =>
  c.database.db.insert(usageLedger).values({ organizationId, tokenType: 'input', tokens });

async function estimate(c: TestContext, cookie: string, chatbotId: string, kind: 'text' | 'url', payload: Record<string, string>) {
  return c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/sources/${kind}/estimate`, headers: { cookie }, payload });
}

async function waitForSource(c: TestContext, cookie: string, chatbotId: string, sourceId: string, until: KnowledgeSource['status'][]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const list = (await c.app.inject({ method: 'GET', url: `/api/chatbots/${chatbotId}/sources`, headers: { cookie } })).json() as KnowledgeSourceList;
    const source = list.items.find((s) => s.id === sourceId);
    if (source && until.includes(source.status)) return { source, list };
    if (Date.now() > deadline) throw new Error(`source not done: ${JSON.stringify(source)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const billedRows = async (c: TestContext, sourceId: string) =>
  (await c.database.db.select({ tokens: usageLedger.tokens }).from(usageLedger).where(eq(usageLedger.sourceId, sourceId))).map((row) => row.tokens);

describeEachDatabase(
  "a document's cost, said before it is spent",
  (ctx) => {
    it('a file: the estimate is what processing charges, and the source shows exactly the ledger row with its rule', async () => {
      const c = ctx();
      const customer = await customerOnTier(c, 100_000);
      const upload = multipart('manual.html', 'text/html', PAGE_HTML);
      const quoted = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${customer.chatbotId}/sources/file/estimate`,
        headers: { cookie: customer.cookie, ...upload.headers },
        payload: upload.payload,
      });
      expect(quoted.statusCode, quoted.body).toBe(200);
      const cost = quoted.json() as SourceCostEstimate;
      // The text, not the markup, is measured (the style block and tags cost nothing).
      expect(cost.rule.characters).toBeLessThan(PAGE_HTML.length);
      expect(cost.tokens).toBe(Math.ceil(cost.rule.characters * 1.333));
      expect(cost).toMatchObject({ monthlyLimit: 100_000, usedThisMonth: 0, allowanceLeft: 100_000, tokenBalance: 0, fromTokenBalance: 0, fits: true });
      expect(cost.message).toBe(`This document will cost ${cost.tokens.toLocaleString('en-US')} tokens; 100,000 of your 100,000 tokens are left this month.`);

      const added = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${customer.chatbotId}/sources/file`,
        headers: { cookie: customer.cookie, ...upload.headers },
        payload: upload.payload,
      });
      expect(added.statusCode).toBe(201);
      // A body cut short is the caller's mistake: 400, not 500.
      const cut = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${customer.chatbotId}/sources/file/estimate`,
        headers: { cookie: customer.cookie, ...upload.headers },
        payload: upload.payload.subarray(0, upload.payload.length - 20),
      });
      expect(cut.statusCode).toBe(400);
      const { source, list } = await waitForSource(c, customer.cookie, customer.chatbotId, (added.json() as KnowledgeSource).id, ['ready', 'failed']);
      expect(source.status).toBe('ready');
      expect(source.billedTokens).toBe(cost.tokens);
      expect(source.billingRule).toEqual(cost.rule);
      expect(await billedRows(c, source.id)).toEqual([cost.tokens]);
      expect(list.totals.tokens).toBe(cost.tokens);
      const usage = (await c.app.inject({ method: 'GET', url: '/api/usage', headers: { cookie: customer.cookie } })).json() as { tokens: { used: number } };
      expect(usage.tokens.used).toBe(cost.tokens);

      // Processing the same document again charges nothing more: a source is charged for its text once.
      const again = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${customer.chatbotId}/sources/${source.id}/reprocess`,
        headers: { cookie: customer.cookie },
      });
      expect(again.statusCode).toBe(200);
      const reprocessed = await waitForSource(c, customer.cookie, customer.chatbotId, source.id, ['ready', 'failed']);
      expect(reprocessed.source.status).toBe('ready');
      expect(reprocessed.source.billedTokens).toBe(cost.tokens);
      expect(await billedRows(c, source.id)).toEqual([cost.tokens]);
    });

    it('pasted text past what is left is refused with both figures and nothing stored; with bought tokens it says so first', async () => {
      const c = ctx();
      const customer = await customerOnTier(c, 10_000);
      await use(c, customer.organizationId, 9_900);
      const text = 'The warranty covers every rocket for two years. '.repeat(20).trim();
      const body = { name: 'Warranty', text };
      const cost = (await estimate(c, customer.cookie, customer.chatbotId, 'text', body)).json() as SourceCostEstimate;
      expect(cost.rule).toEqual({ characters: text.length, tokensPerCharacter: 1.333, multiplier: 1 });
      expect(cost).toMatchObject({ tokens: Math.ceil(text.length * 1.333), allowanceLeft: 100, tokenBalance: 0, fits: false });
      const figure = cost.tokens.toLocaleString('en-US');
      expect(cost.message).toBe(
        `This text would cost ${figure} tokens, but 100 of your 10,000 tokens are left this month. Add a smaller document, buy tokens or upgrade your plan.`,
      );

      // The API refuses it too, whatever a screen showed (an error message never says "token": spec part 1 §5).
      const refused = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${customer.chatbotId}/sources/text`,
        headers: { cookie: customer.cookie },
        payload: body,
      });
      expect(refused.statusCode).toBe(403);
      expect((refused.json() as { message: string }).message).toBe(
        `This text needs ${figure} of your monthly allowance, but 100 of 10,000 are left this month. Add a smaller document, buy more or upgrade your plan.`,
      );
      expect(await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.chatbotId, customer.chatbotId))).toHaveLength(0);

      // Bought tokens pay for what the allowance does not, and the estimate says how many first.
      await creditTokens(c.database.db, {
        organizationId: customer.organizationId,
        tokens: 5_000,
        reason: 'purchase',
        reference: `purchase:test:${randomUUID()}`,
      });
      const covered = (await estimate(c, customer.cookie, customer.chatbotId, 'text', body)).json() as SourceCostEstimate;
      expect(covered).toMatchObject({ fits: true, fromTokenBalance: cost.tokens - 100, tokenBalance: 5_000 });
      expect(covered.message).toBe(
        `This text will cost ${cost.tokens.toLocaleString('en-US')} tokens; 100 of your 10,000 tokens are left this month, so ${(cost.tokens - 100).toLocaleString('en-US')} tokens will be taken from your token balance of 5,000 tokens.`,
      );
      const added = await c.app.inject({
        method: 'POST',
        url: `/api/chatbots/${customer.chatbotId}/sources/text`,
        headers: { cookie: customer.cookie },
        payload: body,
      });
      expect(added.statusCode).toBe(201);
      const { source } = await waitForSource(c, customer.cookie, customer.chatbotId, (added.json() as KnowledgeSource).id, ['ready', 'failed']);
      expect(source.billedTokens).toBe(cost.tokens);
      expect(await tokenBalance(c.database.db, customer.organizationId)).toBe(5_000 - (cost.tokens - 100));
    });

    it('a web page: estimated by fetching it as processing will; a private address is refused without the setting', async () => {
      const c = ctx();
      const customer = await customerOnTier(c, 1_000);
      const quoted = await estimate(c, customer.cookie, customer.chatbotId, 'url', { url: `${base}/manual` });
      expect(quoted.statusCode, quoted.body).toBe(200);
      const cost = quoted.json() as SourceCostEstimate;
      expect(cost.fits).toBe(false);
      expect(cost.message).toMatch(/^This web page would cost [\d,]+ tokens, but 1,000 of your 1,000 tokens are left this month\./);
      expect((await estimate(c, customer.cookie, customer.chatbotId, 'url', { url: 'ftp://example.com/x' })).statusCode).toBe(400);
    });

    it('processing refuses a document that no longer fits: the source fails naming both figures and nothing is metered', async () => {
      const c = ctx();
      const customer = await customerOnTier(c, 2_000);
      // Added while it fitted; the month's use went on before it was processed.
      const [source] = await c.database.db
        .insert(knowledgeSources)
        .values({
          chatbotId: customer.chatbotId,
          organizationId: customer.organizationId,
          kind: 'text',
          name: 'notes',
          mimeType: 'text/plain',
          data: Buffer.from('x'.repeat(1000)),
          sizeBytes: 1000,
        })
        .returning();
      await use(c, customer.organizationId, 1_500);
      const deps: IngestDeps = {
        database: c.database,
        embedderFor: () => createLocalEmbedder({ dimensions: 384 }),
        fetchTimeoutMs: 2000,
        allowPrivateNetworks: true,
        log: c.app.log,
        meter: c.app.tokenMeter,
      };
      const failure = await processSource(deps, { sourceId: source!.id, version: 1 }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(PermanentIngestError);
      expect((failure as Error).message).toBe(
        'This document needs 1,333 of your monthly allowance, but 500 of 2,000 are left this month. Add a smaller document, buy more or upgrade your plan.',
      );
      expect(await billedRows(c, source!.id)).toEqual([]);
    });

    it('threshold e-mails: a document that crosses only 80% claims only the 80% one, at that time', async () => {
      const c = ctx();
      const customer = await customerOnTier(c, 2_000);
      await use(c, customer.organizationId, 200);
      const [source] = await c.database.db
        .insert(knowledgeSources)
        .values({
          chatbotId: customer.chatbotId,
          organizationId: customer.organizationId,
          kind: 'text',
          name: 'notes',
          mimeType: 'text/plain',
          data: Buffer.from('y'.repeat(1000)),
          sizeBytes: 1000,
        })
        .returning();
      const jobs = await startJobQueue(c.database, c.app.log);
      try {
        const deps: IngestDeps = {
          database: c.database,
          embedderFor: () => createLocalEmbedder({ dimensions: 384 }),
          fetchTimeoutMs: 2000,
          allowPrivateNetworks: true,
          log: c.app.log,
          meter: c.app.tokenMeter,
          jobs,
        };
        // 200 + 1,333 = 1,533 of 2,000: 76%, no notice.
        expect(await processSource(deps, { sourceId: source!.id, version: 1 })).toBe('done');
        const claims = async () =>
          (
            await c.database.db
              .select({ kind: organizationAlerts.kind })
              .from(organizationAlerts)
              .where(eq(organizationAlerts.organizationId, customer.organizationId))
          )
            .map((row) => row.kind)
            .sort();
        expect(await claims()).toEqual([]);
        await c.database.db
          .update(knowledgeSources)
          .set({ status: 'queued', version: 2, data: Buffer.from('y'.repeat(1100)) })
          .where(eq(knowledgeSources.id, source!.id));
        // The longer text costs 134 tokens more: 1,667 of 2,000, past 80% and not 100%.
        expect(await processSource(deps, { sourceId: source!.id, version: 2 })).toBe('done');
        expect(await billedRows(c, source!.id)).toEqual([1_333, 134]);
        expect(await claims()).toEqual(['email_usage_threshold_80']);
      } finally {
        await jobs.stop();
      }
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
  { startBackgroundWork: true },
);

// Without ALLOW_PRIVATE_FETCH the guarded fetch of the estimate refuses loopback addresses, as processing does.
describeEachDatabase('a web page estimate behind the fetch guard', (ctx) => {
  it('refuses a private address with 400 and the guard’s message', async () => {
    const c = ctx();
    const customer = await customerOnTier(c, 100_000);
    const refused = await estimate(c, customer.cookie, customer.chatbotId, 'url', { url: `${base}/manual` });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as { message: string }).message.length).toBeGreaterThan(0);
    expect(
      await c.database.db
        .select()
        .from(knowledgeSources)
        .where(and(eq(knowledgeSources.chatbotId, customer.chatbotId))),
    ).toHaveLength(0);
  });
});
