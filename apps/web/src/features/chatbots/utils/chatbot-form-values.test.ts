import { createChatbotBodySchema, type Chatbot } from '@parley/shared/contracts/chatbots';
import { describe, expect, it } from 'vitest';
import { changedFields, NEW_CHATBOT_VALUES, suggestedQuestionSchema, toFormValues } from './chatbot-form-values';

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

  it('show an unknown provider as the built-in one', () => {
    expect(toFormValues({ ...chatbot, modelProvider: 'cohere' }).modelProvider).toBe('builtin');
  });

  it('check each suggested question as the contract does', () => {
    expect(suggestedQuestionSchema.safeParse('  ').success).toBe(false);
    expect(suggestedQuestionSchema.safeParse('x'.repeat(201)).success).toBe(false);
    expect(suggestedQuestionSchema.parse(' What does it cost? ')).toBe('What does it cost?');
  });
});
