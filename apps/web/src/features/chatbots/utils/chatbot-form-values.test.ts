import { createChatbotBodySchema, type Chatbot } from '@parley/shared/contracts/chatbots';
import { describe, expect, it } from 'vitest';
import { alertMinutesFromInput, changedFields, NEW_CHATBOT_VALUES, suggestedQuestionSchema, toFormValues } from './chatbot-form-values';

const chatbot: Chatbot = {
  id: '0b5c6f8e-4a43-4c55-9a5e-0d7f1c1e2a01',
  organizationId: '0b5c6f8e-4a43-4c55-9a5e-0d7f1c1e2a02',
  name: 'Help desk',
  description: 'Answers about our product',
  systemPrompt: 'Be brief.',
  modelProvider: 'builtin',
  modelName: 'extractive',
  temperature: 0.3,
  welcomeMessage: 'Hello!',
  suggestedQuestions: ['How do I start?'],
  appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Chat with us', avatarUrl: null },
  allowedOrigins: ['https://www.example.com'],
  status: 'draft',
  embedding: { provider: 'local', model: 'feature-hash-v1', dimensions: 384 },
  chunking: { strategy: 'semantic', size: 1000, overlap: 200 },
  retrievalTopK: 5,
  handoffEnabled: true,
  handoffAlertMinutes: null,
  sourceCount: 0,
  chunkCount: 0,
  createdAt: '2026-11-22T10:00:00.000Z',
  updatedAt: '2026-11-22T10:00:00.000Z',
};

describe('the builder form values', () => {
  it('start from values the create contract accepts once a name is given', () => {
    expect(createChatbotBodySchema.safeParse({ ...NEW_CHATBOT_VALUES, name: 'Bot' }).success).toBe(true);
    expect(createChatbotBodySchema.safeParse(NEW_CHATBOT_VALUES).error?.issues[0]?.message).toBe('Name is required');
  });

  it('round-trip a saved chatbot without reporting any change', () => {
    const values = createChatbotBodySchema.parse(toFormValues(chatbot));
    expect(changedFields(values, chatbot)).toEqual({});
  });

  it('send only the fields that differ from the saved chatbot, nested ones whole', () => {
    const values = createChatbotBodySchema.parse({
      ...toFormValues(chatbot),
      name: '  Help desk 2 ',
      appearance: { ...chatbot.appearance, color: '#112233' },
      allowedOrigins: ['https://www.example.com/', 'http://localhost:8080'],
    });
    expect(changedFields(values, chatbot)).toEqual({
      name: 'Help desk 2',
      appearance: { color: '#112233', position: 'bottom-right', title: 'Chat with us', avatarUrl: null },
      allowedOrigins: ['https://www.example.com', 'http://localhost:8080'],
    });
  });

  it('let visitors ask for a person by default, with no wait alert', () => {
    const values = createChatbotBodySchema.parse({ ...NEW_CHATBOT_VALUES, name: 'Bot' });
    expect(values.handoffEnabled).toBe(true);
    expect(values.handoffAlertMinutes).toBeNull();
  });

  it('send a changed live-chat setting, and a cleared wait alert as null', () => {
    const saved = { ...chatbot, handoffAlertMinutes: 15 };
    const values = createChatbotBodySchema.parse({ ...toFormValues(saved), handoffEnabled: false, handoffAlertMinutes: alertMinutesFromInput('') });
    expect(changedFields(values, saved)).toEqual({ handoffEnabled: false, handoffAlertMinutes: null });
  });

  it('read the wait alert as typed: empty is never, 1 to 1440 minutes pass the contract', () => {
    expect(alertMinutesFromInput('  ')).toBeNull();
    expect(alertMinutesFromInput('30')).toBe(30);
    const check = (typed: string) =>
      createChatbotBodySchema.safeParse({ ...NEW_CHATBOT_VALUES, name: 'Bot', handoffAlertMinutes: alertMinutesFromInput(typed) });
    expect(check('1').success).toBe(true);
    expect(check('1440').success).toBe(true);
    expect(check('0').error?.issues[0]?.message).toBe('The wait before an e-mail must be 1 to 1440 minutes');
    expect(check('1441').success).toBe(false);
    expect(check('2.5').success).toBe(false);
    expect(check('e').success).toBe(false);
  });

  it('show an unknown provider as the built-in one', () => {
    expect(toFormValues({ ...chatbot, modelProvider: 'cohere' }).modelProvider).toBe('builtin');
  });

  it('check each suggested question as the contract does', () => {
    expect(suggestedQuestionSchema.safeParse('  ').success).toBe(false);
    expect(suggestedQuestionSchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(suggestedQuestionSchema.parse(' What does it cost? ')).toBe('What does it cost?');
  });
});
