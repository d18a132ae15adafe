import { actionTemplateSchema, ACTION_TEMPLATE_MCP_MESSAGES, type ActionTemplate } from '@parley/shared/contracts/ai-actions';
import { mcpToolListSchema } from '@parley/shared/contracts/chatbot-actions';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fillIn, renderScreen } from '@/test/render';
import { afterDedupWindow, apiError, contractJson, server } from '@/test/server';
import { ActionTemplateDialog } from './action-template-dialog';

const TEMPLATE_ID = 'e0000000-0000-4000-8000-000000000009';
const TOOLS = {
  server: { name: 'Orders', version: '1.4.0' },
  tools: [
    { name: 'find_order', description: 'Finds an order by its id.', inputSchema: { type: 'object', properties: {} }, suggestedName: 'find_order' },
    { name: 'cancel_order', description: '', inputSchema: { type: 'object', properties: {} }, suggestedName: 'cancel_order' },
  ],
};

function templateFixture(overrides: Partial<ActionTemplate> = {}): ActionTemplate {
  return actionTemplateSchema.parse({
    id: TEMPLATE_ID,
    name: 'Order desk',
    description: '',
    actionType: 'integration',
    categoryId: null,
    templateConfig: '{}',
    instructionsTemplate: '',
    icon: 'Zap',
    isFeatured: false,
    isActive: true,
    webhooks: [],
    eventHandlers: [],
    createdAt: '2026-12-01T10:00:00.000Z',
    updatedAt: '2026-12-01T10:00:00.000Z',
    ...overrides,
  });
}

/** The admin API as the dialog uses it: the look-ups and the saves are recorded. */
function mockAdminApi() {
  const lookUps: Record<string, unknown>[] = [];
  const saves: Record<string, unknown>[] = [];
  let lookUpAnswer: () => Response = () => contractJson(mcpToolListSchema, TOOLS);
  server.use(
    http.post('/api/admin/ai-actions/mcp-tools', async ({ request }) => {
      lookUps.push((await request.json()) as Record<string, unknown>);
      return lookUpAnswer();
    }),
    http.post('/api/admin/ai-actions/templates', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push(body);
      await afterDedupWindow();
      return contractJson(actionTemplateSchema, templateFixture(body as Partial<ActionTemplate>), { status: 201 });
    }),
    http.patch('/api/admin/ai-actions/templates/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      saves.push(body);
      await afterDedupWindow();
      return contractJson(actionTemplateSchema, templateFixture(body as Partial<ActionTemplate>));
    }),
  );
  return { lookUps, saves, answerLookUpsWith: (answer: () => Response) => (lookUpAnswer = answer) };
}

function renderDialog(template: ActionTemplate | null = null) {
  return renderScreen(<ActionTemplateDialog template={template} categories={[]} onClose={() => undefined} />);
}

const section = () => screen.getByRole('region', { name: 'MCP server' });

