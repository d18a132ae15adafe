import type { BehaviorTemplateOption } from '@parley/shared/contracts/behavior-templates';
import type { ChatbotTemplateOption } from '@parley/shared/contracts/chatbot-templates';
import { createChatbotBodySchema, DEFAULT_SYSTEM_PROMPT } from '@parley/shared/contracts/chatbots';
import { describe, expect, it } from 'vitest';
import { defaultBehaviorTemplate, matchingBehaviorTemplate, NEW_CHATBOT_VALUES, newChatbotValues } from './chatbot-form-values';

const option = (id: string, systemPrompt: string, isDefault = false): BehaviorTemplateOption => ({
  id,
  name: `T ${id}`,
  description: '',
  systemPrompt,
  isDefault,
});
const behaviors = [option('b', 'Be formal.'), option('a', 'Be kind.', true), option('c', 'Be brief.')];

const template: ChatbotTemplateOption = {
  id: '0b5c6f8e-4a43-4c55-9a5e-0d7f1c1e2a09',
  name: 'Retail support',
  description: 'Orders and returns',
  configuration: {
    category: 'Customer Service',
    industry: 'Retail',
    features: ['Returns'],
    difficulty: 'Beginner',
    setupTime: '10 mins',
    useCases: [],
    systemPrompt: 'Help shoppers.',
    welcomeMessage: 'Need help with an order?',
    suggestedQuestions: ['Where is my order?'],
  },
};

describe('the builder and the templates', () => {
  it('preselects the default behavior template’s prompt', () => {
    expect(defaultBehaviorTemplate(behaviors)?.id).toBe('a');
    expect(defaultBehaviorTemplate([option('x', 'X')])?.id).toBe('x');
    expect(defaultBehaviorTemplate([])).toBeUndefined();
    expect(newChatbotValues({ behaviorTemplates: behaviors })).toEqual({ ...NEW_CHATBOT_VALUES, systemPrompt: 'Be kind.' });
    // Without a catalogue (it failed to load) the built-in prompt stands in.
    expect(newChatbotValues({}).systemPrompt).toBe(DEFAULT_SYSTEM_PROMPT);
  });

  it('knows which template the prompt field holds; a hand-edited prompt matches none', () => {
    expect(matchingBehaviorTemplate(behaviors, ' Be brief.\n')?.id).toBe('c');
    expect(matchingBehaviorTemplate(behaviors, 'Be brief. And kind.')).toBeUndefined();
    expect(matchingBehaviorTemplate(undefined, 'Be brief.')).toBeUndefined();
  });

  it('a chatbot template prefills name, description and the settings it carries, and the result passes the contract', () => {
    const values = newChatbotValues({ behaviorTemplates: behaviors, template });
    expect(values).toEqual({
      ...NEW_CHATBOT_VALUES,
      name: 'Retail support',
      description: 'Orders and returns',
      systemPrompt: 'Help shoppers.',
      welcomeMessage: 'Need help with an order?',
      suggestedQuestions: ['Where is my order?'],
    });
    expect(createChatbotBodySchema.safeParse(values).success).toBe(true);
  });

  it('a template without a prompt keeps the default behavior template’s', () => {
    const bare = {
      ...template,
      configuration: { ...template.configuration, systemPrompt: undefined, welcomeMessage: undefined, suggestedQuestions: undefined },
    };
    const values = newChatbotValues({ behaviorTemplates: behaviors, template: bare });
    expect(values).toMatchObject({
      name: 'Retail support',
      systemPrompt: 'Be kind.',
      welcomeMessage: NEW_CHATBOT_VALUES.welcomeMessage,
      suggestedQuestions: [],
    });
  });
});
