import type { MarkdownBlock, MarkdownInline, MarkdownList } from '@parley/shared/markdown/ast';
import { parseMarkdown } from '@parley/shared/markdown/parse-markdown';
import { el } from './dom';

/*
 * A bot message's markdown as DOM nodes, built with el() (text through text nodes, never HTML) from the shared
 * parser's tree, whose links are only http:, https: and mailto:.
 */

function inlines(nodes: MarkdownInline[]): (Node | string)[] {
  return nodes.map((node) => {
    if (node.type === 'text') return node.text;
    if (node.type === 'break') return el('br');
    if (node.type === 'code') return el('code', {}, [node.text]);
    if (node.type === 'strong') return el('strong', {}, inlines(node.children));
    if (node.type === 'emphasis') return el('em', {}, inlines(node.children));
    return el('a', { href: node.href, target: '_blank', rel: 'noopener noreferrer nofollow' }, inlines(node.children));
  });
}

function list(block: MarkdownList): HTMLElement {
  const items = block.items.map((item) => el('li', {}, [...inlines(item.children), item.list && list(item.list)]));
  return block.ordered ? el('ol', block.start === 1 ? {} : { start: String(block.start) }, items) : el('ul', {}, items);
}

function blockNode(block: MarkdownBlock): HTMLElement {
  if (block.type === 'list') return list(block);
  if (block.type === 'code_block') return el('pre', {}, [el('code', {}, [block.text])]);
  if (block.type === 'rule') return el('hr');
  // A heading is a bold line: the answer's title is no heading of the page the widget is on.
  return el('p', block.type === 'heading' ? { class: 'h' } : {}, inlines(block.children));
}

/** Replaces what `target` holds with `text` drawn as markdown; cheap enough to redo at each token of an answer. */
export function renderMarkdown(target: HTMLElement, text: string): void {
  target.textContent = '';
  for (const block of parseMarkdown(text)) target.appendChild(blockNode(block));
}
