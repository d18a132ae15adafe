import { behaviorTemplateOptionListSchema, type BehaviorTemplateOption } from '@parley/shared/contracts/behavior-templates';
import { chatbotTemplateOptionListSchema, type ChatbotTemplateOption } from '@parley/shared/contracts/chatbot-templates';
import { chatbotSchema, DEFAULT_SYSTEM_PROMPT, type Chatbot } from '@parley/shared/contracts/chatbots';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { chatbotFixture } from '@/test/fixtures/chatbot';
import { fillIn, renderScreen } from '@/test/render';
import { apiError, contractJson, server } from '@/test/server';
import { CreateChatbotForm } from './create-chatbot-form';

const SUPPORT_PROMPT = 'You answer support questions politely, from the documents only.';
const SALES_PROMPT = 'You help visitors choose a plan. Be brief.';

const BEHAVIORS: BehaviorTemplateOption[] = [
  { id: 'b0000000-0000-4000-8000-000000000001', name: 'Support', description: 'Polite and precise.', systemPrompt: SUPPORT_PROMPT, isDefault: true },
  { id: 'b0000000-0000-4000-8000-000000000002', name: 'Sales', description: 'Short and persuasive.', systemPrompt: SALES_PROMPT, isDefault: false },
];

const FAQ_TEMPLATE: ChatbotTemplateOption = {
  id: 'd0000000-0000-4000-8000-000000000001',
  name: 'FAQ bot',
  description: 'Answers frequently asked questions.',
  configuration: {
    category: 'Support',
    industry: 'Software',
    features: ['FAQ'],
    difficulty: 'beginner',
    setupTime: '5 minutes',
    useCases: ['Help centre'],
    systemPrompt: 'You answer the FAQ.',
    welcomeMessage: 'Ask me a frequently asked question.',
    suggestedQuestions: ['What does it cost?', 'Is there a trial?'],
  },
};

/** The catalogues the builder reads, and a POST that records its body and answers with the chatbot it describes. */
function mockBuilder() {
  const created: Record<string, unknown>[] = [];
  server.use(
    http.get('/api/behavior-templates/active', () => contractJson(behaviorTemplateOptionListSchema, { items: BEHAVIORS })),
    http.get('/api/chatbot-templates/active', () => contractJson(chatbotTemplateOptionListSchema, { items: [FAQ_TEMPLATE] })),
    http.post('/api/chatbots', async ({ request }) => {
      const body = (await request.json()) as Partial<Chatbot>;
      created.push(body as Record<string, unknown>);
      return contractJson(chatbotSchema, chatbotFixture({ ...body, sourceCount: 0, chunkCount: 0 }));
    }),
  );
  return created;
}

function renderBuilder(templateId: string | null = null) {
  const onCreated = vi.fn();
  return { onCreated, ...renderScreen(<CreateChatbotForm onCreated={onCreated} templateId={templateId} />) };
}

