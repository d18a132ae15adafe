import { describe, expect, it } from 'vitest';
import { sanitizeErrorMessage } from '../sanitize-error';
import { documentCostMessage, documentCostRefusal, documentCostShare } from './token-credits';

describe('a document’s cost against what is left', () => {
  it('fits within the allowance, takes the rest from the token balance, or is refused naming both figures', () => {
    expect(documentCostShare({ tokens: 500, allowanceLeft: 500, tokenBalance: 0 })).toEqual({ fromTokenBalance: 0, fits: true });
    expect(documentCostShare({ tokens: 501, allowanceLeft: 500, tokenBalance: 1 })).toEqual({ fromTokenBalance: 1, fits: true });
    expect(documentCostShare({ tokens: 502, allowanceLeft: 500, tokenBalance: 1 })).toEqual({ fromTokenBalance: 2, fits: false });
    expect(documentCostShare({ tokens: 10 ** 9, allowanceLeft: null, tokenBalance: 0 })).toEqual({ fromTokenBalance: 0, fits: true });

    const figures = { tokens: 88_561, monthlyLimit: 100_000, allowanceLeft: 12_632, tokenBalance: 0 };
    expect(documentCostMessage(figures)).toBe(
      'This document would cost 88,561 tokens, but 12,632 of your 100,000 tokens are left this month. Add a smaller document, buy tokens or upgrade your plan.',
    );
    expect(documentCostMessage({ ...figures, tokenBalance: 80_000 })).toBe(
      'This document will cost 88,561 tokens; 12,632 of your 100,000 tokens are left this month, so 75,929 tokens will be taken from your token balance of 80,000 tokens.',
    );
    expect(documentCostMessage({ ...figures, tokens: 1 }, 'This text')).toBe('This text will cost 1 token; 12,632 of your 100,000 tokens are left this month.');
  });

  it('the refusal as an error passes the error sanitiser (it never says "token") and still names both figures', () => {
    const refusal = documentCostRefusal({ tokens: 88_561, monthlyLimit: 100_000, allowanceLeft: 12_632, tokenBalance: 300 });
    expect(refusal).toBe(
      'This document needs 88,561 of your monthly allowance, but 12,632 of 100,000 are left this month, plus 300 bought. Add a smaller document, buy more or upgrade your plan.',
    );
    expect(sanitizeErrorMessage(refusal)).toBe(refusal);
  });
});
