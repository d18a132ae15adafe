import { describe, expect, it } from 'vitest';
import type { MarkdownInline } from './ast';
import { isSafeHref, parseInline } from './parse-inline';

const text = (value: string): MarkdownInline => ({ type: 'text', text: value });
const strong = (...children: MarkdownInline[]): MarkdownInline => ({ type: 'strong', children });
const em = (...children: MarkdownInline[]): MarkdownInline => ({ type: 'emphasis', children });
const code = (value: string): MarkdownInline => ({ type: 'code', text: value });
const link = (href: string, ...children: MarkdownInline[]): MarkdownInline => ({ type: 'link', href, children });

/** The deepest nesting of a node list, counting each node with children. */
const depthOf = (nodes: MarkdownInline[]): number => nodes.reduce((deepest, node) => Math.max(deepest, 'children' in node ? 1 + depthOf(node.children) : 0), 0);

describe('inline markdown', () => {
  it('reads bold, italic and code in both spellings', () => {
    expect(parseInline('**bold**, __bold__, *italic*, _italic_ and `code`')).toEqual([
      strong(text('bold')),
      text(', '),
      strong(text('bold')),
      text(', '),
      em(text('italic')),
      text(', '),
      em(text('italic')),
      text(' and '),
      code('code'),
    ]);
  });

  it('nests emphasis in either order, and *** is both', () => {
    expect(parseInline('**a *b* c**')).toEqual([strong(text('a '), em(text('b')), text(' c'))]);
    expect(parseInline('*a **b** c*')).toEqual([em(text('a '), strong(text('b')), text(' c'))]);
    expect(parseInline('***both***')).toEqual([em(strong(text('both')))]);
    expect(parseInline('**[docs](https://example.com/docs)**')).toEqual([strong(link('https://example.com/docs', text('docs')))]);
  });

  it('keeps an underscore inside a word, and markers with spaces around them, as text', () => {
    expect(parseInline('call get_user_by_id now')).toEqual([text('call get_user_by_id now')]);
    expect(parseInline('2 * 3 * 4 and a ** b')).toEqual([text('2 * 3 * 4 and a ** b')]);
    expect(parseInline('in*side*word')).toEqual([text('in'), em(text('side')), text('word')]);
  });

  it('leaves unclosed markers as they were typed', () => {
    expect(parseInline('**not closed')).toEqual([text('**not closed')]);
    expect(parseInline('*half')).toEqual([text('*half')]);
    expect(parseInline('`no end')).toEqual([text('`no end')]);
    // The address of an unfinished link is still a bare URL.
    expect(parseInline('[text](https://example.com')).toEqual([text('[text]('), link('https://example.com', text('https://example.com'))]);
    expect(parseInline('[only brackets]')).toEqual([text('[only brackets]')]);
    expect(parseInline('**bold** and **more')).toEqual([strong(text('bold')), text(' and **more')]);
  });

  it('takes everything inside backticks literally, and honours backslash escapes', () => {
    expect(parseInline('`**not bold** [x](https://a.example)`')).toEqual([code('**not bold** [x](https://a.example)')]);
    expect(parseInline('``a ` b``')).toEqual([code('a ` b')]);
    expect(parseInline('\\*not italic\\*')).toEqual([text('*not italic*')]);
  });

  it('turns each line end into a line break', () => {
    expect(parseInline('one\ntwo')).toEqual([text('one'), { type: 'break' }, text('two')]);
  });

  it('makes links of [text](url) and of bare http(s) addresses, without the sentence punctuation after them', () => {
    expect(parseInline('See [the guide](https://example.com/guide "Guide") now')).toEqual([
      text('See '),
      link('https://example.com/guide', text('the guide')),
      text(' now'),
    ]);
    expect(parseInline('[wiki](https://en.wikipedia.org/wiki/Foo_(bar))')).toEqual([link('https://en.wikipedia.org/wiki/Foo_(bar)', text('wiki'))]);
    expect(parseInline('Mail [us](mailto:help@example.com).')).toEqual([text('Mail '), link('mailto:help@example.com', text('us')), text('.')]);
    expect(parseInline('Go to https://example.com/a?b=c.')).toEqual([
      text('Go to '),
      link('https://example.com/a?b=c', text('https://example.com/a?b=c')),
      text('.'),
    ]);
    expect(parseInline('(see https://example.com/x)')).toEqual([text('(see '), link('https://example.com/x', text('https://example.com/x')), text(')')]);
    expect(parseInline('**https://example.com**')).toEqual([strong(link('https://example.com', text('https://example.com')))]);
  });

  it('makes no link inside a link', () => {
    expect(parseInline('[https://a.example](https://b.example)')).toEqual([link('https://b.example', text('https://a.example'))]);
    expect(parseInline('[a [b](https://b.example) c](/a)')).toEqual([text('[a '), link('https://b.example', text('b')), text(' c](/a)')]);
  });

  it('keeps a citation number like [2] as text', () => {
    expect(parseInline('Refunds take five days [2].')).toEqual([text('Refunds take five days [2].')]);
  });

  it('links only web and e-mail addresses: javascript:, data: and relative URLs stay text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative',
      '//evil.example',
    ]) {
      expect(parseInline(`[click](${href})`), href).toEqual([text(`[click](${href})`)]);
    }
    expect(parseInline('javascript:alert(1) and data:text/html,x')).toEqual([text('javascript:alert(1) and data:text/html,x')]);
    expect(isSafeHref('https://example.com')).toBe(true);
    expect(isSafeHref('mailto:a@example.com')).toBe(true);
    expect(isSafeHref('https://')).toBe(false);
    expect(isSafeHref('java\nscript:x')).toBe(false);
  });

  it('passes HTML through as text', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>';
    expect(parseInline(hostile)).toEqual([text(hostile)]);
  });

  it('reads 100 KB of asterisks and underscores, in every arrangement, without stalling', () => {
    const inputs = [
      '*_'.repeat(50_000),
      '*'.repeat(100_000),
      '_'.repeat(50_000) + '*'.repeat(50_000),
      '*_*_'.repeat(12_500) + 'x' + '_*_*'.repeat(12_500),
      '*'.repeat(50_000) + 'x' + '*'.repeat(50_000),
      '**a '.repeat(25_000),
      'a_'.repeat(50_000),
    ];
    for (const input of inputs) {
      const nodes = parseInline(input);
      expect(nodes.length).toBeGreaterThan(0);
      // However deep the markers nest, the tree stays shallow enough for the renderers' recursion.
      expect(depthOf(nodes)).toBeLessThanOrEqual(6);
    }
  });

  it('reads 100 KB of unmatched brackets, backticks and addresses without stalling', () => {
    for (const input of [
      '[a'.repeat(25_000) + '](https://x'.repeat(5_000),
      '](('.repeat(33_000),
      '`a'.repeat(50_000),
      'https://'.repeat(12_500) + '.'.repeat(1000),
    ]) {
      expect(parseInline(input).length).toBeGreaterThan(0);
    }
  });
});
