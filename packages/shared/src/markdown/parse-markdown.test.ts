import { describe, expect, it } from 'vitest';
import type { MarkdownInline } from './ast';
import { parseMarkdown } from './parse-markdown';

const text = (value: string): MarkdownInline => ({ type: 'text', text: value });
const paragraph = (...children: MarkdownInline[]) => ({ type: 'paragraph', children });
const item = (value: string, list: unknown = null) => ({ children: [text(value)], list });

describe('markdown blocks', () => {
  it('splits paragraphs at blank lines and keeps single line breaks', () => {
    expect(parseMarkdown('First line\nsecond line\r\n\r\n\nNext paragraph')).toEqual([
      paragraph(text('First line'), { type: 'break' }, text('second line')),
      paragraph(text('Next paragraph')),
    ]);
  });

  it('reads headings up to level 3, deeper ones as level 3, and needs a space after the hashes', () => {
    expect(parseMarkdown('# One\n## Two ##\n### Three\n###### Six\n#hashtag')).toEqual([
      { type: 'heading', level: 1, children: [text('One')] },
      { type: 'heading', level: 2, children: [text('Two')] },
      { type: 'heading', level: 3, children: [text('Three')] },
      { type: 'heading', level: 3, children: [text('Six')] },
      paragraph(text('#hashtag')),
    ]);
  });

  it('reads bullet lists, one level of nesting, and text carried on under an item', () => {
    expect(parseMarkdown('Steps:\n- one\n* two\n  - two a\n    - two b (deeper, kept at the same level)\n+ three\ngoes on')).toEqual([
      paragraph(text('Steps:')),
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          item('one'),
          item('two', {
            type: 'list',
            ordered: false,
            start: 1,
            items: [item('two a'), item('two b (deeper, kept at the same level)')],
          }),
          { children: [text('three'), { type: 'break' }, text('goes on')], list: null },
        ],
      },
    ]);
  });

  it('reads numbered lists from their first number, across blank lines, and ends a list at unindented text', () => {
    expect(parseMarkdown('3. three\n\n4) four\n   - detail\n\nAfter the list')).toEqual([
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [item('three'), item('four', { type: 'list', ordered: false, start: 1, items: [item('detail')] })],
      },
      paragraph(text('After the list')),
    ]);
    expect(parseMarkdown('1. a\n- b').map((block) => block.type === 'list' && block.ordered)).toEqual([true, false]);
  });

  it('keeps fenced code as it is, with its language, and runs an unclosed fence to the end', () => {
    expect(parseMarkdown('```ts\nconst a = **b** < c;\n  <script>x</script>\n```\nafter')).toEqual([
      { type: 'code_block', language: 'ts', text: 'const a = **b** < c;\n  <script>x</script>' },
      paragraph(text('after')),
    ]);
    expect(parseMarkdown('~~~\nstill streaming')).toEqual([{ type: 'code_block', language: '', text: 'still streaming' }]);
    expect(parseMarkdown('```inline```')).toEqual([paragraph({ type: 'code', text: 'inline' })]);
  });

  it('reads a line of three or more -, * or _ as a rule, not a list', () => {
    expect(parseMarkdown('above\n\n---\n* * *\nbelow')).toEqual([paragraph(text('above')), { type: 'rule' }, { type: 'rule' }, paragraph(text('below'))]);
  });

  it('makes no HTML block: tags are text', () => {
    expect(parseMarkdown('<div onclick="x()">\n<script>alert(1)</script>\n</div>')).toEqual([
      paragraph(text('<div onclick="x()">'), { type: 'break' }, text('<script>alert(1)</script>'), { type: 'break' }, text('</div>')),
    ]);
  });

  it('reads an answer as an LLM writes it', () => {
    const blocks = parseMarkdown(
      'You can return an item within **30 days** [1].\n\n## How to return\n1. Open *My orders*.\n2. Choose `Return`.\n\nMore at [our help centre](https://help.example.com).',
    );
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'heading', 'list', 'paragraph']);
  });

  it('reads 100 KB of markers and list lines without stalling', () => {
    expect(parseMarkdown('- *_\n'.repeat(20_000)).length).toBe(1);
    expect(parseMarkdown('#'.repeat(100_000)).length).toBe(1);
    expect(parseMarkdown('```\n'.repeat(25_000)).length).toBeGreaterThan(0);
  });
});
