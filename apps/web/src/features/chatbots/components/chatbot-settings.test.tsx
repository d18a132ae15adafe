import { behaviorTemplateOptionListSchema } from '@parley/shared/contracts/behavior-templates';
import { chatbotSchema, DEFAULT_SYSTEM_PROMPT, type Chatbot } from '@parley/shared/contracts/chatbots';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { CHATBOT_ID, chatbotFixture } from '@/test/fixtures/chatbot';
import { fillIn, renderScreen } from '@/test/render';
import { apiError, contractJson, server } from '@/test/server';
import { useChatbot } from '../api/get-chatbot';
import { ChatbotSettings } from './chatbot-settings';

/** The chatbot, the behavior catalogue, and a PATCH that records its body and answers with the chatbot changed accordingly. */
function mockSettings(saved: Chatbot = chatbotFixture()) {
  const patches: Record<string, unknown>[] = [];
  const deletes: string[] = [];
  server.use(
    http.get('/api/chatbots/:id', () => contractJson(chatbotSchema, saved)),
    http.get('/api/behavior-templates/active', () =>
      contractJson(behaviorTemplateOptionListSchema, {
        items: [{ id: 'b0000000-0000-4000-8000-000000000001', name: 'Support', description: '', systemPrompt: DEFAULT_SYSTEM_PROMPT, isDefault: true }],
      }),
    ),
    http.patch('/api/chatbots/:id', async ({ request }) => {
      const changes = (await request.json()) as Partial<Chatbot>;
      patches.push(changes as Record<string, unknown>);
      return contractJson(chatbotSchema, { ...saved, ...changes, appearance: { ...saved.appearance, ...changes.appearance } });
    }),
    http.delete('/api/chatbots/:id', ({ params }) => {
      deletes.push(String(params.id));
      return HttpResponse.json({ ok: true });
    }),
  );
  return { patches, deletes };
}

/** As the chatbot's page gives it the chatbot: from the detail query, which a save updates. */
function SettingsTab({ onDeleted }: { onDeleted: () => void }) {
  const { data: chatbot } = useChatbot(CHATBOT_ID);
  return chatbot ? <ChatbotSettings chatbot={chatbot} onDeleted={onDeleted} /> : null;
}

function renderSettings() {
  const onDeleted = vi.fn();
  return { onDeleted, ...renderScreen(<SettingsTab onDeleted={onDeleted} />) };
}

describe('ChatbotSettings', () => {
  it('shows the saved settings, and Save only once something changed', async () => {
    mockSettings();
    const { user } = renderSettings();

    expect(await screen.findByLabelText('Name')).toHaveValue('Help centre assistant');
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeDisabled();
    expect(screen.getByText('Embeddings: Built-in model all-MiniLM-L6-v2 (offline, 384 dimensions).')).toBeInTheDocument();

    await fillIn(user, screen.getByLabelText('Name'), 'Help centre assistant 2');

    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('sends only the fields that changed', async () => {
    const { patches } = mockSettings();
    const { user } = renderSettings();

    await fillIn(user, await screen.findByLabelText('Name'), 'Docs bot');
    await user.click(screen.getByRole('button', { name: 'Remove question How do I reset my password?' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches).toEqual([{ name: 'Docs bot', suggestedQuestions: [] }]);
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('sends the whole appearance when one of its fields changed', async () => {
    const { patches } = mockSettings();
    const { user } = renderSettings();

    await fillIn(user, await screen.findByLabelText('Colour'), '#0f766e');
    await user.click(screen.getByRole('radio', { name: 'Bottom left' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(patches).toEqual([{ appearance: { color: '#0f766e', position: 'bottom-left', title: 'Chat with us', avatarUrl: null } }]);
  });

  it('refuses a colour that is not a hex value', async () => {
    const { patches } = mockSettings();
    const { user } = renderSettings();

    await fillIn(user, await screen.findByLabelText('Colour'), 'teal');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Colour must be a hex value such as #4f46e5')).toBeInTheDocument();
    expect(screen.getByText('Check the highlighted fields.')).toBeInTheDocument();
    expect(patches).toEqual([]);
  });

  it('discards the edits', async () => {
    mockSettings();
    const { user } = renderSettings();

    await fillIn(user, await screen.findByLabelText('Welcome message'), 'Hello! Ask me anything.');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));

    expect(screen.getByLabelText('Welcome message')).toHaveValue('Hi! Ask me anything about our documentation.');
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });

  it('keeps the edits and says why when the save is refused', async () => {
    mockSettings();
    server.use(http.patch('/api/chatbots/:id', () => apiError(400, 'VALIDATION_ERROR', 'Name must be at most 100 characters')));
    const { user } = renderSettings();

    await fillIn(user, await screen.findByLabelText('Name'), 'Help centre assistant 2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Could not save the settings: Name must be at most 100 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Help centre assistant 2');
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('deletes the chatbot after the confirmation', async () => {
    const { deletes } = mockSettings();
    const { user, onDeleted } = renderSettings();

    await user.click(await screen.findByRole('button', { name: 'Delete chatbot' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Help centre assistant?' });
    expect(deletes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete chatbot' }));

    expect(await screen.findByText('Help centre assistant was deleted.')).toBeInTheDocument();
    expect(deletes).toEqual([CHATBOT_ID]);
    expect(onDeleted).toHaveBeenCalledOnce();
  });
});
