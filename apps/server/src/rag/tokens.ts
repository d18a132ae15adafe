/**
 * Two different token measures, on purpose:
 *
 * - `countTokens` sizes chunks. It approximates what an LLM tokenizer
 *   produces, is deterministic and needs no vocabulary file, so the same text
 *   always chunks the same way on every node, whichever model is configured.
 * - `estimateBillingTokens` meters usage with the spec's conversion rule
 *   (part 2 §9), which is what customers are billed by.
 */

const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}';

/**
 * The counting rule, one token per match:
 * - a Han, Hiragana, Katakana or Hangul character (these scripts have no
 *   spaces and tokenizers give them about one token each);
 * - up to 8 consecutive other letters (with combining marks): a word of up to
 *   8 letters is one token, longer words cost one more per started 8 letters
 *   (`internationalization` = 3), which keeps runaway strings such as
 *   base64 blobs from hiding inside a single "word";
 * - up to 3 consecutive digits, as GPT tokenizers group numbers (a Han numeral such as 〡 stays
 *   a token by itself, as above);
 * - any other visible character (punctuation, symbols), one each.
 * Whitespace is free. A token never spans whitespace, and cutting text at a
 * token boundary leaves the counts of both halves adding up to the whole.
 */
const TOKEN_PATTERN = `[${CJK}]|[^\\p{N}\\p{P}\\p{S}\\p{Z}\\p{C}\\s${CJK}]{1,8}|[^\\P{N}${CJK}]{1,3}|\\S`;

const tokenRegex = (): RegExp => new RegExp(TOKEN_PATTERN, 'gu');

// The same rule as a scanner over code points, for counting (the chunker counts every sentence): a class per
// code point — ASCII from a table, others classified once by the pattern's own character classes and kept.
const SPACE = 1;
const SINGLE = 2; // a CJK character, a token by itself
const LETTER = 3; // runs of up to 8 are one token
const DIGIT = 4; // runs of up to 3 are one token
const OTHER = 5; // punctuation, symbols, controls: one token each
const SPACE_RE = /^\s$/u;
const SINGLE_RE = new RegExp(`^[${CJK}]$`, 'u');
const LETTER_RE = new RegExp(`^[^\\p{N}\\p{P}\\p{S}\\p{Z}\\p{C}\\s${CJK}]$`, 'u');
const DIGIT_RE = /^\p{N}$/u;
const classes = new Uint8Array(0x110000);

function classOf(codePoint: number): number {
  const known = classes[codePoint]!;
  if (known !== 0) return known;
  const char = String.fromCodePoint(codePoint);
  const found = SPACE_RE.test(char) ? SPACE : SINGLE_RE.test(char) ? SINGLE : LETTER_RE.test(char) ? LETTER : DIGIT_RE.test(char) ? DIGIT : OTHER;
  classes[codePoint] = found;
  return found;
}

/**
 * Number of chunking tokens in `text` (see the rule above): the count `tokenSpans` gives, without a regular
 * expression per token (the chunker counts every sentence, and this was a quarter of ingestion's time).
 */
export function countTokens(text: string): number {
  let count = 0;
  let runClass = 0;
  let run = 0;
  for (let i = 0; i < text.length;) {
    const codePoint = text.codePointAt(i)!;
    i += codePoint > 0xffff ? 2 : 1;
    const kind = classOf(codePoint);
    if (kind === LETTER || kind === DIGIT) {
      if (kind === runClass && run < (kind === LETTER ? 8 : 3)) run++;
      else {
        count++;
        runClass = kind;
        run = 1;
      }
    } else {
      runClass = 0;
      if (kind !== SPACE) count++;
    }
  }
  return count;
}

/** Token positions of a text: token i spans `text.slice(starts[i], ends[i])`. */
export type TokenSpans = { length: number; starts: Uint32Array; ends: Uint32Array };

/** The tokens `countTokens` counts, with their character offsets, in typed arrays so MBs of text stay cheap. */
export function tokenSpans(text: string, from = 0, to = text.length): TokenSpans {
  const regex = tokenRegex();
  regex.lastIndex = from;
  let capacity = Math.max(16, Math.ceil((to - from) / 3));
  let starts = new Uint32Array(capacity);
  let ends = new Uint32Array(capacity);
  let length = 0;
  for (let match = regex.exec(text); match !== null; match = regex.exec(text)) {
    const end = match.index + match[0].length;
    if (end > to) break;
    if (length === capacity) {
      capacity *= 2;
      const grownStarts = new Uint32Array(capacity);
      const grownEnds = new Uint32Array(capacity);
      grownStarts.set(starts);
      grownEnds.set(ends);
      starts = grownStarts;
      ends = grownEnds;
    }
    starts[length] = match.index;
    ends[length] = end;
    length++;
  }
  return { length, starts, ends };
}

/** Characters as a user counts them (code points, so an emoji is one character, not two UTF-16 units). */
export function countCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is a single character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/**
 * Billing tokens by the spec's metering rule (part 2 §9): `ceil(characters ×
 * tokens per character × multiplier)`, defaults 1.333 tokens per character and
 * multiplier 1, so 100 characters are 134 tokens.
 */
export function estimateBillingTokens(text: string, tokensPerCharacter = 1.333, multiplier = 1): number {
  if (!(tokensPerCharacter >= 0) || !(multiplier >= 0)) throw new RangeError('tokensPerCharacter and multiplier must be non-negative numbers');
  const exact = countCharacters(text) * tokensPerCharacter * multiplier;
  // 1000 × 1.333 is 1333.0000000000002 in binary floating point; a customer expects 1333, so the float noise is rounded off first.
  return Math.ceil(Number(exact.toPrecision(12)));
}
