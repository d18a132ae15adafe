import type { RetrievalTestResult } from '@parley/shared/contracts/retrieval-testing';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { embedderFor } from '../../providers/ai/models';
import type { AiKeyDeps } from '../../providers/ai/key-store';
import type { Embedder } from '../../rag/embedders/types';
import { ProviderError } from '../../rag/provider-error';
import { findChatbotInOrganization } from '../chatbots/index';
import { retrievePassages } from '../../rag/retrieval';

export interface RetrievalTestDeps extends AiKeyDeps {
  database: Database;
}

/**
 * A failure of the chatbot's embedding provider as the caller sees it: a 503, never a 500 for their question. What
 * went wrong stays in the log, as the chat keeps it from its visitors; the caller learns whether the provider is not
 * set up here (a ProviderError, or no OpenAI-compatible server configured) or did not answer. The error handler's
 * sanitiser would swallow a ProviderError's own text ("…no OpenAI API key…"), so it is not passed on.
 */
function embeddingFailure(error: unknown, deps: RetrievalTestDeps, isSetUp: boolean): AppError {
  deps.log?.warn({ err: error }, 'retrieval test: the embedding provider failed');
  const reason =
    error instanceof ProviderError || !isSetUp
      ? 'the chatbot’s embedding provider is not set up on this server. Ask the system administrator.'
      : 'the chatbot’s embedding provider did not answer. Please try again.';
  return new AppError('SERVICE_UNAVAILABLE', `The retrieval test could not be completed: ${reason}`);
}

/** The chatbot's embedder, with its failures (at creation or when embedding) turned into a 503. */
function reportingEmbedder(deps: RetrievalTestDeps, chatbot: Parameters<typeof embedderFor>[1]): Embedder {
  let embedder: Embedder;
  try {
    embedder = embedderFor(deps, chatbot);
  } catch (error) {
    throw embeddingFailure(error, deps, false);
  }
  return {
    id: embedder.id,
    provider: embedder.provider,
    model: embedder.model,
    dimensions: embedder.dimensions,
    embed: async (texts, options) => {
      try {
        return await embedder.embed(texts, options);
      } catch (error) {
        throw embeddingFailure(error, deps, true);
      }
    },
  };
}

/**
 * The passages the chat would retrieve for a question, ranked as it ranks them (same chatbot lookup, embedder and
 * retrieval as features/chat/service.ts). Nothing is stored: no conversation, no metered tokens, no analytics.
 */
export async function testRetrieval(
  deps: RetrievalTestDeps,
  input: { organizationId: string; chatbotId: string; query: string; topK?: number | undefined },
): Promise<RetrievalTestResult> {
  const chatbot = await findChatbotInOrganization(deps.db, input.organizationId, input.chatbotId);
  const passages = await retrievePassages(deps.database, {
    chatbotId: chatbot.id,
    question: input.query,
    embedder: reportingEmbedder(deps, chatbot),
    topK: input.topK ?? chatbot.retrievalTopK,
  });
  return { passages: passages.map(({ sourceId, sourceName, text, score }) => ({ sourceId, sourceName, content: text, score })) };
}
