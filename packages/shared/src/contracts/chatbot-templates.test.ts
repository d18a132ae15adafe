import { describe, expect, it } from 'vitest';
import { chatbotTemplateConfigurationSchema, createChatbotTemplateBodySchema, featureSummary, NEW_TEMPLATE_CONFIGURATION } from './chatbot-templates';

describe('chatbot template cards', () => {
  it('name the first two features and count the rest as +N', () => {
    expect(featureSummary([])).toEqual({ shown: [], more: 0, moreLabel: null });
    expect(featureSummary(['A'])).toEqual({ shown: ['A'], more: 0, moreLabel: null });
    expect(featureSummary(['A', 'B'])).toEqual({ shown: ['A', 'B'], more: 0, moreLabel: null });
    expect(featureSummary(['A', 'B', 'C'])).toEqual({ shown: ['A', 'B'], more: 1, moreLabel: '+1' });
    expect(featureSummary(['A', 'B', 'C', 'D', 'E'])).toEqual({ shown: ['A', 'B'], more: 3, moreLabel: '+3' });
    expect(featureSummary(['A', 'B', 'C'], 0)).toEqual({ shown: [], more: 3, moreLabel: '+3' });
  });
});

describe('chatbot template configuration', () => {
  it('a new template gets the spec’s configuration', () => {
    const body = createChatbotTemplateBodySchema.parse({ name: 'New' });
    expect(body).toMatchObject({ name: 'New', description: '', isActive: true });
    expect(body.configuration).toEqual({ ...NEW_TEMPLATE_CONFIGURATION });
    expect(chatbotTemplateConfigurationSchema.parse({})).toEqual({ ...NEW_TEMPLATE_CONFIGURATION });
  });

  it('keeps custom keys, trims texts and drops blank optional ones', () => {
    expect(
      chatbotTemplateConfigurationSchema.parse({ category: ' Sales ', features: [' Leads '], templateId: '', welcomeMessage: ' Hi ', extra: { a: 1 } }),
    ).toEqual({
      ...NEW_TEMPLATE_CONFIGURATION,
      category: 'Sales',
      features: ['Leads'],
      welcomeMessage: 'Hi',
      extra: { a: 1 },
    });
  });
});
