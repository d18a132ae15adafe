import { describe, expect, it } from 'vitest';
import { questionKey } from './question-key';

describe('questionKey: similar questions share a key', () => {
  it('ignores phrasing, word order, case, punctuation and plural/verb endings', () => {
    const key = questionKey('How long do refunds take?');
    expect(key).toBe('refund');
    expect(questionKey('refund, how long?')).toBe(key);
    expect(questionKey('REFUNDING takes how long??')).toBe(key);
  });

  it('sorts and de-duplicates the content words', () => {
    expect(questionKey('What are your opening hours?')).toBe('hour open');
    expect(questionKey('hours: opening')).toBe('hour open');
    expect(questionKey('Can I get a refund for my refunded order?')).toBe('order refund');
  });

  it('keeps different topics apart', () => {
    expect(questionKey('How do I reset my password?')).not.toBe(questionKey('How do I cancel my subscription?'));
  });

  it('a question of stop words only keeps its lower-cased text, so greetings do not all merge', () => {
    expect(questionKey('What is this')).toBe('what is this');
    expect(questionKey('  What   IS this ')).toBe('what is this');
    expect(questionKey('who are you')).not.toBe(questionKey('what is this'));
  });

  it('keeps letters outside English', () => {
    expect(questionKey('Öffnungszeiten?')).toBe('öffnungszeiten');
  });

  it('is at most 200 characters', () => {
    expect(questionKey('x'.repeat(500))).toHaveLength(200);
    expect(questionKey(Array.from({ length: 100 }, (_, i) => `topic${i}`).join(' ')).length).toBeLessThanOrEqual(200);
  });
});
