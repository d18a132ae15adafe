import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentChunks, knowledgeSources, n8nDocumentHandoffs, n8nRequests } from '../../db/schema/index';
import { createLocalEmbedder } from '../../rag/embedders/local';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { processSource, type IngestDeps } from '../knowledge-sources/ingest';
import { configureN8n, saveN8nSettings } from './__fixtures__/setup';
import { BUILT_IN_TEMPLATES, PARLEY_BEARER_CREDENTIAL } from './builtin-templates';
import { createN8nChunkSource } from './chunk-source';

/**
 * Parley against a real n8n (issue 43 "Done when"): the built-in templates import and activate on a community n8n
 * with only the credentials they list, the document hand-off comes back with chunks, the bearer secret is enforced
 * and n8n's own reasons reach the screens. It runs only when an n8n is reachable: start one with
 * `eval "$(scripts/n8n-real/start.sh)"`, which sets N8N_REAL_URL, N8N_REAL_EMAIL and N8N_REAL_PASSWORD.
 */
const N8N_URL = process.env.N8N_REAL_URL?.replace(/\/+$/, '');
const N8N_EMAIL = process.env.N8N_REAL_EMAIL;
const N8N_PASSWORD = process.env.N8N_REAL_PASSWORD;
const skipReason = !N8N_URL
  ? 'N8N_REAL_URL is not set; start a real n8n with `eval "$(scripts/n8n-real/start.sh)"` (docs/n8n.md, "Tests against a real n8n")'
  : !N8N_EMAIL || !N8N_PASSWORD
    ? 'N8N_REAL_EMAIL and N8N_REAL_PASSWORD (the n8n owner) are not set'
    : null;
if (skipReason) console.warn(`[real n8n] skipped: ${skipReason}`);

/** A test's workflows in n8n carry this suffix, so a later run can remove them. */
const TEST_SUFFIX = ' (Parley real-n8n test)';
const BROWSER_ID = `parley-tests-${randomUUID()}`;

