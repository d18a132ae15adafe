import { describe, expect, it } from 'vitest';
import { fullTextQuery } from './retrieval';

describe('fullTextQuery', () => {
  it('keeps content words as prefix terms and drops stop words and syntax', () => {
    expect(fullTextQuery('How long do refunds take?')).toBe('refund:*');
    expect(fullTextQuery("What's the launch code for project Zephyr? | & ! :*")).toMatch(/^launch:\* \| code:\* \| project:\* \| zephyr:\*$/);
    expect(fullTextQuery('the of and')).toBeNull();
  });
});
