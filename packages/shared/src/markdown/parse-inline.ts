import { inlinesToPlainText, type MarkdownInline } from './ast';

/*
 * Inline markdown after CommonMark's own method, cut down to what chat answers use: code spans, backslash escapes,
 * `[text](url)` links, bare http(s) URLs, and ** __ * _ emphasis matched on a delimiter stack. Every scan moves forward
 * or is remembered, so a paragraph is read in time linear in its length whatever it holds: an answer quoting a
 * hostile document must not freeze the visitor's tab (no regular expression here can backtrack far).
 */

/**
 * Emphasis nested deeper than this keeps its words and loses its markup. Only crafted text nests so deep
 * ("*_*_…x…_*_*"), and the renderers recurse once per level.
 */
const MAX_DEPTH = 6;

const SAFE_HREF = /^(?:https?:\/\/|mailto:)\S+$/i;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const WHITESPACE = /\s/;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
/** From a bare URL's scheme to the first character that cannot be in it; the end is trimmed afterwards. */
const BARE_URL = /https?:\/\/[^\s<>[\]]+/iy;
/** Characters that end a sentence rather than a URL, when they end a bare URL. */
const URL_TRAILING = '.,:;!?\'"*_~';

/** Only web and e-mail addresses become links: javascript:, data:, relative and other URLs stay text. */
export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href);
}

interface Item {
  /** A finished node, or null for a delimiter or bracket whose text is `literal` until it is matched. */
  node: MarkdownInline | null;
  literal: string;
  depth: number;
  prev: Item | null;
  next: Item | null;
}

interface Delimiter {
  item: Item;
  char: string;
  count: number;
  canOpen: boolean;
  canClose: boolean;
  /** Its place in the paragraph's order of delimiters, so a removed one still compares. */
  index: number;
  prev: Delimiter | null;
  next: Delimiter | null;
}

interface Bracket {
  item: Item;
  /** The last delimiter before the bracket (-1 for none): emphasis inside the link text is matched above it. */
  bottom: number;
}

const runLength = (s: string, from: number, char: string) => {
  let end = from;
  while (s.charAt(end) === char) end += 1;
  return end - from;
};

/** The starts of each length of backtick run, with a cursor per length: a closing run is found without rescanning. */
function backtickRuns(s: string): (length: number, from: number) => number {
  const starts = new Map<number, number[]>();
  for (let i = s.indexOf('`'); i >= 0; i = s.indexOf('`', i)) {
    const length = runLength(s, i, '`');
    const list = starts.get(length) || [];
    list.push(i);
    starts.set(length, list);
    i += length;
  }
  const cursors = new Map<number, number>();
  return (length, from) => {
    const list = starts.get(length);
    if (!list) return -1;
    let k = cursors.get(length) || 0;
    while (k < list.length && list[k]! < from) k += 1;
    cursors.set(length, k);
    return k < list.length ? list[k]! : -1;
  };
}

/** A code span's text: line ends as spaces, and one space trimmed from each side when both have one. */
function codeText(raw: string): string {
  const text = raw.replace(/\n/g, ' ');
  return text.length > 2 && text.charAt(0) === ' ' && text.charAt(text.length - 1) === ' ' && text.trim() !== '' ? text.slice(1, -1) : text;
}

/**
 * The destination of a link from just after "](" to its ")", with an optional quoted title (dropped). The scan stops
 * at whitespace or "]" (besides its end), so no two scans cover the same characters.
 */
function scanDestination(s: string, start: number): { href: string; end: number } | null {
  let j = start;
  while (s.charAt(j) === ' ' || s.charAt(j) === '\t') j += 1;
  const from = j;
  let depth = 0;
  for (; j < s.length; j += 1) {
    const c = s.charAt(j);
    if (c === ']' || WHITESPACE.test(c)) break;
    if (c === '(') depth += 1;
    else if (c === ')') {
      if (depth === 0) break;
      depth -= 1;
    }
  }
  const href = s.slice(from, j);
  while (s.charAt(j) === ' ' || s.charAt(j) === '\t') j += 1;
  const quote = s.charAt(j);
  if (j > from + href.length && (quote === '"' || quote === "'")) {
    j += 1;
    while (j < s.length && s.charAt(j) !== quote && s.charAt(j) !== ']') j += 1;
    if (s.charAt(j) !== quote) return null;
    j += 1;
    while (s.charAt(j) === ' ' || s.charAt(j) === '\t') j += 1;
  }
  return s.charAt(j) === ')' ? { href, end: j + 1 } : null;
}

