import type { Span } from './sentences';

/**
 * A run of text under one heading. `path` holds the titles of the headings in
 * effect (outermost first) including this section's own heading; `ancestors`
 * the same without it.
 */
export type Section = { heading?: Span; path: string[]; ancestors: string[]; paragraphs: Span[] };

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
// Longer "headings" are nearly always a prose line that happens to start with #.
const MAX_HEADING_CHARS = 200;

type Block = { kind: 'heading'; level: number; title: string; span: Span } | { kind: 'paragraph'; span: Span };

function trimmedSpan(text: string, start: number, end: number): Span {
  while (start < end && /\s/.test(text[start] as string)) start++;
  while (end > start && /\s/.test(text[end - 1] as string)) end--;
  return { start, end };
}

/**
 * Blocks of the text: ATX headings (`## Title`), setext headings (a single
 * line underlined with === or ---), and paragraphs separated by blank lines.
 * A fenced code block is never split by its blank lines and its `# lines` are
 * comments, not headings.
 */
function parseBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: { start: number; end: number; lines: number } | null = null;
  let fence: string | null = null;
  const flush = (): void => {
    if (paragraph) blocks.push({ kind: 'paragraph', span: trimmedSpan(text, paragraph.start, paragraph.end) });
    paragraph = null;
  };
  const extend = (start: number, end: number): void => {
    if (paragraph) {
      paragraph.end = end;
      paragraph.lines++;
    } else paragraph = { start, end, lines: 1 };
  };

  for (let lineStart = 0; lineStart <= text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    const next = lineEnd + 1;

    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      extend(lineStart, lineEnd);
      const marker = fenceMatch?.[1];
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    } else if (fenceMatch?.[1]) {
      fence = fenceMatch[1];
      extend(lineStart, lineEnd);
    } else if (line.trim() === '') {
      flush();
    } else {
      const atx = line.length <= MAX_HEADING_CHARS ? ATX_HEADING.exec(line) : null;
      const underline = SETEXT_UNDERLINE.exec(line);
      const current = paragraph as { start: number; end: number; lines: number } | null;
      if (atx?.[1] && atx[2]) {
        flush();
        blocks.push({ kind: 'heading', level: atx[1].length, title: atx[2], span: trimmedSpan(text, lineStart, lineEnd) });
      } else if (underline?.[1] && current && current.lines === 1 && current.end - current.start <= MAX_HEADING_CHARS) {
        const span = trimmedSpan(text, current.start, lineEnd);
        blocks.push({ kind: 'heading', level: underline[1][0] === '=' ? 1 : 2, title: text.slice(current.start, current.end).trim(), span });
        paragraph = null;
      } else {
        extend(lineStart, lineEnd);
      }
    }
    if (newline === -1) break;
    lineStart = next;
  }
  flush();
  return blocks;
}

/** The text as sections: one before the first heading (when it has content), then one per heading. */
export function parseSections(text: string): Section[] {
  const sections: Section[] = [];
  const stack: { level: number; title: string }[] = [];
  let current: Section = { path: [], ancestors: [], paragraphs: [] };
  for (const block of parseBlocks(text)) {
    if (block.kind === 'paragraph') {
      current.paragraphs.push(block.span);
      continue;
    }
    if (current.heading || current.paragraphs.length > 0) sections.push(current);
    while (stack.length > 0 && (stack.at(-1)?.level ?? 0) >= block.level) stack.pop();
    const ancestors = stack.map((entry) => entry.title);
    stack.push({ level: block.level, title: block.title });
    current = { heading: block.span, path: [...ancestors, block.title], ancestors, paragraphs: [] };
  }
  if (current.heading || current.paragraphs.length > 0) sections.push(current);
  return sections;
}
