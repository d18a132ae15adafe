import { describe, expect, it } from 'vitest';
import { sentenceSpans } from './sentences';

const sentences = (text: string): string[] => sentenceSpans(text).map(({ start, end }) => text.slice(start, end));

describe('sentenceSpans', () => {
  it('ends sentences at . ! ? with closing quotes, but not after abbreviations, initials or inside numbers', () => {
    expect(sentences('Refunds take 3.5 days. Really?! Yes. She said "ask Dr. Smith." Then J. R. Tolkien left, e.g. at noon.')).toEqual([
      'Refunds take 3.5 days.',
      'Really?!',
      'Yes.',
      'She said "ask Dr. Smith."',
      'Then J. R. Tolkien left, e.g. at noon.',
    ]);
  });

  it('joins hard-wrapped lines, as PDFs produce them, into one sentence', () => {
    expect(sentences('Annual plans can be refunded within\nthirty days of purchase, after which\nno refund is given.\nContact support for help.')).toEqual([
      'Annual plans can be refunded within\nthirty days of purchase, after which\nno refund is given.',
      'Contact support for help.',
    ]);
  });

  it('keeps list items, "key: value" lines and paragraphs apart even without punctuation', () => {
    expect(sentences('Supported formats\n- pdf files\n- docx files\nname: Tea; price: 3.50\nname: Coffee\n\nnext paragraph')).toEqual([
      'Supported formats',
      '- pdf files',
      '- docx files',
      'name: Tea; price: 3.50',
      'name: Coffee',
      'next paragraph',
    ]);
  });

  it('splits Chinese and Japanese text at full-width stops', () => {
    expect(sentences('退款需要三天。请联系客服！好的')).toEqual(['退款需要三天。', '请联系客服！', '好的']);
  });

  it('reports offsets into the original text, within the requested range, without surrounding whitespace', () => {
    const text = 'Intro.  First one.   Second one.  Outro.';
    const from = text.indexOf('First');
    const to = text.indexOf('  Outro');
    const spans = sentenceSpans(text, from, to);
    expect(spans.map(({ start, end }) => text.slice(start, end))).toEqual(['First one.', 'Second one.']);
    expect(sentenceSpans('   ')).toEqual([]);
  });
});
