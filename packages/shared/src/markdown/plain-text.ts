import { inlinesToPlainText, type MarkdownBlock, type MarkdownList } from './ast';
import { parseMarkdown } from './parse-markdown';

function listText(list: MarkdownList, indent: string): string {
  return list.items
    .map((item, k) => {
      const marker = list.ordered ? `${list.start + k}.` : '•';
      const text = `${indent}${marker} ${inlinesToPlainText(item.children).replace(/\n/g, `\n${indent}  `)}`;
      return item.list ? `${text}\n${listText(item.list, `${indent}  `)}` : text;
    })
    .join('\n');
}

function blockText(block: MarkdownBlock): string {
  if (block.type === 'list') return listText(block, '');
  if (block.type === 'code_block') return block.text;
  if (block.type === 'rule') return '';
  return inlinesToPlainText(block.children);
}

/**
 * An answer's words without its markdown, for places that show plain text (CSV exports, notifications): blocks
 * apart by a blank line, list items on their lines with "•" or their number, a link's address after its text.
 */
export function markdownToPlainText(text: string): string {
  return parseMarkdown(text)
    .map(blockText)
    .filter((block) => block !== '')
    .join('\n\n');
}
