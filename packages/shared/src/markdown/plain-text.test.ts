import { describe, expect, it } from 'vitest';
import { markdownToPlainText } from './plain-text';

describe('markdown as plain text', () => {
  it('drops the markup and keeps the words', () => {
    expect(markdownToPlainText('**Refunds** take *five* `business` days [1].')).toBe('Refunds take five business days [1].');
  });

  it('keeps line breaks, a blank line between blocks, and list items on their lines', () => {
    expect(
      markdownToPlainText('## Returns\nWithin 30 days.\nNo receipt needed.\n\n1. Open orders\n2. Choose **Return**\n   - print the label\n\n- a\n- b'),
    ).toBe('Returns\n\nWithin 30 days.\nNo receipt needed.\n\n1. Open orders\n2. Choose Return\n  • print the label\n\n• a\n• b');
  });

  it("writes a link's address after its text, once when the text is the address", () => {
    expect(markdownToPlainText('See [the guide](https://example.com/guide), https://example.com and [mail](mailto:help@example.com).')).toBe(
      'See the guide (https://example.com/guide), https://example.com and mail (help@example.com).',
    );
  });

  it('keeps code blocks as they are and drops rules', () => {
    expect(markdownToPlainText('```sh\nnpm i **x**\n```\n---\ndone')).toBe('npm i **x**\n\ndone');
  });

  it('leaves text without markdown as it was', () => {
    for (const plain of ['late answer', '=HYPERLINK("http://evil.example","x")', '-dash', '@SUM(A1)', 'snake_case and 2 * 3', '<b>not html</b>']) {
      expect(markdownToPlainText(plain)).toBe(plain);
    }
  });
});
