import { N8N_MESSAGES } from '@parley/shared/contracts/n8n';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { documentChunks, knowledgeSources, n8nDocumentHandoffs, n8nRequests, n8nRoutingRules, n8nWorkflows } from '../../db/schema/index';
import { createLocalEmbedder } from '../../rag/embedders/local';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { PermanentIngestError, processSource, type IngestDeps } from '../knowledge-sources/ingest';
import { startFakeN8n, type FakeN8n } from './__fixtures__/fake-n8n';
import { configureN8n, saveN8nSettings } from './__fixtures__/setup';
import { createN8nChunkSource } from './chunk-source';

const TEXT = Array.from(
  { length: 12 },
  (_, i) => `## Part ${i + 1}\n\nThe pump model P-${100 + i} delivers ${20 + i} litres a minute and is serviced every ${3 + i} months.`,
).join('\n\n');

let n8n: FakeN8n;
beforeAll(async () => {
  n8n = await startFakeN8n();
});
afterAll(() => n8n.close());
beforeEach(() => n8n.reset());

async function textSource(c: TestContext, name = 'pumps') {
  const owner = await createSignedInUser(c);
  const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Pumps' } })).json() as {
    id: string;
    organizationId: string;
  };
  const [source] = await c.database.db
    .insert(knowledgeSources)
    .values({
      chatbotId: bot.id,
      organizationId: bot.organizationId,
      kind: 'text',
      name,
      mimeType: 'text/plain',
      data: Buffer.from(TEXT),
      sizeBytes: TEXT.length,
    })
    .returning();
  return source!;
}

function deps(c: TestContext, options: { n8nPrivateNetworks?: boolean } = {}): IngestDeps {
  return {
    database: c.database,
    embedderFor: () => createLocalEmbedder({ dimensions: 384 }),
    fetchTimeoutMs: 2000,
    allowPrivateNetworks: true,
    log: c.app.log,
    meter: c.app.tokenMeter,
    chunkSource: createN8nChunkSource({
      db: c.database.db,
      secretKey: c.config.secretKey,
      allowPrivateNetworks: options.n8nPrivateNetworks ?? true,
      log: c.app.log,
      retryDelayMs: () => 20,
    }),
  };
}

const chunksOf = async (c: TestContext, sourceId: string) =>
  (
    await c.database.db
      .select({ content: documentChunks.content })
      .from(documentChunks)
      .where(eq(documentChunks.sourceId, sourceId))
      .orderBy(asc(documentChunks.chunkIndex))
  ).map((row) => row.content);
const ingestRecords = (c: TestContext) => c.database.db.select().from(n8nRequests).where(eq(n8nRequests.kind, 'ingestion')).orderBy(asc(n8nRequests.startedAt));

const handoffsOf = async (c: TestContext) =>
  c.database.db
    .select({ outcome: n8nDocumentHandoffs.outcome, sentToN8n: n8nDocumentHandoffs.sentToN8n, reason: n8nDocumentHandoffs.reason })
    .from(n8nDocumentHandoffs)
    .orderBy(asc(n8nDocumentHandoffs.decidedAt));

const N8N_CHUNKS = { chunks: [{ content: 'Pump P-100: 20 litres a minute.' }, { content: '  ' }, { content: 'Pump P-101: 21 litres a minute.' }] };

