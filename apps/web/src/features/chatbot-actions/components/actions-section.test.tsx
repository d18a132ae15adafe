import {
  actionCatalogueSchema,
  CHATBOT_ACTION_MESSAGES,
  chatbotActionListSchema,
  chatbotActionSchema,
  testChatbotActionResultSchema,
  type ChatbotAction,
} from '@parley/shared/contracts/chatbot-actions';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { CHATBOT_ID } from '@/test/fixtures/chatbot';
import { fillIn, renderScreen } from '@/test/render';
import { afterDedupWindow, apiError, contractJson, server } from '@/test/server';
import { ChatbotActionsSection } from './actions-section';

const SECRET = `whsec_${'B'.repeat(43)}=`;
const TEMPLATE_ID = 'e0000000-0000-4000-8000-000000000001';

function actionFixture(overrides: Partial<ChatbotAction> = {}): ChatbotAction {
  return chatbotActionSchema.parse({
    id: 'a0000000-0000-4000-8000-000000000001',
    chatbotId: CHATBOT_ID,
    templateId: null,
    name: 'order_status',
    description: 'Looks up the status of an order by its id.',
    kind: 'webhook',
    url: 'https://shop.example.com/hook',
    method: 'POST',
    headers: {},
    hasSigningSecret: true,
    mcpTool: null,
    hasAuthToken: false,
    n8nEndpointId: null,
    offerAsButton: false,
    buttonLabel: null,
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    enabled: true,
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  });
}

/** The chatbot's actions as the server keeps them: POST adds, PATCH changes, DELETE removes; every body is recorded. */
function mockActions(initial: ChatbotAction[] = [actionFixture()], limits = { maxActionsPerChatbot: 5, maxActionCallsPerTurn: 3 }) {
  let items = [...initial];
  const posts: Record<string, unknown>[] = [];
  const patches: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  const tests: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/chatbots/:id/actions', () => contractJson(chatbotActionListSchema, { items, limits })),
    http.post('/api/chatbots/:id/actions', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      posts.push(body);
      await afterDedupWindow();
      const created = actionFixture({
        ...(body as Partial<ChatbotAction>),
        id: `a0000000-0000-4000-8000-00000000010${posts.length}`,
        hasSigningSecret: Boolean(body.signingSecret),
        headers: (body.headers as Record<string, string>) ?? {},
      });
      items = [...items, created];
      return contractJson(chatbotActionSchema, created, { status: 201 });
    }),
    http.patch('/api/chatbots/:id/actions/:actionId', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      await afterDedupWindow();
      items = items.map((item) =>
        item.id === params.actionId
          ? { ...item, ...(body as Partial<ChatbotAction>), hasSigningSecret: body.signingSecret === null ? false : item.hasSigningSecret }
          : item,
      );
      return contractJson(
        chatbotActionSchema,
        items.find((item) => item.id === params.actionId)!,
      );
    }),
    http.delete('/api/chatbots/:id/actions/:actionId', async ({ params }) => {
      deletes.push(String(params.actionId));
      await afterDedupWindow();
      items = items.filter((item) => item.id !== params.actionId);
      return HttpResponse.json({ ok: true });
    }),
    http.post('/api/chatbots/:id/actions/:actionId/test', async ({ request }) => {
      tests.push((await request.json()) as Record<string, unknown>);
      return contractJson(testChatbotActionResultSchema, {
        success: true,
        status: 200,
        statusText: 'OK',
        latencyMs: 42,
        responseExcerpt: '{"status":"shipped"}',
      });
    }),
  );
  return { posts, patches, deletes, tests };
}

function renderSection({ canEdit = true, answersWithModel = true } = {}) {
  return renderScreen(<ChatbotActionsSection chatbotId={CHATBOT_ID} canEdit={canEdit} answersWithModel={answersWithModel} />);
}

async function openAdd(user: ReturnType<typeof renderSection>['user'], choice: string) {
  await user.click(await screen.findByRole('button', { name: 'Add action' }));
  await user.click(await screen.findByRole('menuitem', { name: choice }));
  return screen.findByRole('dialog');
}