/** The bare URL's text at `from` (with the run of URL characters it was cut from), or null. */
function bareUrl(s: string, from: number): { url: string; runEnd: number } | null {
  BARE_URL.lastIndex = from;
  const match = BARE_URL.exec(s);
  if (!match) return null;
  let url = match[0];
  let unclosed = 0;
  for (let k = 0; k < url.length; k += 1) unclosed += url.charAt(k) === '(' ? 1 : url.charAt(k) === ')' ? -1 : 0;
  // A ")" with no "(" in the URL closes the sentence's parenthesis: "(see https://example.com)".
  for (;;) {
    const last = url.charAt(url.length - 1);
    if (URL_TRAILING.indexOf(last) >= 0) url = url.slice(0, -1);
    else if (last === ')' && unclosed < 0) {
      url = url.slice(0, -1);
      unclosed += 1;
    } else break;
  }
  return { url: isSafeHref(url) ? url : '', runEnd: from + match[0].length };
}

/** Links inside a link (a bare URL in its text) are only their text: HTML has no link in a link. */
function withoutLinks(nodes: MarkdownInline[]): MarkdownInline[] {
  const result: MarkdownInline[] = [];
  for (const node of nodes) {
    if (node.type === 'link') result.push(...withoutLinks(node.children));
    else if (node.type === 'strong' || node.type === 'emphasis') result.push({ ...node, children: withoutLinks(node.children) });
    else result.push(node);
  }
  return result;
}

