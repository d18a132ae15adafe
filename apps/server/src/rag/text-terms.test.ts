import { describe, expect, it } from 'vitest';
import { contentTerms, stem, terms } from './text-terms';

describe('text terms', () => {
  it('brings word forms together', () => {
    expect(['refund', 'refunds', 'refunded', 'refunding'].map(stem)).toEqual(['refund', 'refund', 'refund', 'refund']);
    expect(['ship', 'ships', 'shipped', 'shipping'].map(stem)).toEqual(['ship', 'ship', 'ship', 'ship']);
    expect(['policy', 'policies', 'boxes', 'days', 'tried'].map(stem)).toEqual(['policy', 'policy', 'box', 'day', 'try']);
  });

  it('leaves words alone where stripping would mangle them', () => {
    expect(['address', 'status', 'analysis', 'bring', 'thing', 'news', 'bus', 'Paris'].map(stem)).toEqual([
      'address',
      'status',
      'analysis',
      'bring',
      'thing',
      'new',
      'bus',
      'Paris',
    ]);
  });

  it('keeps the topic of a question and drops its phrasing', () => {
    expect(contentTerms("How do I get my money back if I don't like the annual plan?")).toEqual(['money', 'back', 'annual', 'plan']);
    expect(terms('Can Bob’s team ship?')).toEqual([
      { term: 'can', isStopWord: true },
      { term: 'bob', isStopWord: false },
      { term: 'team', isStopWord: false },
      { term: 'ship', isStopWord: false },
    ]);
  });
});
