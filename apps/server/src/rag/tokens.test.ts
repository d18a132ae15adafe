import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countCharacters, countTokens, estimateBillingTokens, tokenSpans } from './tokens';

describe('countTokens', () => {
  it('counts words, numbers and punctuation the way the rule says', () => {
    expect(countTokens('Hello, world!')).toBe(4);
    expect(countTokens('The refund window is 30 days.')).toBe(7);
    expect(countTokens('')).toBe(0);
    expect(countTokens(' \n\t ')).toBe(0);
  });

  it('charges long words per started 8 letters and long numbers per 3 digits', () => {
    expect(countTokens('document')).toBe(1);
    expect(countTokens('documents')).toBe(2);
    expect(countTokens('internationalization')).toBe(3);
    expect(countTokens('1234567')).toBe(3);
    expect(countTokens('a'.repeat(4096))).toBe(512);
  });

  it('counts Chinese, Japanese and Korean characters one each', () => {
    expect(countTokens('日本語のテキスト')).toBe(8);
    expect(countTokens('한국어')).toBe(3);
    expect(countTokens('Parley支持中文')).toBe(5);
  });

  it('counts exactly as the pattern matches, over letters, marks, digits of several scripts, CJK, spaces, controls and lone surrogates', () => {
    const alphabet = [
      'a',
      'Z',
      'é',
      '\u0301',
      'ß',
      'Ω',
      'я',
      'ا',
      '٣',
      '7',
      '½',
      '〡', // a Han numeral: CJK and a number at once
      '〇',
      '𐄇', // a number outside the BMP
      '中',
      'ア',
      '한',
      ' ',
      '\u00a0',
      '\u2028',
      '\t',
      '\u0000',
      '\u200b',
      '-',
      '€',
      '😀',
      '\ud800',
      '\udc00',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }), (chars) => {
        const text = chars.join('');
        expect(countTokens(text)).toBe(tokenSpans(text).length);
      }),
      { numRuns: 2000 },
    );
  });

  it('gives the same count as the spans it reports, and counts add up when text is cut at a token boundary', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 })), fc.nat(), (text, pick) => {
        const spans = tokenSpans(text);
        expect(spans.length).toBe(countTokens(text));
        if (spans.length < 2) return;
        const i = pick % (spans.length - 1);
        const cut = spans.ends[i] as number;
        expect(countTokens(text.slice(0, cut)) + countTokens(text.slice(cut))).toBe(spans.length);
      }),
      { numRuns: 500 },
    );
  });

  it('reports spans that cover every visible character exactly once', () => {
    const text = 'Shipping: 3–5 days (EU), 1234567 units; naïve café — ok?';
    const spans = tokenSpans(text);
    let rebuilt = '';
    for (let i = 0; i < spans.length; i++) rebuilt += text.slice(spans.starts[i], spans.ends[i]);
    expect(rebuilt).toBe(text.replace(/\s/g, ''));
  });

  it('handles megabytes of text', () => {
    const paragraph = 'Parley answers questions from your documents. It cites its sources, 24/7, in 40+ languages.\n\n';
    const text = paragraph.repeat(Math.ceil(5_000_000 / paragraph.length));
    const started = performance.now();
    const count = countTokens(text);
    const ms = performance.now() - started;
    console.info(`countTokens: ${(text.length / 1e6).toFixed(1)} MB in ${ms.toFixed(0)} ms (${(text.length / 1e6 / (ms / 1000)).toFixed(1)} MB/s)`);
    expect(count).toBe(countTokens(paragraph) * Math.ceil(5_000_000 / paragraph.length));
  });
});

describe('estimateBillingTokens', () => {
  it('follows the spec: 100 characters are ceil(100 × 1.333) = 134 tokens', () => {
    expect(estimateBillingTokens('x'.repeat(100))).toBe(134);
    expect(estimateBillingTokens('x'.repeat(3))).toBe(4);
    expect(estimateBillingTokens('')).toBe(0);
  });

  it('does not round an exact product up because of floating point', () => {
    expect(estimateBillingTokens('x'.repeat(1000))).toBe(1333);
    expect(estimateBillingTokens('x'.repeat(3000))).toBe(3999);
  });

  it('applies the tokens-per-character rate and the multiplier', () => {
    expect(estimateBillingTokens('x'.repeat(100), 1.333, 2)).toBe(267);
    expect(estimateBillingTokens('x'.repeat(100), 0.25)).toBe(25);
    expect(estimateBillingTokens('x'.repeat(10), 1.333, 0)).toBe(0);
    expect(() => estimateBillingTokens('x', -1)).toThrow(RangeError);
  });

  it('counts characters as a reader does: an emoji or an accented letter is one', () => {
    expect(countCharacters('😀😀😀')).toBe(3);
    expect(countCharacters('café')).toBe(4);
    expect(estimateBillingTokens('😀'.repeat(100))).toBe(134);
  });
});