describeEachDatabase(
  'ingestion in the n8n processing mode',
  (ctx) => {
    let dev: { cookie: string };
    const setup = async (c: TestContext, settings: Record<string, unknown> = {}) => {
      dev ??= await createAdmin(c, 'developer');
      await c.database.db.delete(n8nRequests);
      await c.database.db.delete(n8nDocumentHandoffs);
      await c.database.db.delete(n8nRoutingRules);
      await saveN8nSettings(c, dev.cookie, {
        n8nEnabled: true,
        n8nPrimaryMode: true,
        n8nFallbackEnabled: true,
        webhookRetryCount: 0,
        intelligentRoutingEnabled: false,
        autoFallbackThreshold: 85,
        ...settings,
      });
    };

    it('hands the extracted text to n8n at base URL + /parley/ingest and stores the chunks n8n answers with', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c);
      const { secret } = (
        await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/webhook-secret', headers: { cookie: dev.cookie }, payload: {} })
      ).json();
      n8n.routes.set('POST /webhook/parley/ingest', () => ({ body: N8N_CHUNKS }));
      const source = await textSource(c);
      expect(await processSource(deps(c), { sourceId: source.id, version: 1 })).toBe('done');

      expect(await chunksOf(c, source.id)).toEqual(['Pump P-100: 20 litres a minute.', 'Pump P-101: 21 litres a minute.']);
      const [sourceRow] = await c.database.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
      expect(sourceRow).toMatchObject({ status: 'ready', chunkCount: 2 });
      expect(n8n.received).toHaveLength(1);
      const request = n8n.received[0]!;
      expect(request.headers.authorization).toBe(`Bearer ${secret}`);
      const body = JSON.parse(request.body);
      expect(body).toMatchObject({
        event: 'document.ingest',
        document: { id: source.id, name: 'pumps', kind: 'text', filename: 'pumps.txt', mime_type: 'text/plain', size_bytes: TEXT.length },
        chatbot: { id: source.chatbotId, organization_id: source.organizationId },
        chunking: { strategy: expect.any(String), chunk_size: expect.any(Number), chunk_overlap: expect.any(Number) },
        routing_rule: null,
      });
      expect(body.text).toContain('The pump model P-100 delivers 20 litres a minute');
      const [record] = await ingestRecords(c);
      expect(record).toMatchObject({ status: 'success', httpStatus: 200, url: `${n8n.origin}/webhook/parley/ingest`, workflowId: null });
    });

    it('falls back to the built-in pipeline when n8n fails and fallback is enabled, after the configured retries', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c, { webhookRetryCount: 2 });
      n8n.routes.set('/webhook/parley/ingest', () => ({ status: 502, statusText: 'Bad Gateway', body: 'down' }));
      const source = await textSource(c);
      expect(await processSource(deps(c), { sourceId: source.id, version: 1 })).toBe('done');
      expect(n8n.received).toHaveLength(3);
      const chunks = await chunksOf(c, source.id);
      expect(chunks.join(' ')).toContain('The pump model P-100 delivers 20 litres a minute');
      expect((await ingestRecords(c)).map((r) => [r.status, r.error])).toEqual([
        ['error', 'HTTP 502: Bad Gateway (n8n: "down")'],
        ['error', 'HTTP 502: Bad Gateway (n8n: "down")'],
        ['error', 'HTTP 502: Bad Gateway (n8n: "down")'],
      ]);
      // One document, three attempts: one hand-off, processed by the fallback, with n8n's reason.
      expect(await handoffsOf(c)).toEqual([{ outcome: 'fallback', sentToN8n: true, reason: 'HTTP 502: Bad Gateway (n8n: "down")' }]);
    });

    it('an answer without usable chunks is a failure too', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c);
      for (const [answer, error] of [
        [{ body: 'not json' }, "n8n's answer is not JSON"],
        [{ body: { result: 'ok' } }, 'n8n answered without a "chunks" list'],
        [{ body: { chunks: [] } }, 'n8n answered with no chunks'],
        [{ body: [{ text: 'x' }] }, 'chunk 1 of n8n\'s answer has no "content" text'],
      ] as const) {
        await c.database.db.delete(n8nRequests);
        n8n.routes.set('/webhook/parley/ingest', () => answer);
        const source = await textSource(c);
        expect(await processSource(deps(c), { sourceId: source.id, version: 1 })).toBe('done');
        expect((await chunksOf(c, source.id)).length).toBeGreaterThan(0);
        expect((await ingestRecords(c)).map((r) => [r.status, r.httpStatus, r.error])).toEqual([['error', 200, error]]);
      }
    });

    it('without fallback an n8n failure fails the document at once (no job retry), naming n8n and its answer, and stores nothing', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c, { n8nFallbackEnabled: false, webhookRetryCount: 1 });
      n8n.routes.set('/webhook/parley/ingest', () => ({
        status: 500,
        statusText: 'Internal Server Error',
        body: { code: 500, message: 'Workflow could not be started!' },
      }));
      const source = await textSource(c);
      const failure = await processSource(deps(c), { sourceId: source.id, version: 1 }).catch((error: unknown) => error);
      // Permanent: the ingestion worker marks the source failed with this message instead of retrying the job.
      expect(failure).toBeInstanceOf(PermanentIngestError);
      expect((failure as Error).message).toBe(
        'n8n could not process this document: HTTP 500: Internal Server Error (n8n: "Workflow could not be started!"). Fallback to the built-in processing is off (n8n settings).',
      );
      expect(n8n.received).toHaveLength(2);
      expect(await chunksOf(c, source.id)).toEqual([]);
      expect(await handoffsOf(c)).toEqual([
        { outcome: 'failed', sentToN8n: true, reason: 'HTTP 500: Internal Server Error (n8n: "Workflow could not be started!")' },
      ]);
    });

    it('an n8n on a private address without N8N_ALLOW_PRIVATE_NETWORK: nothing is sent, and Monitoring names the document and the setting', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c, { webhookRetryCount: 2 });
      n8n.routes.set('/webhook/parley/ingest', () => ({ body: N8N_CHUNKS }));
      const source = await textSource(c, 'private pumps');
      expect(await processSource(deps(c, { n8nPrivateNetworks: false }), { sourceId: source.id, version: 1 })).toBe('done');
      expect(n8n.received).toHaveLength(0);
      expect((await chunksOf(c, source.id)).length).toBeGreaterThan(2);
      const monitoring = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/monitoring?range=1h', headers: { cookie: dev.cookie } })).json();
      expect(monitoring.recentDocuments[0]).toMatchObject({
        documentName: 'private pumps',
        outcome: 'fallback',
        sentToN8n: true,
        reason: N8N_MESSAGES.privateAddress,
        ruleName: null,
      });
      expect(monitoring.recentDocuments[0].reason).toContain('N8N_ALLOW_PRIVATE_NETWORK=true');
    });

    it('auto fallback counts documents, not attempts: one good and one failed document leave n8n in use, and a retried processing counts once', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c, { webhookRetryCount: 3 });
      n8n.routes.set('/webhook/parley/ingest', () => ({ body: N8N_CHUNKS }));
      await processSource(deps(c), { sourceId: (await textSource(c)).id, version: 1 });
      n8n.routes.set('/webhook/parley/ingest', () => ({ status: 500, statusText: 'Internal Server Error', body: {} }));
      const failing = await textSource(c);
      await processSource(deps(c), { sourceId: failing.id, version: 1 });
      expect(n8n.received).toHaveLength(5); // 1 + 4 attempts of the failed one
      // The same processing again (a job retry after a later step failed): still one document.
      await c.database.db.update(knowledgeSources).set({ status: 'processing' }).where(eq(knowledgeSources.id, failing.id));
      await processSource(deps(c), { sourceId: failing.id, version: 1 });
      expect((await handoffsOf(c)).map((h) => h.outcome)).toEqual(['n8n', 'fallback']);
      const monitoring = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/monitoring?range=1h', headers: { cookie: dev.cookie } })).json();
      expect(monitoring.autoFallback).toMatchObject({ active: false, recentDocuments: 2, recentSuccesses: 1, recentSuccessRate: 50 });
      // n8n is fixed: the next document goes to it.
      n8n.routes.set('/webhook/parley/ingest', () => ({ body: N8N_CHUNKS }));
      const next = await textSource(c);
      await processSource(deps(c), { sourceId: next.id, version: 1 });
      expect(await chunksOf(c, next.id)).toHaveLength(2);
    });

    it('goes straight to the built-in pipeline while the recent success rate is below the auto fallback threshold', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c);
      n8n.routes.set('/webhook/parley/ingest', () => ({ status: 500, statusText: 'Internal Server Error', body: {} }));
      for (let i = 0; i < 5; i += 1) await processSource(deps(c), { sourceId: (await textSource(c)).id, version: 1 });
      expect(n8n.received).toHaveLength(5);
      n8n.routes.set('/webhook/parley/ingest', () => ({ body: N8N_CHUNKS }));
      const source = await textSource(c);
      expect(await processSource(deps(c), { sourceId: source.id, version: 1 })).toBe('done');
      expect(n8n.received).toHaveLength(5); // not called: 0 % < 85 %
      expect((await chunksOf(c, source.id)).length).toBeGreaterThan(2);
      // With a threshold of 0 nothing is below it: n8n is called again.
      await saveN8nSettings(c, dev.cookie, { autoFallbackThreshold: 0 });
      const next = await textSource(c);
      await processSource(deps(c), { sourceId: next.id, version: 1 });
      expect(n8n.received).toHaveLength(6);
      expect(await chunksOf(c, next.id)).toHaveLength(2);
    });

    it('does not call n8n in the built-in processing mode, or when n8n is switched off', async () => {
      const c = ctx();
      n8n.routes.set('/webhook/parley/ingest', () => ({ body: N8N_CHUNKS }));
      await configureN8n(c, { baseUrl: n8n.webhookBase, mode: 'edge_functions' });
      await setup(c);
      const builtIn = await textSource(c);
      await processSource(deps(c), { sourceId: builtIn.id, version: 1 });
      await configureN8n(c, { baseUrl: n8n.webhookBase, mode: 'n8n_integration' });
      await setup(c, { n8nEnabled: false });
      const off = await textSource(c);
      await processSource(deps(c), { sourceId: off.id, version: 1 });
      expect(n8n.received).toHaveLength(0);
      expect((await chunksOf(c, off.id)).length).toBeGreaterThan(2);
    });

    it('routes by the first matching active rule: edge_function keeps the document in Parley, n8n sends it to the rule’s active workflow', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c, { intelligentRoutingEnabled: true, n8nPrimaryMode: false });
      n8n.routes.set('POST /webhook/pumps', () => ({ body: { chunks: [{ content: 'From the pumps workflow.' }] } }));
      const workflow = (
        await c.app.inject({
          method: 'POST',
          url: '/api/admin/n8n/workflows',
          headers: { cookie: dev.cookie },
          payload: { name: 'Pumps', endpointUrl: '/pumps' },
        })
      ).json().id as string;
      const rule = (body: Record<string, unknown>) =>
        c.app.inject({ method: 'POST', url: '/api/admin/n8n/routing-rules', headers: { cookie: dev.cookie }, payload: body });
      const pumps = (
        await rule({ name: 'Pumps to n8n', condition: "name contains 'pump' and file_type == 'txt'", priority: 2, action: 'n8n', workflowId: workflow })
      ).json();
      const small = (await rule({ name: 'Everything else', condition: 'always', priority: 9, action: 'edge_function' })).json();

      // The workflow is inactive: its rule is skipped, the next rule keeps the document in Parley.
      const first = await textSource(c, 'pump manual');
      await processSource(deps(c), { sourceId: first.id, version: 1 });
      expect(n8n.received).toHaveLength(0);

      await c.app.inject({ method: 'PATCH', url: `/api/admin/n8n/workflows/${workflow}`, headers: { cookie: dev.cookie }, payload: { status: 'active' } });
      const second = await textSource(c, 'pump manual');
      await processSource(deps(c), { sourceId: second.id, version: 1 });
      expect(n8n.received.map((r) => r.path)).toEqual(['/webhook/pumps']);
      expect(JSON.parse(n8n.received[0]!.body).routing_rule).toEqual({ id: pumps.id, name: 'Pumps to n8n' });
      expect(await chunksOf(c, second.id)).toEqual(['From the pumps workflow.']);
      const [record] = await ingestRecords(c);
      expect(record).toMatchObject({ workflowId: workflow, routingRuleId: pumps.id, status: 'success' });
      const [workflowRow] = await c.database.db.select().from(n8nWorkflows).where(eq(n8nWorkflows.id, workflow));
      expect(workflowRow!.executionCount).toBe(1);

      const other = await textSource(c, 'valve notes');
      await processSource(deps(c), { sourceId: other.id, version: 1 });
      expect(n8n.received).toHaveLength(1);

      const rules = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/routing-rules', headers: { cookie: dev.cookie } })).json().items as {
        id: string;
        executionCount: number;
        successRate: number | null;
        outcomes: Record<string, number>;
      }[];
      expect(rules.find((r) => r.id === pumps.id)).toMatchObject({
        executionCount: 1,
        successRate: 100,
        outcomes: { n8n: 1, fallback: 0, failed: 0, builtIn: 0 },
      });
      expect(rules.find((r) => r.id === small.id)).toMatchObject({
        executionCount: 2,
        successRate: 100,
        outcomes: { n8n: 0, fallback: 0, failed: 0, builtIn: 2 },
      });
    });

    it('a hybrid rule falls back to the built-in pipeline even with fallback switched off', async () => {
      const c = ctx();
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await setup(c, { intelligentRoutingEnabled: true, n8nFallbackEnabled: false });
      const workflow = (
        await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie }, payload: { name: 'Hybrid' } })
      ).json().id as string;
      await c.app.inject({ method: 'PATCH', url: `/api/admin/n8n/workflows/${workflow}`, headers: { cookie: dev.cookie }, payload: { status: 'active' } });
      const hybrid = (
        await c.app.inject({
          method: 'POST',
          url: '/api/admin/n8n/routing-rules',
          headers: { cookie: dev.cookie },
          payload: { name: 'Hybrid', condition: 'size_kb > 0', action: 'hybrid', workflowId: workflow },
        })
      ).json();
      n8n.routes.set('/webhook/parley/ingest', () => ({ status: 503, statusText: 'Service Unavailable', body: {} }));
      const source = await textSource(c);
      expect(await processSource(deps(c), { sourceId: source.id, version: 1 })).toBe('done');
      expect(n8n.received.map((r) => r.path)).toEqual(['/webhook/parley/ingest']);
      expect((await chunksOf(c, source.id)).length).toBeGreaterThan(2);
      const rules = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/routing-rules', headers: { cookie: dev.cookie } })).json().items;
      // Processed by the fallback, not by the route the rule chose.
      expect(rules.find((r: { id: string }) => r.id === hybrid.id)).toMatchObject({
        executionCount: 1,
        successRate: 0,
        outcomes: { n8n: 0, fallback: 1, failed: 0, builtIn: 0 },
      });
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
);