describe('ChatbotActionsSection', () => {
  it('lists the actions with their kind and the plan’s limits, and reads only for a viewer who may not edit', async () => {
    mockActions([
      actionFixture(),
      actionFixture({ id: 'a0000000-0000-4000-8000-000000000002', name: 'talk_to_person', kind: 'handoff', url: null, enabled: false }),
    ]);
    renderSection({ canEdit: false, answersWithModel: false });

    const list = await screen.findByRole('list', { name: 'Actions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('order_status')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Webhook')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not tested yet')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Hand off to a person')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Off')).toBeInTheDocument();
    expect(screen.getByText('2 of 5 actions · up to 3 calls per answer')).toBeInTheDocument();
    expect(screen.getByText(/answers with the built-in answerer/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('offers the handoff action once: the menu marks it added when the chatbot has it', async () => {
    mockActions([actionFixture({ id: 'a0000000-0000-4000-8000-000000000002', name: 'talk_to_person', kind: 'handoff', url: null })]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Add action' }));
    expect(await screen.findByRole('menuitem', { name: /Hand off to a person/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('menuitem', { name: 'Collect contact details' })).not.toHaveAttribute('aria-disabled');
  });

  it('adds a custom webhook: says what is wrong before sending, then sends headers, secret and schema', async () => {
    const { posts } = mockActions([]);
    const { user } = renderSection();
    expect(await screen.findByText('No actions yet.', { exact: false })).toBeInTheDocument();
    const dialog = await openAdd(user, 'Custom webhook');

    const parameters = within(dialog).getByLabelText('Parameters (JSON Schema)');
    await fillIn(user, parameters, '{"type": "object", ');
    expect(within(dialog).getByText(/^Not valid JSON/)).toBeInTheDocument();
    await fillIn(user, within(dialog).getByLabelText('Name'), 'Order Status');
    await fillIn(user, within(dialog).getByLabelText('Signing secret (optional)'), 'hunter2');
    await user.click(within(within(dialog).getByRole('group', { name: 'Headers' })).getByRole('button', { name: 'Add header' }));
    await fillIn(user, within(dialog).getByLabelText('Header 1 name'), 'Webhook-Id');
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }));

    expect(await within(dialog).findByText(CHATBOT_ACTION_MESSAGES.nameFormat)).toBeInTheDocument();
    expect(within(dialog).getByText(CHATBOT_ACTION_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CHATBOT_ACTION_MESSAGES.urlRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(CHATBOT_ACTION_MESSAGES.secretFormat)).toBeInTheDocument();
    expect(within(dialog).getByText(CHATBOT_ACTION_MESSAGES.headerReserved('Webhook-Id'))).toBeInTheDocument();
    expect(within(dialog).getByText(/^The parameters are not valid JSON/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toEqual([]);

    await fillIn(user, within(dialog).getByLabelText('Name'), 'order_status');
    await fillIn(user, within(dialog).getByLabelText('Description for the model'), 'Looks up an order by its id.');
    await fillIn(user, within(dialog).getByLabelText('Webhook URL'), 'https://shop.example.com/hook');
    await fillIn(user, within(dialog).getByLabelText('Signing secret (optional)'), SECRET);
    await fillIn(user, within(dialog).getByLabelText('Header 1 name'), 'X-Shop');
    await fillIn(user, within(dialog).getByLabelText('Header 1 value'), 'acme');
    await fillIn(user, parameters, '{"type": "object", "properties": {"order_id": {"type": "string"}}}');
    expect(within(dialog).getByText(/^Valid JSON/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Offer as a button' }));
    await fillIn(user, within(dialog).getByLabelText('Button label'), 'Check my order');
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }));

    expect(await screen.findByText('Action order_status added.')).toBeInTheDocument();
    expect(posts).toEqual([
      {
        kind: 'webhook',
        name: 'order_status',
        description: 'Looks up an order by its id.',
        url: 'https://shop.example.com/hook',
        headers: { 'X-Shop': 'acme' },
        signingSecret: SECRET,
        offerAsButton: true,
        buttonLabel: 'Check my order',
        parameters: { type: 'object', properties: { order_id: { type: 'string' } } },
        enabled: true,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('1 of 5 actions · up to 3 calls per answer')).toBeInTheDocument();
  });

  it('shows the server’s refusals in the form: the plan’s limit above it, a taken name on the name', async () => {
    mockActions([]);
    let answer = apiError(403, 'LIMIT_REACHED', CHATBOT_ACTION_MESSAGES.limitReached(5));
    server.use(http.post('/api/chatbots/:id/actions', () => answer));
    const { user } = renderSection();
    const dialog = await openAdd(user, 'Hand off to a person');
    // Built in: only a name and a description, both started for the owner.
    expect(within(dialog).getByLabelText('Name')).toHaveValue('hand_off_to_person');
    expect(within(dialog).queryByLabelText('Webhook URL')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Parameters (JSON Schema)')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The action was not saved');
    expect(alert).toHaveTextContent(CHATBOT_ACTION_MESSAGES.limitReached(5));

    answer = apiError(409, 'CONFLICT', CHATBOT_ACTION_MESSAGES.nameTaken);
    await user.click(within(dialog).getByRole('button', { name: 'Add action' }));
    expect(await within(dialog).findByText(CHATBOT_ACTION_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('edits an action: the secret is never shown, and “Remove” sends its removal', async () => {
    const { patches } = mockActions();
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Edit order_status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit action order_status' });
    expect(within(dialog).getByText('A signing secret is set.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('The signing secret is removed when you save.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save action' }));

    expect(await screen.findByText('Action order_status saved.')).toBeInTheDocument();
    expect(patches).toHaveLength(1);
    expect(patches[0]).toMatchObject({ name: 'order_status', url: 'https://shop.example.com/hook', signingSecret: null, buttonLabel: null });
    expect(patches[0]).not.toHaveProperty('kind');
  });

  it('switches an action off, tests it with sample arguments, and deletes it after asking', async () => {
    const { patches, tests, deletes } = mockActions();
    const { user } = renderSection();
    await user.click(await screen.findByRole('switch', { name: 'Offer order_status to the model' }));
    expect(await screen.findByText('order_status is switched off.')).toBeInTheDocument();
    expect(patches).toEqual([{ enabled: false }]);

    await user.click(screen.getByRole('button', { name: 'Test order_status' }));
    const testDialog = await screen.findByRole('dialog', { name: 'Test order_status' });
    const args = within(testDialog).getByLabelText('Sample arguments (JSON)');
    expect(JSON.parse((args as HTMLTextAreaElement).value)).toEqual({ order_id: '' });
    await fillIn(user, args, '[1]');
    await user.click(within(testDialog).getByRole('button', { name: 'Send test' }));
    expect(within(testDialog).getByText(/must be a JSON object/)).toBeInTheDocument();
    await fillIn(user, args, '{"order_id": "A-123"}');
    await user.click(within(testDialog).getByRole('button', { name: 'Send test' }));
    const result = await within(testDialog).findByRole('region', { name: 'Test result' });
    expect(result).toHaveTextContent('It worked: HTTP 200 OK · 42 ms');
    expect(result).toHaveTextContent('{"status":"shipped"}');
    expect(tests).toEqual([{ arguments: { order_id: 'A-123' } }]);
    await user.click(within(testDialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByText('Last test passed: HTTP 200 OK · 42 ms')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete order_status' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the action order_status?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete action' }));
    expect(await screen.findByText('Action order_status deleted.')).toBeInTheDocument();
    expect(deletes).toEqual(['a0000000-0000-4000-8000-000000000001']);
    expect(await screen.findByText('No actions yet.', { exact: false })).toBeInTheDocument();
  });

  it('adds from the catalogue: the chosen template opens the form prefilled, and the save names the template', async () => {
    const { posts } = mockActions([]);
    server.use(
      http.get('/api/chatbots/:id/actions/catalogue', () =>
        contractJson(actionCatalogueSchema, {
          items: [
            {
              templateId: TEMPLATE_ID,
              name: 'Order lookup',
              description: 'Shows where an order is.',
              category: 'Commerce',
              icon: 'Search',
              isFeatured: true,
              suggested: {
                name: 'order_lookup',
                description: 'Call when the visitor asks where their order is.',
                url: 'https://shop.example.com/orders',
                headers: { 'X-Shop': 'acme' },
                parameters: { type: 'object', properties: { order_id: { type: 'string' } } },
              },
            },
          ],
        }),
      ),
    );
    const { user } = renderSection();
    const picker = await openAdd(user, 'From the catalogue');
    expect(await within(picker).findByText('Commerce')).toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Use Order lookup' }));

    const form = await screen.findByRole('dialog', { name: 'Add action: Webhook' });
    expect(within(form).getByLabelText('Name')).toHaveValue('order_lookup');
    expect(within(form).getByLabelText('Webhook URL')).toHaveValue('https://shop.example.com/orders');
    expect(within(form).getByLabelText('Header 1 value')).toHaveValue('acme');
    await user.click(within(form).getByRole('button', { name: 'Generate' }));
    expect((within(form).getByLabelText('Signing secret (optional)') as HTMLInputElement).value).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await user.click(within(form).getByRole('button', { name: 'Add action' }));

    expect(await screen.findByText('Action order_lookup added.')).toBeInTheDocument();
    expect(posts[0]).toMatchObject({
      templateId: TEMPLATE_ID,
      name: 'order_lookup',
      url: 'https://shop.example.com/orders',
      headers: { 'X-Shop': 'acme' },
      signingSecret: expect.stringMatching(/^whsec_/),
    });
  });

  it('lists an MCP server’s tools and adds the ticked ones as mcp actions; the server’s error is shown when it cannot', async () => {
    const { posts } = mockActions([]);
    let discovered: Response = apiError(400, 'VALIDATION_ERROR', 'The MCP server could not be reached.');
    server.use(http.post('/api/chatbots/:id/actions/mcp-tools', () => discovered.clone()));
    const { user } = renderSection();
    const dialog = await openAdd(user, 'MCP server tool');
    await fillIn(user, within(dialog).getByLabelText('MCP server URL'), 'https://tools.example.com/mcp');
    await fillIn(user, within(dialog).getByLabelText('Bearer token (optional)'), 'token-123');
    await user.click(within(dialog).getByRole('button', { name: 'List tools' }));
    expect(await within(dialog).findByText('The MCP server could not be reached.')).toBeInTheDocument();

    discovered = HttpResponse.json({
      server: { name: 'Stock', version: '1.0.0' },
      tools: [
        {
          name: 'check-stock',
          description: 'Checks stock.',
          inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
          suggestedName: 'check_stock',
        },
        { name: 'reserve', description: '', inputSchema: { type: 'object', properties: {} }, suggestedName: 'reserve' },
      ],
    });
    await user.click(within(dialog).getByRole('button', { name: 'List tools' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'check-stock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 tool' }));

    expect(await screen.findByText('1 MCP tool added as action.')).toBeInTheDocument();
    expect(posts).toEqual([
      expect.objectContaining({
        kind: 'mcp',
        name: 'check_stock',
        description: 'Checks stock.',
        url: 'https://tools.example.com/mcp',
        mcpTool: 'check-stock',
        authToken: 'token-123',
        parameters: { type: 'object', properties: { sku: { type: 'string' } } },
      }),
    ]);
  });

  it('opens the MCP tool picker for a catalogue template that points to an MCP server: its URL, its tools, the template named', async () => {
    const { posts } = mockActions([]);
    const lookUps: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/chatbots/:id/actions/catalogue', () =>
        contractJson(actionCatalogueSchema, {
          items: [
            {
              templateId: TEMPLATE_ID,
              name: 'Stock desk',
              description: 'The shop’s stock tools.',
              category: null,
              icon: 'Zap',
              isFeatured: false,
              suggested: {
                kind: 'mcp',
                name: 'stock_desk',
                description: 'The shop’s stock tools.',
                url: 'https://tools.example.com/mcp',
                headers: {},
                parameters: { type: 'object', properties: {} },
                mcpTools: ['check-stock'],
              },
            },
          ],
        }),
      ),
      http.post('/api/chatbots/:id/actions/mcp-tools', async ({ request }) => {
        lookUps.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({
          server: { name: 'Stock', version: '1.0.0' },
          tools: [
            {
              name: 'check-stock',
              description: 'Checks stock.',
              inputSchema: { type: 'object', properties: { sku: { type: 'string' } } },
              suggestedName: 'check_stock',
            },
            { name: 'reserve', description: 'Reserves an item.', inputSchema: { type: 'object', properties: {} }, suggestedName: 'reserve' },
          ],
        });
      }),
    );
    const { user } = renderSection();
    const picker = await openAdd(user, 'From the catalogue');
    expect(await within(picker).findByText('https://tools.example.com/mcp', { exact: false })).toHaveTextContent(
      'MCP server · https://tools.example.com/mcp · check-stock',
    );
    await user.click(within(picker).getByRole('button', { name: 'Use Stock desk' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add tools of “Stock desk”' });
    expect(within(dialog).getByLabelText('MCP server URL')).toHaveValue('https://tools.example.com/mcp');
    expect(within(dialog).getByLabelText('MCP server URL')).toHaveAttribute('readonly');
    await fillIn(user, within(dialog).getByLabelText('Bearer token (optional)'), 'owner-token-9');
    await user.click(within(dialog).getByRole('button', { name: 'List tools' }));
    expect(await within(dialog).findByText('Stock 1.0.0 offers 1 tool of its 2 through this template')).toBeInTheDocument();
    expect(lookUps).toEqual([{ url: 'https://tools.example.com/mcp', authToken: 'owner-token-9' }]);
    // Only the tools the template offers can be ticked.
    expect(within(dialog).queryByRole('checkbox', { name: 'reserve' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'check-stock' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 tool' }));

    expect(await screen.findByText('1 MCP tool added as action.')).toBeInTheDocument();
    expect(posts).toEqual([
      expect.objectContaining({
        templateId: TEMPLATE_ID,
        kind: 'mcp',
        name: 'check_stock',
        url: 'https://tools.example.com/mcp',
        mcpTool: 'check-stock',
        authToken: 'owner-token-9',
        parameters: { type: 'object', properties: { sku: { type: 'string' } } },
      }),
    ]);
  });
});
