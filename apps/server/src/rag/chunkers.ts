import { semanticDrafts } from './semantic-chunker';
import { countTokens, tokenSpans, type TokenSpans } from './tokens';

export type ChunkingStrategy = 'semantic' | 'fixed' | 'sliding';

export type ChunkOptions = { strategy: ChunkingStrategy; chunkSize: number; chunkOverlap: number };

/**
 * A piece of a document. `start`/`end` are character offsets into the input
 * and `input.slice(start, end)` is the chunk's body, exactly, beginning and
 * ending on a visible character. For semantic chunks under a heading,
 * `heading` is the section path ("Guide > Install") and `text` is that line,
 * a newline, then the body; otherwise `text` is the body. `tokenCount` is
 * `countTokens(text)`.
 */
export type Chunk = { index: number; text: string; tokenCount: number; start: number; end: number; heading?: string };

export const MIN_CHUNK_SIZE = 50;
export const MAX_CHUNK_SIZE = 8000;

/** Throws a RangeError naming the bad option; the messages are fit for an admin screen. */
export function validateChunkOptions({ strategy, chunkSize, chunkOverlap }: ChunkOptions): void {
  if (strategy !== 'semantic' && strategy !== 'fixed' && strategy !== 'sliding') {
    throw new RangeError(`Unknown chunking strategy "${String(strategy)}". Use semantic, fixed or sliding.`);
  }
  if (!Number.isInteger(chunkSize) || chunkSize < MIN_CHUNK_SIZE || chunkSize > MAX_CHUNK_SIZE) {
    throw new RangeError(`Chunk size must be a whole number of tokens from ${MIN_CHUNK_SIZE} to ${MAX_CHUNK_SIZE} (got ${chunkSize}).`);
  }
  if (!Number.isInteger(chunkOverlap) || chunkOverlap < 0 || chunkOverlap >= chunkSize) {
    throw new RangeError(`Chunk overlap must be a whole number of tokens from 0 to less than the chunk size ${chunkSize} (got ${chunkOverlap}).`);
  }
}

const SENTENCE_END = /^[.!?…。！？]$/;

/** Whether a chunk may end after token `i`: at a line break, or after sentence punctuation followed by whitespace. */
function endsSentence(text: string, tokens: TokenSpans, i: number): boolean {
  const end = tokens.ends[i] as number;
  const nextStart = tokens.starts[i + 1] as number;
  if (nextStart === end) return false;
  if (text.slice(end, nextStart).includes('\n')) return true;
  return SENTENCE_END.test(text.slice(tokens.starts[i] as number, end));
}

/** Token ranges [first, last) of the fixed strategy. */
function fixedWindows(text: string, tokens: TokenSpans, size: number, overlap: number): [number, number][] {
  const windows: [number, number][] = [];
  // Snapping may shorten a chunk to three quarters of its size, never to the overlap or less (the next chunk must move forward).
  const shortest = Math.max(Math.ceil(size * 0.75), overlap + 1);
  for (let first = 0; ;) {
    let last = Math.min(first + size, tokens.length);
    if (last < tokens.length) {
      for (let i = last - 1; i >= first + shortest - 1; i--) {
        if (endsSentence(text, tokens, i)) {
          last = i + 1;
          break;
        }
      }
    }
    windows.push([first, last]);
    if (last >= tokens.length) return windows;
    first = last - overlap;
  }
}

/** Token ranges [first, last) of the sliding strategy. */
function slidingWindows(tokens: TokenSpans, size: number, overlap: number): [number, number][] {
  const windows: [number, number][] = [];
  const stride = size - overlap;
  for (let first = 0; ; first += stride) {
    const last = Math.min(first + size, tokens.length);
    windows.push([first, last]);
    if (last >= tokens.length) return windows;
  }
}

/**
 * Splits a document into chunks of at most `chunkSize` tokens (`countTokens`
 * units). Deterministic: the same text and options give the same chunks.
 *
 * - fixed: consecutive windows of `chunkSize` tokens; a window's end moves
 *   back to the last sentence end or line break in its final quarter, when
 *   there is one, so chunks rarely stop mid-sentence. Neighbours share
 *   exactly `chunkOverlap` tokens.
 * - sliding: a strictly mechanical window of `chunkSize` tokens moved by a
 *   stride of `chunkSize − chunkOverlap` tokens; it never snaps, so every
 *   chunk but the last has exactly `chunkSize` tokens and starts a multiple of
 *   the stride into the document.
 * - semantic: follows the document's structure. Headings (Markdown `#`
 *   lines, or a line underlined with === or ---) open sections; a new section
 *   starts a new chunk, except that a chunk holding only headings takes the
 *   next section (and never ends with a lone heading). Within a section whole
 *   paragraphs are packed while they fit; a paragraph too big for a chunk is
 *   cut into sentences and a sentence too big into runs of words. Each chunk
 *   is headed by its section path ("Guide > Install"; the ancestors only when
 *   the chunk starts with the heading itself), counted in the chunk's size.
 *   A chunk that continues a section starts with the previous chunk's last
 *   whole sentences, as many as fit in `chunkOverlap` tokens (so the overlap
 *   may be smaller than asked, and is none across sections).
 */
export function chunkText(text: string, options: ChunkOptions): Chunk[] {
  validateChunkOptions(options);
  const { strategy, chunkSize, chunkOverlap } = options;
  if (strategy === 'semantic') {
    return semanticDrafts(text, chunkSize, chunkOverlap).map(({ start, end, heading }, index) => {
      const body = text.slice(start, end);
      const chunkTextWithHeading = heading ? `${heading}\n${body}` : body;
      const chunk: Chunk = { index, text: chunkTextWithHeading, tokenCount: countTokens(chunkTextWithHeading), start, end };
      if (heading) chunk.heading = heading;
      return chunk;
    });
  }
  const tokens = tokenSpans(text);
  if (tokens.length === 0) return [];
  const windows = strategy === 'fixed' ? fixedWindows(text, tokens, chunkSize, chunkOverlap) : slidingWindows(tokens, chunkSize, chunkOverlap);
  return windows.map(([first, last], index) => {
    const start = tokens.starts[first] as number;
    const end = tokens.ends[last - 1] as number;
    return { index, text: text.slice(start, end), tokenCount: last - first, start, end };
  });
}
