import { describe, expect, it } from 'vitest';
import { parseRecipients, recipientsError } from './recipients';

describe('schedule recipients', () => {
  it('splits what people type or paste into addresses', () => {
    expect(parseRecipients(' ana@example.com, bo@example.com ,')).toEqual(['ana@example.com', 'bo@example.com']);
    expect(parseRecipients('ana@example.com; bo@example.com\ncy@example.com')).toEqual(['ana@example.com', 'bo@example.com', 'cy@example.com']);
    expect(parseRecipients('')).toEqual([]);
  });

  it('keeps each address once, whatever its case', () => {
    expect(parseRecipients('Ana@Example.com, ana@example.com')).toEqual(['Ana@Example.com']);
  });

  it('accepts valid addresses and names the one that is not', () => {
    expect(recipientsError('ana@example.com, bo@example.com')).toBeNull();
    expect(recipientsError('ana@example.com, bo@')).toBe('Enter valid e-mail addresses: “bo@” is not one');
    expect(recipientsError('  ')).toBe('Add at least one recipient');
    expect(recipientsError(Array.from({ length: 11 }, (_, i) => `u${i}@example.com`).join(','))).toBe('At most 10 recipients');
  });
});
