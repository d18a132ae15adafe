import { N8N_MESSAGES, n8nWebhookEndpointListSchema, n8nWorkflowTemplateListSchema, type N8nWebhookEndpoint } from '@parley/shared/contracts/n8n';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '@/test/render';
import { contractJson, server } from '@/test/server';
import { TemplatesSettings } from './templates-settings';
import { WebhooksTab } from './webhooks-tab';

const endpoint = (overrides: Partial<N8nWebhookEndpoint> & Pick<N8nWebhookEndpoint, 'id' | 'name'>): N8nWebhookEndpoint => ({
  endpointPath: `/${overrides.name.toLowerCase()}`,
  method: 'POST',
  workflowId: null,
  workflowName: null,
  isActive: true,
  requestCount: 0,
  lastRequest: null,
  createdAt: '2026-12-01T09:00:00.000Z',
  updatedAt: '2026-12-01T09:00:00.000Z',
  ...overrides,
});

describe('WebhooksTab', () => {
  it('offers a test only for active endpoints; an inactive one says why it is not tested', async () => {
    const tested: string[] = [];
    server.use(
      http.get('/api/admin/n8n/webhooks', () =>
        contractJson(n8nWebhookEndpointListSchema, {
          items: [endpoint({ id: 'e1', name: 'Orders' }), endpoint({ id: 'e2', name: 'Paused', isActive: false })],
        }),
      ),
      http.get('/api/admin/n8n/workflows', () => HttpResponse.json({ items: [], n8nStates: { read: false, error: null } })),
      http.get('/api/admin/n8n/settings', () => HttpResponse.json({ n8nWebhookBaseUrl: 'https://n8n.example.com/webhook' })),
      http.post('/api/admin/n8n/webhooks/:id/test', ({ params }) => {
        tested.push(params.id as string);
        return HttpResponse.json({
          success: true,
          status: 200,
          statusText: 'OK',
          latencyMs: 5,
          message: 'Webhook test successful',
          response: null,
          responseExcerpt: '',
          url: 'x',
        });
      }),
    );
    const { user } = renderScreen(<WebhooksTab />);

    const active = await screen.findByRole('button', { name: 'Test Orders' });
    await vi.waitFor(() => expect(active).toBeEnabled());
    const inactive = screen.getByRole('button', { name: 'Test Paused' });
    expect(inactive).toBeDisabled();
    expect(within(screen.getByTestId('inactive-test')).getByText(N8N_MESSAGES.endpointInactive)).toBeInTheDocument();

    await user.click(active);
    await vi.waitFor(() => expect(tested).toEqual(['e1']));
  });
});

describe('TemplatesSettings', () => {
  it('lists the n8n credentials each template needs', async () => {
    server.use(
      http.get('/api/admin/n8n/templates', () =>
        contractJson(n8nWorkflowTemplateListSchema, {
          items: [
            {
              id: 'b1',
              name: 'Document chunking',
              description: 'Answers the document hand-off.',
              category: 'Document Processing',
              template: {
                nodes: [{ name: 'Parley document', type: 'n8n-nodes-base.webhook', credentials: { httpHeaderAuth: { name: 'Parley bearer' } } }],
                connections: {},
              },
              variables: {},
              credentials: [{ type: 'httpHeaderAuth', name: 'Parley bearer' }],
              isPublic: true,
              isBuiltIn: true,
              createdAt: null,
            },
            {
              id: 's1',
              name: 'Plain',
              description: '',
              category: 'Support',
              template: { nodes: [{ name: 'Webhook', type: 'n8n-nodes-base.webhook' }], connections: {} },
              variables: {},
              credentials: [],
              isPublic: false,
              isBuiltIn: false,
              createdAt: '2026-12-01T09:00:00.000Z',
            },
          ],
        }),
      ),
    );
    renderScreen(<TemplatesSettings onUse={() => undefined} />);

    const [builtIn, saved] = await screen.findAllByTestId('workflow-template');
    expect(builtIn).toHaveTextContent('Needs the n8n credential Parley bearer (Header Auth)');
    expect(builtIn).toHaveTextContent('Settings → Security');
    expect(saved).not.toHaveTextContent('Needs the n8n');
  });
});
