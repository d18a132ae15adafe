import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { n8nRoutingRules, n8nSettings, n8nWebhookEndpoints, n8nWorkflows, n8nWorkflowTemplates } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { activityOf } from './__fixtures__/setup';

const workflowRows = (c: TestContext) => c.database.db.select().from(n8nWorkflows);
const endpointRows = (c: TestContext) => c.database.db.select().from(n8nWebhookEndpoints);
const ruleCount = async (c: TestContext) => Number((await c.database.db.select({ n: count() }).from(n8nRoutingRules))[0]?.n ?? 0);

const lookupTemplate = {
  nodes: [
    { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2, position: [0, 0], parameters: { path: 'lookup', httpMethod: 'POST' } },
    { name: 'Respond', type: 'n8n-nodes-base.respondToWebhook', typeVersion: 1.1, position: [220, 0], parameters: {} },
  ],
  connections: { Webhook: { main: [[{ node: 'Respond', type: 'main', index: 0 }]] } },
};

describeEachDatabase('n8n integration management', (ctx) => {
  const developer = async (c: TestContext) => {
    const admin = await createAdmin(c, 'developer');
    return { cookie: admin.cookie, userId: admin.userId };
  };

  it('is for developers and system admins: anonymous 401, customers and support 403, nothing changed', async () => {
    const c = ctx();
    const customer = await createSignedInUser(c);
    const support = await createAdmin(c, 'support');
    const system = await createAdmin(c, 'system_admin');
    const dev = await createAdmin(c, 'developer');
    const id = '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e99';
    const calls = [
      { method: 'GET' as const, url: '/api/admin/n8n/workflows' },
      { method: 'POST' as const, url: '/api/admin/n8n/workflows', payload: {} },
      { method: 'PATCH' as const, url: `/api/admin/n8n/workflows/${id}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `/api/admin/n8n/workflows/${id}` },
      { method: 'GET' as const, url: '/api/admin/n8n/webhooks' },
      { method: 'POST' as const, url: '/api/admin/n8n/webhooks', payload: { endpointPath: '/x' } },
      { method: 'PATCH' as const, url: `/api/admin/n8n/webhooks/${id}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `/api/admin/n8n/webhooks/${id}` },
      { method: 'POST' as const, url: `/api/admin/n8n/webhooks/${id}/test` },
      { method: 'GET' as const, url: '/api/admin/n8n/monitoring?range=24h' },
      { method: 'GET' as const, url: '/api/admin/n8n/routing-rules' },
      { method: 'POST' as const, url: '/api/admin/n8n/routing-rules', payload: { name: 'x', condition: 'always', action: 'edge_function' } },
      { method: 'PATCH' as const, url: `/api/admin/n8n/routing-rules/${id}`, payload: { isActive: false } },
      { method: 'DELETE' as const, url: `/api/admin/n8n/routing-rules/${id}` },
      { method: 'GET' as const, url: '/api/admin/n8n/templates' },
      { method: 'POST' as const, url: '/api/admin/n8n/templates', payload: { name: 'x', category: 'y', template: lookupTemplate } },
      { method: 'DELETE' as const, url: `/api/admin/n8n/templates/${id}` },
      { method: 'GET' as const, url: '/api/admin/n8n/settings' },
      { method: 'PUT' as const, url: '/api/admin/n8n/settings', payload: {} },
      { method: 'POST' as const, url: '/api/admin/n8n/settings/webhook-secret', payload: {} },
      { method: 'POST' as const, url: '/api/admin/n8n/settings/test-connection', payload: { url: 'https://n8n.example.com/webhook' } },
    ];
    for (const call of calls) {
      expect((await c.app.inject(call)).statusCode, call.url).toBe(401);
      expect((await c.app.inject({ ...call, headers: { cookie: customer.cookie } })).statusCode, call.url).toBe(403);
      const refused = await c.app.inject({ ...call, headers: { cookie: support.cookie } });
      expect(refused.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(refused.json().message).toBe('You need developer role to access this feature.');
    }
    expect(await workflowRows(c)).toHaveLength(0);
    expect(await ruleCount(c)).toBe(0);
    for (const cookie of [dev.cookie, system.cookie]) {
      for (const url of ['/api/admin/n8n/workflows', '/api/admin/n8n/webhooks', '/api/admin/n8n/settings', '/api/admin/n8n/templates']) {
        expect((await c.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode, url).toBe(200);
      }
    }
  });

  it('creates a workflow as an n8n_workflows row with the spec defaults and logs n8n_workflow_created', async () => {
    const c = ctx();
    const dev = await developer(c);
    const created = await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie }, payload: {} });
    expect(created.statusCode).toBe(201);
    const workflow = created.json();
    expect(workflow).toMatchObject({
      name: 'Unnamed Workflow',
      description: '',
      n8nWorkflowId: '',
      status: 'inactive',
      triggerType: 'webhook',
      endpointUrl: '',
      scheduleExpression: '',
      executionCount: 0,
      lastExecution: null,
    });
    const [row] = await c.database.db.select().from(n8nWorkflows).where(eq(n8nWorkflows.id, workflow.id));
    expect(row).toMatchObject({
      userId: dev.userId,
      executionCount: 0,
      lastExecution: null,
      name: 'Unnamed Workflow',
      description: '',
      n8nWorkflowId: '',
      triggerType: 'webhook',
      endpointUrl: '',
      scheduleExpression: '',
      status: 'inactive',
    });
    const [log] = await activityOf(c, 'n8n_workflow_created', workflow.id);
    expect(log).toMatchObject({ adminUserId: dev.userId, resourceType: 'n8n_workflow' });

    const named = await c.app.inject({
      method: 'POST',
      url: '/api/admin/n8n/workflows',
      headers: { cookie: dev.cookie },
      payload: { name: ' Nightly sync ', description: 'Copies leads', n8nWorkflowId: 'wf_42', triggerType: 'schedule', scheduleExpression: '0 2 * * *' },
    });
    expect(named.json()).toMatchObject({ name: 'Nightly sync', triggerType: 'schedule', scheduleExpression: '0 2 * * *', n8nWorkflowId: 'wf_42' });
    const list = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie } })).json();
    expect(list.items.map((w: { id: string }) => w.id).slice(0, 2)).toEqual([named.json().id, workflow.id]);
  });

  it('refuses bad workflow input with 400 and stores nothing', async () => {
    const c = ctx();
    const dev = await developer(c);
    const before = (await workflowRows(c)).length;
    const bad = [
      [{ triggerType: 'cron' }, 'Trigger type must be one of webhook, schedule, manual'],
      [{ scheduleExpression: 'every day' }, 'Schedule expression must be a cron expression'],
      [{ endpointUrl: 'ftp://files.example.com' }, 'Endpoint URL must be an http:// or https:// address'],
      [{ endpointUrl: 'https://user:pw@n8n.example.com/webhook/x' }, 'Endpoint URL must be an http:// or https:// address'],
      [{ name: 'x'.repeat(101) }, 'Name must be at most 100 characters'],
      [{ description: 5 }, ''],
    ] as const;
    for (const [payload, message] of bad) {
      const response = await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await workflowRows(c)).toHaveLength(before);
  });

  it('edits, activates and deletes a workflow; a workflow used by a routing rule is kept', async () => {
    const c = ctx();
    const dev = await developer(c);
    const { id } = (
      await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie }, payload: { name: 'Leads' } })
    ).json();
    const activated = await c.app.inject({
      method: 'PATCH',
      url: `/api/admin/n8n/workflows/${id}`,
      headers: { cookie: dev.cookie },
      payload: { status: 'active', name: '' },
    });
    expect(activated.json()).toMatchObject({ status: 'active', name: 'Unnamed Workflow' });
    expect(await activityOf(c, 'n8n_workflow_updated', id)).toHaveLength(1);
    expect(
      (await c.app.inject({ method: 'PATCH', url: `/api/admin/n8n/workflows/${id}`, headers: { cookie: dev.cookie }, payload: { status: 'error' } }))
        .statusCode,
    ).toBe(400);
    expect((await c.app.inject({ method: 'PATCH', url: `/api/admin/n8n/workflows/${id}`, headers: { cookie: dev.cookie }, payload: {} })).json().message).toBe(
      'Nothing to change',
    );
    const missing = await c.app.inject({
      method: 'PATCH',
      url: '/api/admin/n8n/workflows/6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e99',
      headers: { cookie: dev.cookie },
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect((await c.app.inject({ method: 'DELETE', url: '/api/admin/n8n/workflows/not-a-uuid', headers: { cookie: dev.cookie } })).statusCode).toBe(400);

    const endpoint = (
      await c.app.inject({
        method: 'POST',
        url: '/api/admin/n8n/webhooks',
        headers: { cookie: dev.cookie },
        payload: { endpointPath: '/leads', workflowId: id },
      })
    ).json();
    expect(endpoint.workflowName).toBe('Unnamed Workflow');
    const rule = (
      await c.app.inject({
        method: 'POST',
        url: '/api/admin/n8n/routing-rules',
        headers: { cookie: dev.cookie },
        payload: { name: 'PDFs', condition: "file_type == 'pdf'", action: 'n8n', workflowId: id },
      })
    ).json();
    const refused = await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/workflows/${id}`, headers: { cookie: dev.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('"PDFs"');
    await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/routing-rules/${rule.id}`, headers: { cookie: dev.cookie } });
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/workflows/${id}`, headers: { cookie: dev.cookie } })).statusCode).toBe(200);
    expect(await activityOf(c, 'n8n_workflow_deleted', id)).toHaveLength(1);
    const endpoints = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/webhooks', headers: { cookie: dev.cookie } })).json();
    expect(endpoints.items.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({ workflowId: null, workflowName: null });
  });

  it('manages webhook endpoints with the spec defaults, validation and "Webhook not found"', async () => {
    const c = ctx();
    const dev = await developer(c);
    const post = (payload: Record<string, unknown>) =>
      c.app.inject({ method: 'POST', url: '/api/admin/n8n/webhooks', headers: { cookie: dev.cookie }, payload });
    const before = (await endpointRows(c)).length;
    const created = await post({ endpointPath: '/orders' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Unnamed Endpoint',
      endpointPath: '/orders',
      method: 'POST',
      isActive: true,
      requestCount: 0,
      lastRequest: null,
    });
    const [row] = await c.database.db.select().from(n8nWebhookEndpoints).where(eq(n8nWebhookEndpoints.id, created.json().id));
    expect(row).toMatchObject({
      userId: dev.userId,
      requestCount: 0,
      lastRequest: null,
      name: 'Unnamed Endpoint',
      endpointPath: '/orders',
      method: 'POST',
      workflowId: null,
      isActive: true,
    });
    expect(await activityOf(c, 'n8n_webhook_endpoint_created', created.json().id)).toHaveLength(1);

    for (const [payload, message] of [
      [{}, 'Endpoint path is required'],
      [{ endpointPath: 'orders' }, 'Endpoint path must start with /'],
      [{ endpointPath: '/a b' }, 'Endpoint path must start with /'],
      [{ endpointPath: '/x', method: 'HEAD' }, 'Method must be one of'],
      [{ endpointPath: '/x', workflowId: 'nope' }, 'Invalid id'],
      [{ endpointPath: '/x', workflowId: '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e99' }, 'The chosen workflow does not exist.'],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await endpointRows(c)).toHaveLength(before + 1);

    const id = created.json().id as string;
    const edited = await c.app.inject({
      method: 'PATCH',
      url: `/api/admin/n8n/webhooks/${id}`,
      headers: { cookie: dev.cookie },
      payload: { name: 'Orders', method: 'GET', isActive: false },
    });
    expect(edited.json()).toMatchObject({ name: 'Orders', method: 'GET', isActive: false });
    const unknown = '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e99';
    for (const call of [
      { method: 'PATCH' as const, url: `/api/admin/n8n/webhooks/${unknown}`, payload: { name: 'x' } },
      { method: 'DELETE' as const, url: `/api/admin/n8n/webhooks/${unknown}` },
      { method: 'POST' as const, url: `/api/admin/n8n/webhooks/${unknown}/test` },
    ]) {
      const response = await c.app.inject({ ...call, headers: { cookie: dev.cookie } });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Webhook not found');
    }
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/webhooks/${id}`, headers: { cookie: dev.cookie } })).statusCode).toBe(200);
    expect(await endpointRows(c)).toHaveLength(before);
    expect(await activityOf(c, 'n8n_webhook_endpoint_deleted', id)).toHaveLength(1);
  });

  it('saves routing rules: priority 1-10 (default 5), a parsed condition, a workflow unless edge_function; sorted by priority', async () => {
    const c = ctx();
    const dev = await developer(c);
    const post = (payload: Record<string, unknown>) =>
      c.app.inject({ method: 'POST', url: '/api/admin/n8n/routing-rules', headers: { cookie: dev.cookie }, payload });
    const workflow = (
      await c.app.inject({ method: 'POST', url: '/api/admin/n8n/workflows', headers: { cookie: dev.cookie }, payload: { name: 'Big files' } })
    ).json();
    const rulesBefore = await ruleCount(c);
    const logsBefore = (await activityOf(c, 'n8n_routing_rule_created')).length;
    const updatesBefore = (await activityOf(c, 'n8n_routing_rule_updated')).length;

    const first = await post({ name: 'Small text', condition: "source_kind == 'text' and size_kb < 50", action: 'edge_function' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ priority: 5, isActive: true, executionCount: 0, successRate: null, workflowId: null });
    const second = await post({
      name: 'Large PDFs',
      condition: "file_type == 'pdf' && size_kb >= 500",
      priority: 2,
      action: 'hybrid',
      workflowId: workflow.id,
    });
    expect(second.json()).toMatchObject({ priority: 2, action: 'hybrid', workflowName: 'Big files' });
    expect(await activityOf(c, 'n8n_routing_rule_created')).toHaveLength(logsBefore + 2);

    for (const [payload, message] of [
      [{ name: 'x', condition: 'always', action: 'edge_function', priority: 0 }, 'Priority must be a whole number from 1 to 10'],
      [{ name: 'x', condition: 'always', action: 'edge_function', priority: 11 }, 'Priority must be a whole number from 1 to 10'],
      [{ name: 'x', condition: 'always', action: 'edge_function', priority: 2.5 }, 'Priority must be a whole number from 1 to 10'],
      [{ name: '', condition: 'always', action: 'edge_function' }, 'Name is required'],
      [{ name: 'x', condition: '', action: 'edge_function' }, 'Condition is required'],
      [{ name: 'x', condition: 'colour == "red"', action: 'edge_function' }, 'unknown field "colour"'],
      [{ name: 'x', condition: "size_kb > 'big'", action: 'edge_function' }, 'size_kb is a number'],
      [{ name: 'x', condition: 'file_type == pdf', action: 'edge_function' }, 'put the value in quotes'],
      [{ name: 'x', condition: "file_type == 'pdf' or name contains 'a'", action: 'edge_function' }, 'join comparisons with "and"'],
      [{ name: 'x', condition: 'always', action: 'n8n' }, 'Choose the workflow that handles these documents.'],
      [{ name: 'x', condition: 'always', action: 'lambda' }, 'Action must be one of'],
      [{ name: 'x', condition: 'always', action: 'n8n', workflowId: '6d1f5a52-6c2b-4b5e-9a51-0c8f3b6a7e99' }, 'The chosen workflow does not exist.'],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await ruleCount(c)).toBe(rulesBefore + 2);

    const list = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/routing-rules', headers: { cookie: dev.cookie } })).json();
    expect(list.items.map((r: { name: string }) => r.name)).toEqual(['Large PDFs', 'Small text']);

    const toggled = await c.app.inject({
      method: 'PATCH',
      url: `/api/admin/n8n/routing-rules/${first.json().id}`,
      headers: { cookie: dev.cookie },
      payload: { isActive: false },
    });
    expect(toggled.json().isActive).toBe(false);
    const needsWorkflow = await c.app.inject({
      method: 'PATCH',
      url: `/api/admin/n8n/routing-rules/${first.json().id}`,
      headers: { cookie: dev.cookie },
      payload: { action: 'n8n' },
    });
    expect(needsWorkflow.statusCode).toBe(400);
    const toEdge = await c.app.inject({
      method: 'PATCH',
      url: `/api/admin/n8n/routing-rules/${second.json().id}`,
      headers: { cookie: dev.cookie },
      payload: { action: 'edge_function' },
    });
    expect(toEdge.json()).toMatchObject({ action: 'edge_function', workflowId: null });
    expect(await activityOf(c, 'n8n_routing_rule_updated')).toHaveLength(updatesBefore + 2);
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/routing-rules/${first.json().id}`, headers: { cookie: dev.cookie } })).statusCode).toBe(
      200,
    );
    const again = await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/routing-rules/${first.json().id}`, headers: { cookie: dev.cookie } });
    expect(again.statusCode).toBe(404);
    expect(await ruleCount(c)).toBe(rulesBefore + 1);
  });

  it('lists the built-in template and saves, validates, hides and deletes saved ones', async () => {
    const c = ctx();
    const dev = await developer(c);
    const other = await developer(c);
    const list = async (cookie: string) =>
      (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/templates', headers: { cookie } })).json().items as Record<string, unknown>[];
    const builtIns = (await list(dev.cookie)).filter((t) => t.isBuiltIn);
    // Only for a request Parley really sends n8n: the document hand-off (docs/decisions/0046-n8n-built-in-templates.md).
    expect(builtIns.map((t) => [t.name, t.category, t.credentials])).toEqual([
      ['Document chunking', 'Document Processing', [{ type: 'httpHeaderAuth', name: 'Parley bearer' }]],
    ]);
    for (const t of builtIns) {
      const { nodes, connections } = t.template as { nodes: { name: string; type: string }[]; connections: Record<string, unknown> };
      expect(nodes[0]!.type).toBe('n8n-nodes-base.webhook');
      expect(nodes.some((n) => n.type === 'n8n-nodes-base.respondToWebhook')).toBe(true);
      for (const source of Object.keys(connections)) expect(nodes.map((n) => n.name)).toContain(source);
    }

    const post = (cookie: string, payload: Record<string, unknown>) =>
      c.app.inject({ method: 'POST', url: '/api/admin/n8n/templates', headers: { cookie }, payload });
    const saved = await post(dev.cookie, {
      name: 'Order lookup',
      category: 'Support',
      template: lookupTemplate,
      variables: { SHOP_URL: 'https://shop.example.com' },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      name: 'Order lookup',
      isPublic: false,
      isBuiltIn: false,
      variables: { SHOP_URL: 'https://shop.example.com' },
      credentials: [],
    });
    expect(await activityOf(c, 'n8n_template_created', saved.json().id)).toHaveLength(1);
    const withCredential = {
      ...lookupTemplate,
      nodes: [{ ...lookupTemplate.nodes[0]!, credentials: { httpHeaderAuth: { id: '7', name: 'Shop auth' } } }, lookupTemplate.nodes[1]!],
    };
    const shared = await post(other.cookie, { name: 'Shared', category: 'Support', template: withCredential, isPublic: true });
    // The credentials a saved template needs are read from its nodes.
    expect(shared.json().credentials).toEqual([{ type: 'httpHeaderAuth', name: 'Shop auth' }]);
    expect((await list(dev.cookie)).map((t) => t.name)).toEqual(expect.arrayContaining(['Order lookup', 'Shared']));
    expect((await list(other.cookie)).map((t) => t.name)).not.toContain('Order lookup');

    for (const [payload, message] of [
      [{ name: 'x', category: 'y', template: { nodes: [], connections: {} } }, 'at least one node'],
      [{ name: 'x', category: 'y', template: { nodes: [lookupTemplate.nodes[0], lookupTemplate.nodes[0]], connections: {} } }, 'node names must be unique'],
      [{ name: 'x', category: 'y', template: { ...lookupTemplate, connections: { Ghost: {} } } }, 'which is not a node'],
      [{ name: 'x', category: 'y', template: { nodes: [{ name: 'A' }], connections: {} } }, 'Every node needs a type'],
      [{ name: 'x', category: 'y', template: lookupTemplate, variables: { '1bad': 'v' } }, 'Variable names'],
      [{ name: 'x', category: '', template: lookupTemplate }, 'Category is required'],
      [{ name: 'document Chunking', category: 'y', template: lookupTemplate }, 'built-in template'],
    ] as const) {
      const response = await post(dev.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400 + (message === 'built-in template' ? 9 : 0));
      expect(response.json().message).toContain(message);
    }
    expect(Number((await c.database.db.select({ n: count() }).from(n8nWorkflowTemplates))[0]?.n)).toBe(2);

    const builtInDelete = await c.app.inject({
      method: 'DELETE',
      url: `/api/admin/n8n/templates/${builtIns[0]!.id as string}`,
      headers: { cookie: dev.cookie },
    });
    expect(builtInDelete.statusCode).toBe(400);
    const hidden = await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/templates/${saved.json().id as string}`, headers: { cookie: other.cookie } });
    expect(hidden.statusCode).toBe(404);
    expect(
      (await c.app.inject({ method: 'DELETE', url: `/api/admin/n8n/templates/${shared.json().id as string}`, headers: { cookie: dev.cookie } })).statusCode,
    ).toBe(200);
    expect(await activityOf(c, 'n8n_template_deleted', shared.json().id)).toHaveLength(1);
  });

  it('saves the advanced settings within the spec bounds, with the spec defaults, and shows the bearer secret once', async () => {
    const c = ctx();
    const dev = await developer(c);
    const settings = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/settings', headers: { cookie: dev.cookie } })).json();
    expect(settings).toMatchObject({
      n8nEnabled: true,
      n8nFallbackEnabled: true,
      n8nWorkflowTimeoutSeconds: 30,
      autoFallbackThreshold: 85,
      alertThresholdErrorRate: 10,
      alertThresholdResponseTime: 5000,
      processingMode: 'edge_functions',
      n8nWebhookBaseUrl: null,
      healthUrl: null,
    });
    const body = {
      n8nEnabled: true,
      n8nPrimaryMode: false,
      n8nFallbackEnabled: false,
      n8nWorkflowTimeoutSeconds: 60,
      webhookRetryCount: 0,
      intelligentRoutingEnabled: true,
      autoFallbackThreshold: 70,
      performanceMonitoringEnabled: true,
      alertThresholdErrorRate: 5,
      alertThresholdResponseTime: 2000,
    };
    const put = (payload: Record<string, unknown>) => c.app.inject({ method: 'PUT', url: '/api/admin/n8n/settings', headers: { cookie: dev.cookie }, payload });
    for (const [change, message] of [
      [{ autoFallbackThreshold: 101 }, 'Auto fallback threshold (%) must be a whole number from 0 to 100'],
      [{ autoFallbackThreshold: -1 }, 'Auto fallback threshold (%) must be a whole number from 0 to 100'],
      [{ alertThresholdErrorRate: 100.5 }, 'Error-rate alert threshold (%) must be a whole number from 0 to 100'],
      [{ webhookRetryCount: 11 }, 'Webhook retry count must be a whole number from 0 to 10'],
      [{ n8nWorkflowTimeoutSeconds: 4 }, 'Workflow timeout (seconds) must be a whole number from 5 to 300'],
      [{ n8nWorkflowTimeoutSeconds: 301 }, 'Workflow timeout (seconds) must be a whole number from 5 to 300'],
      [{ alertThresholdResponseTime: 'fast' }, 'Response-time alert threshold (ms)'],
      [{ n8nEnabled: 'yes' }, 'n8n enabled must be on or off'],
    ] as const) {
      const response = await put({ ...body, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const [unchanged] = await c.database.db.select().from(n8nSettings);
    expect(unchanged).toMatchObject({ n8nWorkflowTimeoutSeconds: 30, autoFallbackThreshold: 85 });
    expect(await activityOf(c, 'n8n_settings_updated')).toHaveLength(0);

    const saved = await put(body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject(body);
    const [log] = await activityOf(c, 'n8n_settings_updated');
    expect((log!.details as { changed_fields: string[] }).changed_fields).toEqual(
      expect.arrayContaining(['n8n_primary_mode', 'n8n_workflow_timeout_seconds', 'auto_fallback_threshold']),
    );
    await put(body);
    expect(await activityOf(c, 'n8n_settings_updated')).toHaveLength(1);

    const rotated = await c.app.inject({ method: 'POST', url: '/api/admin/n8n/settings/webhook-secret', headers: { cookie: dev.cookie }, payload: {} });
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json() as { secret: string };
    expect(secret).toMatch(/^prly_n8n_[\w-]{43}$/);
    const after = await c.app.inject({ method: 'GET', url: '/api/admin/n8n/settings', headers: { cookie: dev.cookie } });
    expect(after.json().webhookSecretHint).toBe(secret.slice(-4));
    expect(after.body).not.toContain(secret);
    const [stored] = await c.database.db.select().from(n8nSettings);
    expect(stored!.webhookSecretEncrypted).not.toContain(secret);
    expect(await activityOf(c, 'n8n_webhook_secret_rotated')).toHaveLength(1);
  });
});
