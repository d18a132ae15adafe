/** A sentence as character offsets into the text it came from, without surrounding whitespace. */
export type Span = { start: number; end: number };

// A full stop after these words rarely ends a sentence.
const ABBREVIATIONS = new Set([
  'e.g',
  'i.e',
  'etc',
  'vs',
  'cf',
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'sr',
  'jr',
  'st',
  'nr',
  'fig',
  'inc',
  'ltd',
  'co',
  'approx',
  'dept',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

const TERMINATORS = '.!?…';
const CLOSERS = '"\'”’»)]';
const FULL_WIDTH_TERMINATORS = '。！？';
// Lines that start a new item even without punctuation before them: list items and "key: value" lines (CSV rows, JSON paths).
const ITEM_LINE = /^[ \t]*(?:[-*+•]\s|\d{1,3}[.)]\s|[\p{L}\p{N}_.[\]-]{1,60}:\s)/u;
// A hard-wrapped line (PDFs wrap every visual line) ends mid-sentence: on a letter, digit, comma or hyphen.
const WRAPPED_LINE_END = /[\p{L}\p{N},-]$/u;
const STARTS_LOWERCASE = /^[ \t]*\p{Ll}/u;
const WORD_BEFORE = /([\p{L}.]+)$/u;

const isSpace = (char: string | undefined): boolean => char === undefined || /\s/.test(char);

function endsWithAbbreviation(text: string, dotIndex: number): boolean {
  const before = WORD_BEFORE.exec(text.slice(Math.max(0, dotIndex - 12), dotIndex));
  if (!before?.[1]) return false;
  const word = before[1];
  // A single capital is an initial ("J. R. Smith"); "e.g." arrives here as "e.g".
  if (/^\p{Lu}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}

function lineBreakEndsSentence(text: string, newline: number, lineStart: number, to: number): boolean {
  const previousLine = text.slice(lineStart, newline).trimEnd();
  let nextEnd = text.indexOf('\n', newline + 1);
  if (nextEnd === -1 || nextEnd > to) nextEnd = to;
  const nextLine = text.slice(newline + 1, nextEnd);
  if (nextLine.trim() === '' || previousLine === '') return true;
  if (ITEM_LINE.test(nextLine)) return true;
  return !(WRAPPED_LINE_END.test(previousLine) && STARTS_LOWERCASE.test(nextLine));
}

function pushTrimmed(text: string, spans: Span[], start: number, end: number): void {
  while (start < end && isSpace(text[start])) start++;
  while (end > start && isSpace(text[end - 1])) end--;
  if (end > start) spans.push({ start, end });
}

/**
 * Sentences of `text.slice(from, to)`. A sentence ends at . ! ? … (with any
 * closing quotes or brackets) followed by whitespace, except after common
 * abbreviations and initials; at 。！？; at a blank line; and at a line break
 * unless the line looks hard-wrapped (ends in a letter, digit, comma or hyphen
 * and the next starts in lower case), so PDF lines join into sentences while
 * list items, CSV rows and "key: value" lines stay apart.
 */
export function sentenceSpans(text: string, from = 0, to = text.length): Span[] {
  const spans: Span[] = [];
  let sentenceStart = from;
  let lineStart = from;
  for (let i = from; i < to; i++) {
    const char = text[i] as string;
    if (char === '\n') {
      if (lineBreakEndsSentence(text, i, lineStart, to)) {
        pushTrimmed(text, spans, sentenceStart, i);
        sentenceStart = i + 1;
      }
      lineStart = i + 1;
    } else if (FULL_WIDTH_TERMINATORS.includes(char)) {
      pushTrimmed(text, spans, sentenceStart, i + 1);
      sentenceStart = i + 1;
    } else if (TERMINATORS.includes(char)) {
      let end = i + 1;
      while (end < to && (TERMINATORS.includes(text[end] as string) || CLOSERS.includes(text[end] as string))) end++;
      if (end < to && !isSpace(text[end])) continue;
      if (char === '.' && end === i + 1 && endsWithAbbreviation(text, i)) continue;
      pushTrimmed(text, spans, sentenceStart, end);
      sentenceStart = end;
      i = end - 1;
    }
  }
  pushTrimmed(text, spans, sentenceStart, to);
  return spans;
}