describe('CreateChatbotForm', () => {
  it('starts from the default behavior template’s prompt', async () => {
    mockBuilder();
    renderBuilder();

    expect(await screen.findByLabelText('System prompt')).toHaveValue(SUPPORT_PROMPT);
    expect(screen.getByRole('combobox', { name: 'Behavior template' })).toHaveTextContent('Support (default)');
    expect(screen.getByText('Polite and precise.')).toBeInTheDocument();
  });

  it('puts the chosen behavior template’s prompt in the field', async () => {
    mockBuilder();
    const { user } = renderBuilder();

    await user.click(await screen.findByRole('combobox', { name: 'Behavior template' }));
    await user.click(await screen.findByRole('option', { name: 'Sales' }));

    expect(screen.getByLabelText('System prompt')).toHaveValue(SALES_PROMPT);
    expect(screen.getByText('Short and persuasive.')).toBeInTheDocument();
  });

  it('says a hand-written prompt matches no template', async () => {
    mockBuilder();
    const { user } = renderBuilder();

    await fillIn(user, await screen.findByLabelText('System prompt'), `${SUPPORT_PROMPT} Always sign with “The team”.`);

    expect(screen.getByRole('combobox', { name: 'Behavior template' })).toHaveTextContent('Custom prompt');
  });

  it('requires a name and sends nothing without one', async () => {
    const created = mockBuilder();
    const { user, onCreated } = renderBuilder();

    await user.click(await screen.findByRole('button', { name: 'Create chatbot' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(created).toEqual([]);
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('refuses a temperature above 2', async () => {
    const created = mockBuilder();
    const { user } = renderBuilder();

    await fillIn(user, await screen.findByLabelText('Name'), 'Help bot');
    await fillIn(user, screen.getByLabelText('Temperature'), '2.5');
    await user.click(screen.getByRole('button', { name: 'Create chatbot' }));

    expect(await screen.findByText('Temperature must be between 0 and 2')).toBeInTheDocument();
    expect(created).toEqual([]);
  });

  it('checks each allowed origin as it is added, and keeps only the origin of a URL', async () => {
    mockBuilder();
    const { user } = renderBuilder();

    const origin = await screen.findByLabelText('Allowed origins');
    await fillIn(user, origin, 'example.com');
    await user.keyboard('{Enter}');
    expect(screen.getByText('"example.com" is not a website origin such as https://www.example.com')).toBeInTheDocument();

    await fillIn(user, origin, 'https://www.example.com/');
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove origin https://www.example.com' })).toBeInTheDocument();
    expect(screen.queryByText(/is not a website origin/)).not.toBeInTheDocument();
  });

  it('turns the wait alert off with the handoff', async () => {
    mockBuilder();
    const { user } = renderBuilder();

    const alertMinutes = await screen.findByLabelText('E-mail the owners when a visitor waits longer than');
    expect(alertMinutes).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: 'Let visitors ask for a person' }));

    expect(alertMinutes).toBeDisabled();
  });

  it('creates the chatbot with what the form holds, trimmed, and goes on with it', async () => {
    const created = mockBuilder();
    const { user, onCreated } = renderBuilder();

    await fillIn(user, await screen.findByLabelText('Name'), '  Help bot  ');
    await fillIn(user, screen.getByLabelText('Suggested questions'), 'How do I get started?');
    await user.keyboard('{Enter}');
    await fillIn(user, screen.getByLabelText('Allowed origins'), 'https://shop.example.com/');
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText('E-mail the owners when a visitor waits longer than'), '15');
    await user.click(screen.getByRole('radio', { name: /^Live/ }));
    await user.click(screen.getByRole('button', { name: 'Create chatbot' }));

    expect(await screen.findByText('Help bot is created. Now give it some training data.')).toBeInTheDocument();
    expect(created).toEqual([
      {
        name: 'Help bot',
        description: '',
        systemPrompt: SUPPORT_PROMPT,
        modelProvider: 'builtin',
        modelName: 'extractive',
        temperature: 0.3,
        welcomeMessage: 'Hi! Ask me anything about our documentation.',
        suggestedQuestions: ['How do I get started?'],
        appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Chat with us', avatarUrl: null },
        allowedOrigins: ['https://shop.example.com'],
        status: 'live',
        retrievalTopK: 5,
        handoffEnabled: true,
        handoffAlertMinutes: 15,
      },
    ]);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ name: 'Help bot', status: 'live' }));
  });

  it('keeps the edits and says why when the server refuses', async () => {
    mockBuilder();
    server.use(http.post('/api/chatbots', () => apiError(403, 'LIMIT_REACHED', 'Your plan allows 1 chatbot. Upgrade to add more.')));
    const { user, onCreated } = renderBuilder();

    await fillIn(user, await screen.findByLabelText('Name'), 'Second bot');
    await user.click(screen.getByRole('button', { name: 'Create chatbot' }));

    expect(await screen.findByText('Could not create the chatbot: Your plan allows 1 chatbot. Upgrade to add more.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Second bot');
    expect(onCreated).not.toHaveBeenCalled();
  });

  it('still lets the prompt be written when the behavior templates cannot be loaded', async () => {
    mockBuilder();
    let requests = 0;
    server.use(
      http.get('/api/behavior-templates/active', async () => {
        requests += 1;
        // Asked again, the server does not answer: a page that asks again shows a skeleton that stays, not a busy loop.
        if (requests > 1) await new Promise(() => {});
        return apiError(503, 'SERVICE_UNAVAILABLE', 'The service is busy. Try again shortly.');
      }),
    );
    renderBuilder();

    // A second, not the usual five: a page that asks again on its own never shows the status.
    expect(await screen.findByRole('status', {}, { timeout: 1_000 })).toHaveTextContent(
      'Behavior templates could not be loaded (The service is busy. Try again shortly.). You can still write the prompt yourself.',
    );
    expect(screen.getByLabelText('System prompt')).toHaveValue(DEFAULT_SYSTEM_PROMPT);
    // It stays so: the page does not ask again by itself.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requests).toBe(1);
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  describe('from a chatbot template', () => {
    it('fills in what the template carries', async () => {
      mockBuilder();
      renderBuilder(FAQ_TEMPLATE.id);

      expect(await screen.findByTestId('chatbot-template-banner')).toHaveTextContent('Starting from “FAQ bot”');
      expect(screen.getByLabelText('Name')).toHaveValue('FAQ bot');
      expect(screen.getByLabelText('System prompt')).toHaveValue('You answer the FAQ.');
      expect(screen.getByLabelText('Welcome message')).toHaveValue('Ask me a frequently asked question.');
      const questions = screen.getByRole('group', { name: 'Conversation' });
      expect(within(questions).getByText('What does it cost?')).toBeInTheDocument();
      expect(within(questions).getByText('Is there a trial?')).toBeInTheDocument();
    });

    it('starts from the usual settings when the template is gone', async () => {
      mockBuilder();
      renderBuilder('d0000000-0000-4000-8000-0000000000ff');

      expect(await screen.findByText('This template is no longer available')).toBeInTheDocument();
      expect(screen.getByLabelText('Name')).toHaveValue('');
      expect(screen.getByLabelText('System prompt')).toHaveValue(SUPPORT_PROMPT);
    });
  });
});
