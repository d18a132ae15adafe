/**
 * The markdown a chat answer may use, as a small tree the web app and the widget draw with their own elements. There
 * is no HTML node: anything that looks like HTML in an answer is text. A link's href is always http:, https: or
 * mailto: (parse-inline.ts checks it before it makes a link).
 */

export type MarkdownInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: MarkdownInline[] }
  | { type: 'emphasis'; children: MarkdownInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: MarkdownInline[] }
  | { type: 'break' };

export interface MarkdownListItem {
  children: MarkdownInline[];
  /** One level of nesting: a list inside an item holds no further lists. */
  list: MarkdownList | null;
}

export interface MarkdownList {
  type: 'list';
  ordered: boolean;
  /** The first item's number, for a numbered list ("3." starts at 3). */
  start: number;
  items: MarkdownListItem[];
}

export type MarkdownBlock =
  | { type: 'paragraph'; children: MarkdownInline[] }
  /** `#` is 1, `##` is 2, `###` and deeper are 3: a chat bubble has no room for more levels. */
  | { type: 'heading'; level: 1 | 2 | 3; children: MarkdownInline[] }
  | { type: 'code_block'; language: string; text: string }
  | { type: 'rule' }
  | MarkdownList;

/** The words of inline markdown without the markup; a link whose text is not its address keeps the address after it. */
export function inlinesToPlainText(nodes: readonly MarkdownInline[]): string {
  let text = '';
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'code') text += node.text;
    else if (node.type === 'break') text += '\n';
    else if (node.type === 'link') {
      const label = inlinesToPlainText(node.children);
      const address = node.href.replace(/^mailto:/i, '');
      text += label === address || label === node.href ? label : `${label} (${address})`;
    } else text += inlinesToPlainText(node.children);
  }
  return text;
}