/** Inline markdown (a paragraph, a heading, a list item's text) as nodes; each line end is a line break. */
export function parseInline(s: string): MarkdownInline[] {
  const head: Item = { node: null, literal: '', depth: 0, prev: null, next: null };
  let tail = head;
  let lastDelimiter = null as Delimiter | null;
  let delimiters = 0;
  const brackets: Bracket[] = [];
  /** Brackets below this place in the stack are inactive: a link was made after them, and links do not nest. */
  let activeFloor = 0;
  const closingBackticks = backtickRuns(s);
  /** A bare URL is looked for once per run of URL characters. */
  let urlRunEnd = 0;

  const append = (node: MarkdownInline | null, literal = '', depth = 0): Item => {
    const item: Item = { node, literal, depth, prev: tail, next: null };
    tail.next = item;
    tail = item;
    return item;
  };

  /** The nodes of the items from `first` up to (without) `until`, adjacent text joined, and how deep they nest. */
  const collect = (first: Item | null, until: Item | null) => {
    const nodes: MarkdownInline[] = [];
    let depth = 0;
    for (let item = first; item && item !== until; item = item.next) {
      const node = item.node || (item.literal ? { type: 'text' as const, text: item.literal } : null);
      if (!node) continue;
      const previous = nodes[nodes.length - 1];
      if (node.type === 'text' && previous && previous.type === 'text') nodes[nodes.length - 1] = { type: 'text', text: previous.text + node.text };
      else nodes.push(node);
      depth = Math.max(depth, item.depth);
    }
    return { nodes, depth };
  };

  const container = (type: 'strong' | 'emphasis' | 'link', first: Item | null, until: Item | null, href = ''): Item => {
    let { nodes, depth } = collect(first, until);
    if (type === 'link') nodes = withoutLinks(nodes);
    if (depth >= MAX_DEPTH) {
      nodes = [{ type: 'text', text: inlinesToPlainText(nodes) }];
      depth = 0;
    }
    const node: MarkdownInline = type === 'link' ? { type, href, children: nodes } : { type, children: nodes };
    return { node, literal: '', depth: depth + 1, prev: null, next: null };
  };

  /** Where the plain text not yet appended starts. */
  let from = 0;
  const flush = (to: number) => {
    if (to > from) append({ type: 'text', text: s.slice(from, to) });
  };

  const unlinkDelimiter = (d: Delimiter) => {
    if (d.prev) d.prev.next = d.next;
    if (d.next) d.next.prev = d.prev;
    if (lastDelimiter === d) lastDelimiter = d.prev;
  };

  /** Adds the run of `*` or `_` at `from` as a delimiter; false when it can neither open nor close (it is text). */
  const pushDelimiter = (char: string, from: number, length: number): boolean => {
    const before = from > 0 ? s.charAt(from - 1) : ' ';
    const after = from + length < s.length ? s.charAt(from + length) : ' ';
    const isSpaceBefore = WHITESPACE.test(before);
    const isSpaceAfter = WHITESPACE.test(after);
    const isPunctuationBefore = PUNCTUATION.test(before);
    const isPunctuationAfter = PUNCTUATION.test(after);
    const left = !isSpaceAfter && (!isPunctuationAfter || isSpaceBefore || isPunctuationBefore);
    const right = !isSpaceBefore && (!isPunctuationBefore || isSpaceAfter || isPunctuationAfter);
    // An underscore inside a word (snake_case) is a letter, not emphasis.
    const canOpen = char === '*' ? left : left && (!right || isPunctuationBefore);
    const canClose = char === '*' ? right : right && (!left || isPunctuationAfter);
    if (!canOpen && !canClose) return false;
    flush(from);
    const item = append(null, s.slice(from, from + length));
    const d: Delimiter = { item, char, count: length, canOpen, canClose, index: delimiters++, prev: lastDelimiter, next: null };
    if (lastDelimiter) lastDelimiter.next = d;
    lastDelimiter = d;
    return true;
  };

  /** Matches the emphasis delimiters above `bottom` (CommonMark's "process emphasis"), then forgets them. */
  const processEmphasis = (bottom: number) => {
    let closer = lastDelimiter;
    while (closer && closer.prev && closer.prev.index > bottom) closer = closer.prev;
    if (closer && closer.index <= bottom) closer = null;
    // No opener for a closer of this kind lies at or below this index (remembered so no delimiter is looked at twice).
    const openersBottom: Record<string, number> = { '*': bottom, _: bottom };
    while (closer) {
      if (!closer.canClose) {
        closer = closer.next;
        continue;
      }
      const floor = openersBottom[closer.char]!;
      let opener = closer.prev;
      while (opener && opener.index > floor && !(opener.char === closer.char && opener.canOpen)) opener = opener.prev;
      if (opener && opener.index > floor) {
        const use = opener.count >= 2 && closer.count >= 2 ? 2 : 1;
        opener.count -= use;
        closer.count -= use;
        opener.item.literal = opener.item.literal.slice(use);
        closer.item.literal = closer.item.literal.slice(use);
        const wrapped = container(use === 2 ? 'strong' : 'emphasis', opener.item.next, closer.item);
        wrapped.prev = opener.item;
        wrapped.next = closer.item;
        opener.item.next = wrapped;
        closer.item.prev = wrapped;
        // The delimiters between them are inside the new node now, as text.
        opener.next = closer;
        closer.prev = opener;
        if (opener.count === 0) unlinkDelimiter(opener);
        if (closer.count === 0) {
          const next: Delimiter | null = closer.next;
          unlinkDelimiter(closer);
          closer = next;
        }
      } else {
        openersBottom[closer.char] = Math.max(bottom, closer.prev ? closer.prev.index : bottom);
        const next: Delimiter | null = closer.next;
        if (!closer.canOpen) unlinkDelimiter(closer);
        closer = next;
      }
    }
    while (lastDelimiter && lastDelimiter.index > bottom) unlinkDelimiter(lastDelimiter);
  };

  /** At a "]": makes the link it closes, returning where the text goes on, or -1 when it closes none. */
  const closeBracket = (at: number): number => {
    const bracket = brackets.pop();
    if (!bracket) return -1;
    const isActive = brackets.length >= activeFloor;
    activeFloor = Math.min(activeFloor, brackets.length);
    if (!isActive || s.charAt(at + 1) !== '(') return -1;
    const destination = scanDestination(s, at + 2);
    if (!destination || !isSafeHref(destination.href)) return -1;
    processEmphasis(bracket.bottom);
    const link = container('link', bracket.item.next, null, destination.href);
    tail = bracket.item.prev || head;
    tail.next = null;
    append(link.node, '', link.depth);
    activeFloor = brackets.length;
    return destination.end;
  };

  let i = 0;
  while (i < s.length) {
    const c = s.charAt(i);
    if (c === '\\' && ASCII_PUNCTUATION.test(s.charAt(i + 1))) {
      flush(i);
      append({ type: 'text', text: s.charAt(i + 1) });
      i += 2;
      from = i;
    } else if (c === '\n') {
      flush(i);
      append({ type: 'break' });
      i += 1;
      from = i;
    } else if (c === '`') {
      const length = runLength(s, i, '`');
      const close = closingBackticks(length, i + length);
      if (close < 0) {
        i += length;
        continue;
      }
      flush(i);
      append({ type: 'code', text: codeText(s.slice(i + length, close)) });
      i = close + length;
      from = i;
    } else if (c === '*' || c === '_') {
      const length = runLength(s, i, c);
      const isDelimiter = pushDelimiter(c, i, length);
      i += length;
      if (isDelimiter) from = i;
    } else if (c === '[') {
      flush(i);
      brackets.push({ item: append(null, '['), bottom: lastDelimiter ? lastDelimiter.index : -1 });
      i += 1;
      from = i;
    } else if (c === ']') {
      flush(i);
      from = i;
      const end = closeBracket(i);
      i = end < 0 ? i + 1 : end;
      if (end >= 0) from = i;
    } else if ((c === 'h' || c === 'H') && i >= urlRunEnd && !WORD_CHARACTER.test(s.charAt(i - 1))) {
      const found = bareUrl(s, i);
      if (found) urlRunEnd = found.runEnd;
      if (found && found.url) {
        flush(i);
        append({ type: 'link', href: found.url, children: [{ type: 'text', text: found.url }] }, '', 1);
        i += found.url.length;
        from = i;
      } else i += 1;
    } else i += 1;
  }
  flush(s.length);
  processEmphasis(-1);
  return collect(head.next, null).nodes;
}
