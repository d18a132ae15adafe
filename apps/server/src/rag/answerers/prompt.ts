import { excerptOf, type Citation, type Passage } from './types';

export type ChatTurn = {
  role: 'user' | 'assistant';
  content: string;
  /** An answer that failed (stored with the outcome `error`), with or without the text streamed before it did. */
  failed?: boolean;
};

/** A message the model is shown: plain text, in the form both the AI SDK and the Chat Completions wire format take. */
export type PromptMessage = { role: 'user'; content: string } | { role: 'assistant'; content: string };

/** A passage as the model sees it: `[number]` in the context and in its answer. */
export type NumberedCitation = Citation & { number: number };

export const GROUNDING_INSTRUCTIONS = [
  'Answer the question using only the numbered context passages given with it.',
  'Cite the passages you use by their numbers in square brackets, like [1] or [2][3].',
  "If the passages do not contain the answer, say that you don't know; do not guess or use outside knowledge.",
].join(' ');

const NO_PASSAGES = '(No passages were found for this question.)';

/**
 * The earlier turns the model is shown. An answer that failed, or that has no text (it failed or was stopped before
 * any), is left out, and so is the question it did not answer: some providers (Anthropic) refuse a message with empty
 * content, a failed answer says nothing the model should build on, and leaving the pair out keeps the user and
 * assistant turns alternating as every provider expects. The visitor usually asks the question again anyway.
 */
export function modelHistory(history: readonly ChatTurn[]): ChatTurn[] {
  const kept: ChatTurn[] = [];
  for (const turn of history) {
    if (turn.role === 'assistant' && (turn.failed || !turn.content.trim())) {
      if (kept.at(-1)?.role === 'user') kept.pop();
      continue;
    }
    kept.push({ role: turn.role, content: turn.content });
  }
  return kept;
}

/**
 * The system prompt (the chatbot's behaviour, then the grounding rules), the
 * conversation so far (modelHistory), and a final user message holding the numbered
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
}): { system: string; messages: PromptMessage[]; citations: NumberedCitation[] } {
  const system = [systemPrompt.trim(), GROUNDING_INSTRUCTIONS].filter(Boolean).join('\n\n');
  const context = passages.length ? passages.map((passage, i) => `[${i + 1}] Source: ${passage.sourceName}\n${passage.text.trim()}`).join('\n\n') : NO_PASSAGES;
  const messages: PromptMessage[] = [
    ...modelHistory(history).map((turn): PromptMessage =>
      turn.role === 'user' ? { role: 'user', content: turn.content } : { role: 'assistant', content: turn.content },
    ),
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
