import type { Database } from '../../db/client';
import type { chatbots } from '../../db/schema/index';
import type { AiKeyDeps } from '../../providers/ai/key-store';
import { answerProviderFor, embedderFor } from '../../providers/ai/models';
import { answerBuiltIn, passagesAnswer, sentenceModel } from '../../rag/answerers/by-meaning';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { streamLlmAnswer } from '../../rag/answerers/llm';
import { citationsUsedIn } from '../../rag/answerers/prompt';
import { retrievePassages, type Passage } from '../../rag/retrieval';
import type { ObservedOutcome } from './scoring';

export interface AskDeps extends AiKeyDeps {
  database: Database;
}

type ChatbotRow = typeof chatbots.$inferSelect;

/** The distinct sources of the cited passages, in citation order. */
const sourcesOf = (passages: Passage[], chunkIds: string[]): string[] => [
  ...new Set(chunkIds.flatMap((chunkId) => passages.filter((p) => p.chunkId === chunkId).map((p) => p.sourceId))),
];

/**
 * The chatbot's answer to one question, as features/chat/service.ts answers a visitor's first message (a question
 * with no conversation before it, so never a follow-up): the same retrieval (the chatbot's embedder and
 * retrievalTopK); the not-found answer when nothing is retrieved, or when the chatbot answers with a model and the
 * sentence-embedding model finds no passage close enough in meaning (decisions/0011-answers.md); otherwise the model (one counted
 * key use, as an answer is) or, without one, the built-in answerer (by meaning where the sentence model runs, else
 * extractive). Unlike a chat turn, nothing is stored, metered or counted in the analytics, and the answer is read
 * whole. The steps are the chat's own exported functions; the order they are called in must stay the chat's (see the
 * evaluation decision record). A provider's failure is thrown (ProviderError when it is not set up).
 */
export async function askChatbot(deps: AskDeps, chatbot: ChatbotRow, question: string): Promise<ObservedOutcome> {
  const passages = await retrievePassages(deps.database, {
    chatbotId: chatbot.id,
    question,
    embedder: embedderFor(deps, chatbot),
    topK: chatbot.retrievalTopK,
  });
  const retrievedSourceIds = passages.map((p) => p.sourceId);
  const declined: ObservedOutcome = { retrievedSourceIds, answered: false, text: NO_ANSWER_TEXT, citedSourceIds: [] };
  if (passages.length === 0) return declined;

  const provider = await answerProviderFor(deps, chatbot);
  const sentences = await sentenceModel();
  if (!provider) {
    const answer = await answerBuiltIn({ question, passages, sentences });
    return {
      retrievedSourceIds,
      answered: answer.answered,
      text: answer.text,
      citedSourceIds: sourcesOf(
        passages,
        answer.citations.map((c) => c.chunkId),
      ),
    };
  }
  if (!(await passagesAnswer(question, passages, sentences))) return declined;
  const answer = streamLlmAnswer({
    provider,
    systemPrompt: chatbot.systemPrompt,
    passages,
    history: [],
    question,
    temperature: chatbot.temperature,
  });
  let text = '';
  for await (const delta of answer.textStream) text += delta;
  // As the chat decides: a model's answer that cites none of the passages is a decline.
  const cited = citationsUsedIn(text, answer.citations);
  return {
    retrievedSourceIds,
    answered: cited.length > 0,
    text,
    citedSourceIds: sourcesOf(
      passages,
      cited.map((c) => c.chunkId),
    ),
  };
}
