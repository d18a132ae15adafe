// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

const draw = (text: string) => {
  const target = document.createElement('div');
  renderMarkdown(target, text);
  return target;
};

describe('bot messages drawn from markdown', () => {
  it('formats bold, italic, code, headings, lists, code blocks and links', () => {
    const node = draw(
      '## Returns\nYou have **30 days** to *return* it,\nsee `Orders`.\n\n2. Open orders\n3. Choose one\n   - print the label\n\n```\nnpm i\n```\n\nMore: https://help.example.com.',
    );
    expect(node.querySelector('p.h')?.textContent).toBe('Returns');
    expect(node.querySelector('strong')?.textContent).toBe('30 days');
    expect(node.querySelector('em')?.textContent).toBe('return');
    expect(node.querySelector('p code')?.textContent).toBe('Orders');
    expect(node.querySelector('p br')).not.toBeNull();
    const numbered = node.querySelector('ol');
    expect(numbered?.getAttribute('start')).toBe('2');
    expect(numbered?.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(numbered?.querySelector('li ul li')?.textContent).toBe('print the label');
    expect(node.querySelector('pre code')?.textContent).toBe('npm i');
    const link = node.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://help.example.com');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(node.lastElementChild?.textContent).toBe('More: https://help.example.com.');
  });

  it('shows HTML and a javascript: link as inert text', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(1)"> [click](javascript:alert(1))';
    const node = draw(hostile);
    expect(node.querySelector('script, img, a')).toBeNull();
    expect(node.textContent).toBe(hostile);
  });

  it('replaces what was drawn before', () => {
    const target = document.createElement('div');
    renderMarkdown(target, '**bo');
    expect(target.textContent).toBe('**bo');
    renderMarkdown(target, '**bold**');
    expect(target.innerHTML).toBe('<p><strong>bold</strong></p>');
  });
});