/** n8n's internal REST API as its editor uses it: a signed-in owner's cookie. */
async function signInToN8n() {
  const login = await fetch(`${N8N_URL}/rest/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'browser-id': BROWSER_ID },
    body: JSON.stringify({ emailOrLdapLoginId: N8N_EMAIL, password: N8N_PASSWORD }),
  });
  if (!login.ok) throw new Error(`n8n sign-in failed: HTTP ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> => {
    const response = await fetch(`${N8N_URL}/rest${path}`, {
      method,
      headers: { cookie, 'browser-id': BROWSER_ID, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // n8n answers JSON; keep the text for the error message otherwise.
    }
    return { status: response.status, data: ((parsed as { data?: T }).data ?? parsed) as T };
  };
}
type N8nRest = Awaited<ReturnType<typeof signInToN8n>>;
interface N8nWorkflowRow {
  id: string;
  name: string;
  active: boolean;
  versionId: string;
  nodes: { type: string; credentials?: Record<string, { id?: string; name: string }> }[];
}

/** Removes what earlier runs left: their workflows (deactivated, archived, deleted) and the Parley bearer credential. */
async function cleanN8n(rest: N8nRest) {
  const workflows = await rest<N8nWorkflowRow[]>('GET', '/workflows');
  for (const workflow of Array.isArray(workflows.data) ? workflows.data : []) {
    if (!workflow.name.endsWith(TEST_SUFFIX)) continue;
    await rest('POST', `/workflows/${workflow.id}/deactivate`, {});
    await rest('POST', `/workflows/${workflow.id}/archive`, {});
    await rest('DELETE', `/workflows/${workflow.id}`);
  }
  const credentials = await rest<{ id: string; name: string; type: string }[]>('GET', '/credentials');
  for (const credential of Array.isArray(credentials.data) ? credentials.data : []) {
    if (credential.name === PARLEY_BEARER_CREDENTIAL.name) await rest('DELETE', `/credentials/${credential.id}`);
  }
}

/** Imports a template as "Download for n8n" gives it and activates it; the node credentials are named, not numbered. */
async function importAndActivate(rest: N8nRest, template: (typeof BUILT_IN_TEMPLATES)[number]) {
  const created = await rest<N8nWorkflowRow>('POST', '/workflows', {
    name: `${template.name}${TEST_SUFFIX}`,
    nodes: template.template.nodes,
    connections: template.template.connections,
    settings: { executionOrder: 'v1' },
    active: false,
  });
  expect(created.status, JSON.stringify(created.data).slice(0, 300)).toBe(200);
  // n8n 2.x publishes a version; n8n 1.x took {active: true}.
  let activated = await rest<N8nWorkflowRow>('POST', `/workflows/${created.data.id}/activate`, { versionId: created.data.versionId });
  if (activated.status === 404) activated = await rest<N8nWorkflowRow>('PATCH', `/workflows/${created.data.id}`, { active: true });
  expect(activated.status, JSON.stringify(activated.data).slice(0, 300)).toBe(200);
  expect(activated.data.active).toBe(true);
  return activated.data;
}

const TEXT = Array.from(
  { length: 16 },
  (_, i) => `## Part ${i + 1}\n\nThe pump model P-${100 + i} delivers ${20 + i} litres a minute and is serviced every ${3 + i} months.`,
).join('\n\n');

async function textSource(c: TestContext) {
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
      name: 'pumps',
      mimeType: 'text/plain',
      data: Buffer.from(TEXT),
      sizeBytes: TEXT.length,
    })
    .returning();
  return source!;
}

const deps = (c: TestContext): IngestDeps => ({
  database: c.database,
  embedderFor: () => createLocalEmbedder({ dimensions: 384 }),
  fetchTimeoutMs: 5000,
  allowPrivateNetworks: true,
  log: c.app.log,
  meter: c.app.tokenMeter,
  chunkSource: createN8nChunkSource({ db: c.database.db, secretKey: c.config.secretKey, allowPrivateNetworks: true, log: c.app.log, retryDelayMs: () => 20 }),
});

const chunksOf = async (c: TestContext, sourceId: string) =>
  (
    await c.database.db
      .select({ content: documentChunks.content })
      .from(documentChunks)
      .where(eq(documentChunks.sourceId, sourceId))
      .orderBy(asc(documentChunks.chunkIndex))
  ).map((row) => row.content);

if (skipReason) {
  describe.skip(`Parley against a real n8n — skipped: ${skipReason}`, () => {
    it('needs a real n8n', () => undefined);
  });
} else {
  describeEachDatabase(
    'Parley against a real n8n',
    (ctx, driver) => {
      // Defined for PGlite alone (the harness's `driver`): this suite is about n8n, and both runs would share the one n8n.
      if (driver !== 'pglite') return;
      let rest: N8nRest;
      let dev: { cookie: string };

      const newSecret = async (c: TestContext) =>
        (await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/webhook-secret', headers: { cookie: dev.cookie }, payload: {} })).json()
          .secret as string;
      /**
       * The Header Auth credential the built-ins list, holding `secret` as Parley sends it; updated in place after a
       * new secret, as docs/n8n.md tells operators (a new credential would leave the workflow pointing at the old one:
       * n8n then answers 500 "No authentication data defined on node!").
       */
      const saveCredential = async (secret: string) => {
        const body = { name: PARLEY_BEARER_CREDENTIAL.name, type: PARLEY_BEARER_CREDENTIAL.type, data: { name: 'Authorization', value: `Bearer ${secret}` } };
        const existing = (await rest<{ id: string; name: string }[]>('GET', '/credentials')).data.find((item) => item.name === body.name);
        const saved = existing ? await rest('PATCH', `/credentials/${existing.id}`, body) : await rest('POST', '/credentials', body);
        expect(saved.status, JSON.stringify(saved.data).slice(0, 300)).toBe(200);
      };
      const endpoint = async (c: TestContext, endpointPath: string) =>
        (
          await c.app.inject({
            method: 'POST',
            url: '/api/admin/n8n/webhooks',
            headers: { cookie: dev.cookie },
            payload: { name: endpointPath, endpointPath, method: 'POST' },
          })
        ).json().id as string;
      const testEndpoint = async (c: TestContext, id: string) =>
        (await c.app.inject({ method: 'POST', url: `/api/admin/n8n/webhooks/${id}/test`, headers: { cookie: dev.cookie } })).json() as {
          success: boolean;
          status: number | null;
          message: string;
        };

      it('the built-in templates import and activate with only the credentials they list', async () => {
        const c = ctx();
        dev = await createAdmin(c, 'developer');
        rest = await signInToN8n();
        await cleanN8n(rest);
        await saveCredential(await newSecret(c));
        for (const template of BUILT_IN_TEMPLATES) {
          const workflow = await importAndActivate(rest, template);
          // n8n found each listed credential by its name.
          const used = workflow.nodes.flatMap((node) =>
            Object.entries(node.credentials ?? {}).map(([type, value]) => ({ type, name: value.name, id: value.id })),
          );
          expect(used.map(({ type, name }) => ({ type, name }))).toEqual(template.credentials);
          expect(used.every((credential) => credential.id)).toBe(true);
        }
      });

      it('System Configuration’s connection test recognises n8n', async () => {
        const c = ctx();
        const admin = await createAdmin(c, 'system_admin');
        const response = await c.app.inject({
          method: 'POST',
          url: '/api/admin/system-configuration/test-n8n',
          headers: { cookie: admin.cookie },
          payload: { url: `${N8N_URL}/webhook` },
        });
        expect(response.json()).toMatchObject({ reachable: true, status: 200 });
      });

      it('a document handed to the Document chunking workflow comes back in chunks that Parley stores', async () => {
        const c = ctx();
        await configureN8n(c, { baseUrl: `${N8N_URL}/webhook` });
        await saveCredential(await newSecret(c));
        await saveN8nSettings(c, dev.cookie, {
          n8nEnabled: true,
          n8nPrimaryMode: true,
          n8nFallbackEnabled: false,
          webhookRetryCount: 0,
          intelligentRoutingEnabled: false,
        });
        await c.database.db.delete(n8nDocumentHandoffs);
        const source = await textSource(c);
        expect(await processSource(deps(c), { sourceId: source.id, version: 1 })).toBe('done');
        const chunks = await chunksOf(c, source.id);
        // The chatbot's chunk size is 1000: the text of ~1,700 characters comes back in two or more chunks.
        expect(chunks.length).toBeGreaterThanOrEqual(2);
        expect(chunks.every((chunk) => chunk.length <= 1000)).toBe(true);
        for (let i = 0; i < 16; i += 1) expect(chunks.some((chunk) => chunk.includes(`P-${100 + i} delivers`))).toBe(true);
        expect(await c.database.db.select({ outcome: n8nDocumentHandoffs.outcome }).from(n8nDocumentHandoffs)).toEqual([{ outcome: 'n8n' }]);
      });

      it('a wrong bearer secret is refused by n8n, and its words are shown on the test and on the fallen-back document', async () => {
        const c = ctx();
        // A new secret in Parley that n8n's credential does not know yet.
        await newSecret(c);
        const id = await endpoint(c, '/parley/ingest');
        const refused = await testEndpoint(c, id);
        expect(refused).toMatchObject({ success: false, status: 403 });
        expect(refused.message).toContain('(n8n: "Authorization data is wrong!")');

        await saveN8nSettings(c, dev.cookie, { n8nFallbackEnabled: true });
        await c.database.db.delete(n8nDocumentHandoffs);
        const source = await textSource(c);
        expect(await processSource(deps(c), { sourceId: source.id, version: 1 })).toBe('done');
        const [handoff] = await c.database.db.select().from(n8nDocumentHandoffs);
        expect(handoff).toMatchObject({ outcome: 'fallback', sentToN8n: true });
        expect(handoff!.reason).toContain('Authorization data is wrong!');
        const [request] = await c.database.db.select().from(n8nRequests).where(eq(n8nRequests.kind, 'ingestion')).orderBy(desc(n8nRequests.startedAt)).limit(1);
        expect(request).toMatchObject({ status: 'error', httpStatus: 403 });

        // With the secret n8n knows, the same test succeeds (the workflow answers a test with no chunks).
        await saveCredential(await newSecret(c));
        expect(await testEndpoint(c, id)).toMatchObject({ success: true, status: 200 });
      });

      it('a routing rule and auto fallback count documents with their outcome, not n8n’s attempts', async () => {
        const c = ctx();
        await c.database.db.delete(n8nDocumentHandoffs);
        await c.database.db.delete(n8nRequests);
        await saveN8nSettings(c, dev.cookie, { intelligentRoutingEnabled: true, n8nFallbackEnabled: true, webhookRetryCount: 2 });
        const inject = (method: 'POST' | 'PATCH' | 'GET', url: string, payload?: Record<string, unknown>) =>
          c.app.inject({ method, url, headers: { cookie: dev.cookie }, ...(payload ? { payload } : {}) });
        const workflow = (await inject('POST', '/api/admin/n8n/workflows', { name: 'Document chunking', endpointUrl: '/parley/ingest' })).json().id as string;
        await inject('PATCH', `/api/admin/n8n/workflows/${workflow}`, { status: 'active' });
        const rule = (
          await inject('POST', '/api/admin/n8n/routing-rules', { name: 'Everything to n8n', condition: 'always', action: 'n8n', workflowId: workflow })
        ).json().id as string;

        await saveCredential(await newSecret(c));
        await processSource(deps(c), { sourceId: (await textSource(c)).id, version: 1 });
        // n8n's credential now holds an old secret: three attempts (one and two retries), one document.
        await newSecret(c);
        await processSource(deps(c), { sourceId: (await textSource(c)).id, version: 1 });
        await saveCredential(await newSecret(c));
        await processSource(deps(c), { sourceId: (await textSource(c)).id, version: 1 });

        const requests = await c.database.db.select().from(n8nRequests).where(eq(n8nRequests.kind, 'ingestion'));
        expect(requests.map((r) => r.httpStatus).sort()).toEqual([200, 200, 403, 403, 403]);
        const rules = (await inject('GET', '/api/admin/n8n/routing-rules')).json().items as {
          id: string;
          executionCount: number;
          outcomes: Record<string, number>;
        }[];
        expect(rules.find((r) => r.id === rule)).toMatchObject({ executionCount: 3, outcomes: { n8n: 2, fallback: 1, failed: 0, builtIn: 0 } });
        const monitoring = (await inject('GET', '/api/admin/n8n/monitoring?range=1h')).json();
        expect(monitoring.autoFallback).toMatchObject({ active: false, recentDocuments: 3, recentSuccesses: 2 });
        expect(monitoring.recentDocuments[1].reason).toContain('Authorization data is wrong!');
      });

      it('a test of a path no active workflow listens on shows n8n’s reason', async () => {
        const c = ctx();
        const result = await testEndpoint(c, await endpoint(c, '/parley/nothing-here'));
        expect(result).toMatchObject({ success: false, status: 404 });
        expect(result.message).toContain('The requested webhook "POST parley/nothing-here" is not registered.');
      });
    },
    { N8N_ALLOW_PRIVATE_NETWORK: 'true' },
  );
}
