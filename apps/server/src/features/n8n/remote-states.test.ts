import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { n8nSettings, n8nWorkflows } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';
import { startFakeN8n, type FakeN8n } from './__fixtures__/fake-n8n';
import { activityOf, configureN8n } from './__fixtures__/setup';

const API_KEY = 'n8n_api_0123456789abcdefWXYZ';

let n8n: FakeN8n;
beforeAll(async () => {
  n8n = await startFakeN8n();
  // n8n's public API: its workflows with their `active` flag, for the right X-N8N-API-KEY only.
  n8n.routes.set('GET /api/v1/workflows?limit=250', (request) =>
    request.headers['x-n8n-api-key'] === API_KEY
      ? {
          body: {
            data: [
              { id: 'wf_on', name: 'On', active: true },
              { id: 'wf_off', name: 'Off', active: false },
            ],
            nextCursor: null,
          },
        }
      : { status: 401, statusText: 'Unauthorized', body: { message: 'unauthorized' } },
  );
});
afterAll(() => n8n.close());

describeEachDatabase(
  "a workflow's state in n8n itself, read with the n8n API key",
  (ctx) => {
    it('shows active, inactive or not in n8n beside Parley’s own flag once a key is saved; says why when n8n refuses the key', async () => {
      const c = ctx();
      const dev = await createAdmin(c, 'developer');
      const headers = { cookie: dev.cookie };
      await configureN8n(c, { baseUrl: n8n.webhookBase });
      await c.database.db.delete(n8nWorkflows);
      for (const [name, n8nWorkflowId] of [
        ['Runs', 'wf_on'],
        ['Paused', 'wf_off'],
        ['Gone', 'wf_deleted'],
        ['Unlinked', ''],
      ]) {
        const created = await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers, payload: { name, n8nWorkflowId } });
        expect(created.statusCode, created.body).toBe(201);
      }
      const list = async () => (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/workflows', headers })).json();
      const states = (body: { items: { name: string; n8nState: string | null }[] }) =>
        Object.fromEntries(body.items.map((workflow) => [workflow.name, workflow.n8nState]));

      // Without a key nothing is asked of n8n's API.
      const apiCalls = () => n8n.received.filter((request) => request.path.startsWith('/api/v1/')).length;
      const before = apiCalls();
      expect((await list()).n8nStates).toEqual({ read: false, error: null });
      expect(apiCalls()).toBe(before);

      const saveKey = (apiKey: unknown) => c.app.inject({ method: 'PUT', url: '/api/admin/n8n/settings/api-key', headers, payload: { apiKey } });
      expect((await saveKey('   ')).statusCode).toBe(400);
      const saved = await saveKey(API_KEY);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().apiKeyHint).toBe('WXYZ');
      // Stored sealed, never answered whole.
      expect(saved.body).not.toContain(API_KEY);
      const [row] = await c.database.db.select().from(n8nSettings).where(eq(n8nSettings.id, 1));
      expect(row!.apiKeyEncrypted).not.toContain(API_KEY);
      expect((await activityOf(c, 'n8n_api_key_saved', '1')).length).toBeGreaterThan(0);

      const read = await list();
      expect(read.n8nStates).toEqual({ read: true, error: null });
      expect(states(read)).toEqual({ Runs: 'active', Paused: 'inactive', Gone: 'not_found', Unlinked: null });
      // Parley's own flag is untouched: every workflow is created inactive.
      expect(read.items.every((workflow: { status: string }) => workflow.status === 'inactive')).toBe(true);

      // A key n8n refuses: the list still loads, with n8n's reason.
      await saveKey('n8n_api_wrong_key');
      const refused = await list();
      expect(refused.n8nStates).toEqual({ read: true, error: 'n8n\'s API did not list its workflows: HTTP 401: Unauthorized (n8n: "unauthorized")' });
      expect(states(refused)).toEqual({ Runs: null, Paused: null, Gone: null, Unlinked: null });

      expect((await saveKey(null)).json().apiKeyHint).toBeNull();
      expect((await list()).n8nStates).toEqual({ read: false, error: null });
    });
  },
  { ALLOW_PRIVATE_FETCH: 'true' },
);
