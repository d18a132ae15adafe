import { chatbotTemplateConfigurationSchema } from '@parley/shared/contracts/chatbot-templates';
import { describe, expect, it } from 'vitest';
import {
  configurationFromFields,
  fieldsFromConfiguration,
  formatConfiguration,
  linesToList,
  newConfiguration,
  parseConfigurationJson,
  prefillSummary,
} from './template-configuration';

describe('the configuration JSON', () => {
  it('parses objects and refuses anything else with the spec’s message', () => {
    expect(parseConfigurationJson('{"category":"Sales","extra":1}')).toEqual({ ok: true, value: { category: 'Sales', extra: 1 } });
    expect(parseConfigurationJson('   ')).toEqual({ ok: true, value: {} });
    for (const text of ['{"category":', '[1,2]', 'null', '"text"', '42', '{category: "x"}', "{'a': 1}"]) {
      expect(parseConfigurationJson(text)).toEqual({ ok: false, message: 'Invalid JSON configuration' });
    }
  });

  it('formats known keys first in a fixed order, then custom keys, indented', () => {
    const text = formatConfiguration({ extra: true, useCases: [], category: 'Sales', features: ['A'], templateId: undefined });
    expect(text).toBe('{\n  "category": "Sales",\n  "features": [\n    "A"\n  ],\n  "useCases": [],\n  "extra": true\n}');
    const round = parseConfigurationJson(text);
    expect(round.ok && round.value).toEqual({ category: 'Sales', features: ['A'], useCases: [], extra: true });
  });
});

describe('the configuration fields', () => {
  it('a new template starts from the spec’s defaults, which the contract accepts as they are', () => {
    const fields = fieldsFromConfiguration(newConfiguration());
    expect(fields).toMatchObject({ category: 'General', industry: 'General', difficulty: 'Beginner', setupTime: '10 mins', features: '', useCases: '' });
    const configuration = configurationFromFields(fields);
    expect(chatbotTemplateConfigurationSchema.parse(configuration)).toEqual(configuration);
  });

  it('lists are one entry per line; blank optional prefill is left out; custom keys survive a round trip', () => {
    expect(linesToList(' A \n\n B\r\nC  ')).toEqual(['A', 'B', 'C']);
    const base = { category: 'Old', custom: { keep: true }, systemPrompt: 'Old prompt', suggestedQuestions: ['Old?'] };
    const fields = { ...fieldsFromConfiguration(base), category: ' Retail ', features: 'Returns\nOrders\n', systemPrompt: '  ', suggestedQuestions: '' };
    expect(configurationFromFields(fields, base)).toEqual({
      category: 'Retail',
      industry: 'General',
      features: ['Returns', 'Orders'],
      difficulty: 'Beginner',
      setupTime: '10 mins',
      useCases: [],
      custom: { keep: true },
    });
    const full = { ...newConfiguration(), templateId: 'shop', systemPrompt: 'P', welcomeMessage: 'W', suggestedQuestions: ['Q1?', 'Q2?'] };
    expect(configurationFromFields(fieldsFromConfiguration(full), full)).toEqual(full);
  });

  it('cards say what a template prefills in the builder', () => {
    expect(prefillSummary(newConfiguration())).toBeNull();
    expect(prefillSummary({ systemPrompt: 'P' })).toBe('Prefills the prompt');
    expect(prefillSummary({ systemPrompt: 'P', suggestedQuestions: ['a'] })).toBe('Prefills the prompt and 1 suggested question');
    expect(prefillSummary({ systemPrompt: 'P', welcomeMessage: 'W', suggestedQuestions: ['a', 'b'] })).toBe(
      'Prefills the prompt, the welcome message and 2 suggested questions',
    );
  });
});
