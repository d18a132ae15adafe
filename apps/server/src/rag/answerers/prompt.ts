import type { ModelMessage } from 'ai';
import { excerptOf, type Citation, type Passage } from './types';

export type ChatTurn = { role: 'user' | 'assistant'; content: string };

/** A passage as the model sees it: `[number]` in the context and in its answer. */
export type NumberedCitation = Citation & { number: number };

export const GROUNDING_INSTRUCTIONS = [
  'Answer the question using only the numbered context passages given with it.',
  'Cite the passages you use by their numbers in square brackets, like [1] or [2][3].',
  "If the passages do not contain the answer, say that you don't know; do not guess or use outside knowledge.",
].join(' ');

const NO_PASSAGES = '(No passages were found for this question.)';

/**
 * The system prompt (the chatbot's behaviour, then the grounding rules), the
 * conversation so far, and a final user message holding the numbered
 * passages and the question. Passages go with the question rather than in the
 * system prompt so each turn is grounded in its own retrieval.
 */
export function buildAnswerPrompt({
  systemPrompt,
  passages,
  history,
  question,
}: {
  systemPrompt: string;
  passages: Passage[];
  history: ChatTurn[];
  question: string;
}): { system: string; messages: ModelMessage[]; citations: NumberedCitation[] } {
  const system = [systemPrompt.trim(), GROUNDING_INSTRUCTIONS].filter(Boolean).join('\n\n');
  const context = passages.length ? passages.map((passage, i) => `[${i + 1}] Source: ${passage.sourceName}\n${passage.text.trim()}`).join('\n\n') : NO_PASSAGES;
  const messages: ModelMessage[] = [
    ...history.map((turn): ModelMessage => (turn.role === 'user' ? { role: 'user', content: turn.content } : { role: 'assistant', content: turn.content })),
    { role: 'user', content: `Context passages:\n\n${context}\n\nQuestion: ${question.trim()}` },
  ];
  const citations = passages.map((passage, i) => ({
    number: i + 1,
    chunkId: passage.chunkId,
    sourceName: passage.sourceName,
    excerpt: excerptOf(passage.text),
  }));
  return { system, messages, citations };
}

/** The citations whose `[n]` markers appear in an answer, in number order. */
export function citationsUsedIn(answer: string, citations: NumberedCitation[]): NumberedCitation[] {
  const cited = new Set([...answer.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1])));
  return citations.filter((citation) => cited.has(citation.number));
}
