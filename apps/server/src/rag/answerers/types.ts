/** A retrieved chunk offered to an answerer, most relevant first. */
export type Passage = { chunkId: string; sourceName: string; text: string; score: number };

/** Where part of an answer came from, as shown under the answer. */
export type Citation = { chunkId: string; sourceName: string; excerpt: string };

export const EXCERPT_MAX_CHARS = 280;

/** Text shortened for display: whitespace collapsed, cut at a word boundary with an ellipsis. */
export function excerptOf(text: string, maxChars = EXCERPT_MAX_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  const cut = flat.slice(0, maxChars - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxChars / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** Tokens an answer model reports for an answer. */
export type LlmUsage = { inputTokens?: number; outputTokens?: number };
