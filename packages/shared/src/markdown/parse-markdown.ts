import type { MarkdownBlock, MarkdownList } from './ast';
import { parseInline } from './parse-inline';

/*
 * The blocks of a chat answer, line by line: fenced code, headings, rules, bullet and numbered lists (one level of
 * nesting), and paragraphs. A chat's single line break is kept as a break, as in the chat apps people type markdown
 * into, rather than joined into one line as CommonMark would. No HTML block: "<script>" is a paragraph's text.
 */

const FENCE = /^( {0,3})(`{3,}|~{3,})[ \t]*([^\s`]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+|$)/;
const LIST_ITEM = /^([ \t]*)(?:[-*+]|(\d{1,9})[.)])[ \t]+/;
const RULE = /^(?:-{3,}|\*{3,}|_{3,})$/;
/** Items indented at least this much under an item are its list. */
const NESTED_INDENT = 2;

interface DraftItem {
  lines: string[];
  list: DraftList | null;
}

interface DraftList {
  ordered: boolean;
  start: number;
  items: DraftItem[];
}

/** Columns of leading whitespace, a tab counting four. */
function indentOf(line: string): number {
  let width = 0;
  for (let k = 0; k < line.length; k += 1) {
    const c = line.charAt(k);
    if (c === ' ') width += 1;
    else if (c === '\t') width += 4;
    else break;
  }
  return width;
}

function isClosingFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && runOf(trimmed, marker.charAt(0)) === trimmed.length;
}

function runOf(text: string, char: string): number {
  let end = 0;
  while (text.charAt(end) === char) end += 1;
  return end;
}

/** A heading's text without its optional closing hashes ("## Title ##"). */
function headingText(rest: string): string {
  const text = rest.trim();
  let end = text.length;
  while (end > 0 && text.charAt(end - 1) === '#') end -= 1;
  return end === 0 ? '' : end < text.length && /[ \t]/.test(text.charAt(end - 1)) ? text.slice(0, end).trim() : text;
}

function toList(draft: DraftList): MarkdownList {
  return {
    type: 'list',
    ordered: draft.ordered,
    start: draft.start,
    items: draft.items.map((item) => ({ children: parseInline(item.lines.join('\n')), list: item.list ? toList(item.list) : null })),
  };
}

export function parseMarkdown(source: string): MarkdownBlock[] {
  const lines = source.split(/\r\n?|\n/);
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: DraftList | null = null;
  /** A blank line since the list's last line: only an indented line or another item carries the list on. */
  let isAfterBlank = false;

  const closeParagraph = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  const closeList = () => {
    if (list) blocks.push(toList(list));
    list = null;
    isAfterBlank = false;
  };
  const closeAll = () => {
    closeParagraph();
    closeList();
  };

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fence = FENCE.exec(line);
    const indent = fence ? fence[1]!.length : 0;
    const marker = fence ? fence[2]! : '';
    // "```code```" on one line is a code span, not a fence.
    if (fence && !(marker[0] === '`' && line.indexOf('`', indent + marker.length) >= 0)) {
      closeAll();
      const body: string[] = [];
      // An unclosed fence runs to the end: an answer still streaming shows its code as code.
      for (i += 1; i < lines.length && !isClosingFence(lines[i]!, marker); i += 1) {
        const text = lines[i]!;
        body.push(text.slice(Math.min(indent, indentOf(text))));
      }
      blocks.push({ type: 'code_block', language: fence[3]!, text: body.join('\n') });
      continue;
    }

    const trimmed = line.trim();
    if (trimmed === '') {
      closeParagraph();
      if (list) isAfterBlank = true;
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      closeAll();
      const hashes = heading[1]!.length;
      blocks.push({ type: 'heading', level: hashes === 1 ? 1 : hashes === 2 ? 2 : 3, children: parseInline(headingText(line.slice(heading[0].length))) });
      continue;
    }

    if (RULE.test(trimmed.replace(/[ \t]/g, ''))) {
      closeAll();
      blocks.push({ type: 'rule' });
      continue;
    }

    const item = LIST_ITEM.exec(line);
    if (item) {
      closeParagraph();
      const number = item[2];
      const ordered = number !== undefined;
      const start = ordered ? parseInt(number, 10) : 1;
      const draft: DraftItem = { lines: [line.slice(item[0].length).trim()], list: null };
      const parent = list ? list.items[list.items.length - 1] : undefined;
      if (parent && indentOf(item[1]!) >= NESTED_INDENT) {
        if (!parent.list) parent.list = { ordered, start, items: [] };
        parent.list.items.push(draft);
      } else {
        if (list && list.ordered !== ordered) closeList();
        if (!list) list = { ordered, start, items: [] };
        list.items.push(draft);
      }
      isAfterBlank = false;
      continue;
    }

    if (list) {
      // A line right under an item, or indented under it after a blank line, goes on with the item's text.
      if (!isAfterBlank || indentOf(line) >= NESTED_INDENT) {
        const parent = list.items[list.items.length - 1]!;
        const last = parent.list ? parent.list.items[parent.list.items.length - 1]! : parent;
        if (isAfterBlank) last.lines.push('');
        last.lines.push(trimmed);
        isAfterBlank = false;
        continue;
      }
      closeList();
    }
    paragraph.push(trimmed);
  }
  closeAll();
  return blocks;
}