describe('the action template’s MCP server', () => {
  it('lists the server’s tools with a credential that is not saved, and saves the URL and the ticked tools in the configuration', async () => {
    const { lookUps, saves, answerLookUpsWith } = mockAdminApi();
    const { user } = renderDialog();
    await fillIn(user, screen.getByLabelText('Name'), 'Order desk');
    await user.click(screen.getByRole('tab', { name: /Config/ }));

    await fillIn(user, within(section()).getByLabelText('MCP server URL'), 'https://tools.example.com/mcp');
    await fillIn(user, within(section()).getByLabelText('Bearer token for listing (optional)'), 'listing-credential-1');
    answerLookUpsWith(() => apiError(400, 'VALIDATION_ERROR', 'The MCP server requires authorization (HTTP 401). Add the bearer credential it gave you.'));
    await user.click(within(section()).getByRole('button', { name: 'List tools' }));
    expect(await within(section()).findByText('The MCP server requires authorization (HTTP 401). Add the bearer credential it gave you.')).toBeInTheDocument();

    answerLookUpsWith(() => contractJson(mcpToolListSchema, TOOLS));
    await user.click(within(section()).getByRole('button', { name: 'List tools' }));
    expect(await within(section()).findByText('Orders 1.4.0 offers 2 tools')).toBeInTheDocument();
    expect(within(section()).getByText('Finds an order by its id.')).toBeInTheDocument();
    expect(lookUps.at(-1)).toEqual({ url: 'https://tools.example.com/mcp', authToken: 'listing-credential-1' });
    await user.click(within(section()).getByRole('checkbox', { name: 'find_order' }));
    expect(screen.getByTestId('action-mcp-summary')).toHaveTextContent('Owners see this template as an MCP server: 1 tool.');
    // The JSON shows what is saved.
    expect(JSON.parse((screen.getByLabelText('Template configuration (JSON)') as HTMLTextAreaElement).value)).toEqual({
      mcp: { url: 'https://tools.example.com/mcp', tools: ['find_order'] },
    });

    await user.click(screen.getByRole('button', { name: 'Create Action' }));
    expect(await screen.findByText('Action template created successfully')).toBeInTheDocument();
    expect(saves).toHaveLength(1);
    expect(JSON.parse(saves[0]!.templateConfig as string)).toEqual({ mcp: { url: 'https://tools.example.com/mcp', tools: ['find_order'] } });
    expect(JSON.stringify(saves[0])).not.toContain('listing-credential-1');
  });

  it('edits the entry of a saved template, keeping the configuration’s other keys; an address that is not one is refused before saving', async () => {
    const { saves } = mockAdminApi();
    const config = JSON.stringify({ mcp: { url: 'https://tools.example.com/mcp', tools: ['find_order', 'gone_tool'] }, region: 'eu' });
    const { user } = renderDialog(templateFixture({ templateConfig: config }));
    await user.click(screen.getByRole('tab', { name: /Config/ }));
    expect(within(section()).getByLabelText('MCP server URL')).toHaveValue('https://tools.example.com/mcp');
    // Before listing, the offered tools show by name and can be unticked.
    expect(within(section()).getByRole('checkbox', { name: 'find_order' })).toBeChecked();
    await user.click(within(section()).getByRole('checkbox', { name: 'gone_tool' }));

    await fillIn(user, within(section()).getByLabelText('MCP server URL'), 'tools.example.com');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await within(section()).findByText(ACTION_TEMPLATE_MCP_MESSAGES.url)).toBeInTheDocument();
    expect(saves).toEqual([]);

    await fillIn(user, within(section()).getByLabelText('MCP server URL'), 'https://mcp.example.org/v1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Action template updated successfully')).toBeInTheDocument();
    expect(JSON.parse(saves[0]!.templateConfig as string)).toEqual({ mcp: { url: 'https://mcp.example.org/v1', tools: ['find_order'] }, region: 'eu' });
  });

  it('leaves a configuration that is not a JSON object alone, and drops the entry when the URL and the tools are emptied', async () => {
    mockAdminApi();
    const { user } = renderDialog(templateFixture({ templateConfig: 'free text' }));
    await user.click(screen.getByRole('tab', { name: /Config/ }));
    expect(within(section()).getByText('The configuration below is not a JSON object. Fix it to point this template to an MCP server.')).toBeInTheDocument();
    expect(within(section()).getByLabelText('MCP server URL')).toBeDisabled();

    await fillIn(user, screen.getByLabelText('Template configuration (JSON)'), '{"region":"eu"}');
    await fillIn(user, within(section()).getByLabelText('MCP server URL'), 'https://tools.example.com/mcp');
    expect(JSON.parse((screen.getByLabelText('Template configuration (JSON)') as HTMLTextAreaElement).value)).toEqual({
      region: 'eu',
      mcp: { url: 'https://tools.example.com/mcp', tools: [] },
    });
    await user.clear(within(section()).getByLabelText('MCP server URL'));
    expect(JSON.parse((screen.getByLabelText('Template configuration (JSON)') as HTMLTextAreaElement).value)).toEqual({ region: 'eu' });
    expect(screen.queryByTestId('action-mcp-summary')).not.toBeInTheDocument();
  });
});
