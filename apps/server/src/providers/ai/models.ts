import { createEmbedder } from '../../rag/embedders/index';
import { LOCAL_EMBEDDER_MODEL } from '../../rag/embedders/local';
import { isMiniLmAvailable, MINILM_DIMENSIONS, MINILM_MODEL } from '../../rag/embedders/minilm/index';
import type { Embedder } from '../../rag/embedders/types';
import type { LlmProviderConfig } from '../../rag/answerers/llm';
import { ProviderError } from '../../rag/provider-error';
import { acquireProviderCredentials, hasProviderCredentials, type AiKeyDeps } from './key-store';

export interface EmbeddingChoice {
  provider: 'local' | 'openai' | 'openai-compatible';
  model: string;
  dimensions: number;
}

export const LOCAL_DIMENSIONS = 384;
/** The largest embedding size Parley indexes (db/vector.ts). */
const MAX_INDEXED_DIMENSIONS = 1536;

/**
 * The embedder a new chatbot gets: the OpenAI-compatible server's embedding model when the operator named one
 * (OPENAI_COMPATIBLE_EMBEDDING_MODEL), else OpenAI's (the system default model and dimensions) when an OpenAI key
 * is available (system API keys screen or environment), otherwise the built-in sentence-embedding model
 * (all-MiniLM-L6-v2, offline), or the hashing embedder where that model cannot run here (`/api/health` says so).
 */
export function defaultEmbedding(
  hasOpenAiKey: boolean,
  systemDefault: { model: string; dimensions: number },
  compatible?: { model: string; dimensions: number },
  miniLmAvailable = true,
): EmbeddingChoice {
  if (compatible) return { provider: 'openai-compatible', model: compatible.model, dimensions: compatible.dimensions };
  if (hasOpenAiKey) return { provider: 'openai', model: systemDefault.model, dimensions: Math.min(systemDefault.dimensions, MAX_INDEXED_DIMENSIONS) };
  if (miniLmAvailable) return { provider: 'local', model: MINILM_MODEL, dimensions: MINILM_DIMENSIONS };
  return { provider: 'local', model: LOCAL_EMBEDDER_MODEL, dimensions: LOCAL_DIMENSIONS };
}

/**
 * An OpenAI embedder whose key is resolved (and its use counted) at its first call: one use per
 * operation — embedding a question, or a document's chunks.
 */
function openAiEmbedder(deps: AiKeyDeps, model: string, dimensions: number): Embedder {
  let resolved: Promise<Embedder> | null = null;
  const resolve = () =>
    (resolved ??= acquireProviderCredentials(deps, 'openai', 'embeddings').then((credentials) => {
      if (!credentials) {
        throw new ProviderError(
          'PROVIDER_MISCONFIGURED',
          'This chatbot embeds with OpenAI, but no OpenAI API key is available (none is configured, or the free ones reached their daily limit).',
        );
      }
      return createEmbedder({ provider: 'openai', apiKey: credentials.apiKey, baseURL: credentials.baseURL, model, dimensions });
    }));
  return {
    id: `openai/${model}@${dimensions}`,
    provider: 'openai',
    model,
    dimensions,
    embed: async (texts, options) => (await resolve()).embed(texts, options),
  };
}

export function embedderFor(deps: AiKeyDeps, choice: { embeddingProvider: string; embeddingModel: string; embeddingDimensions: number }): Embedder {
  const { config } = deps;
  if (choice.embeddingProvider === 'openai') return openAiEmbedder(deps, choice.embeddingModel, choice.embeddingDimensions);
  if (choice.embeddingProvider === 'openai-compatible') {
    if (!config.ai.openaiCompatible) throw new Error('This chatbot embeds with an OpenAI-compatible server, but none is configured.');
    return createEmbedder({
      provider: 'openai-compatible',
      ...config.ai.openaiCompatible,
      model: choice.embeddingModel,
      dimensions: choice.embeddingDimensions,
    });
  }
  return createEmbedder({ provider: 'local', model: choice.embeddingModel, dimensions: choice.embeddingDimensions });
}

/**
 * The answer model a chatbot is set to, with credentials for this one answer (counted against the
 * key used); null when none is available, and the built-in extractive answerer answers instead.
 */
export async function answerProviderFor(deps: AiKeyDeps, chatbot: { modelProvider: string; modelName: string }): Promise<LlmProviderConfig | null> {
  switch (chatbot.modelProvider) {
    case 'openai-compatible': {
      const settings = deps.config.ai.openaiCompatible;
      return settings ? { kind: 'openai-compatible', ...settings, model: chatbot.modelName } : null;
    }
    case 'openai':
    case 'anthropic':
    case 'google':
    case 'mistral': {
      const credentials = await acquireProviderCredentials(deps, chatbot.modelProvider, 'chat');
      return credentials ? { kind: chatbot.modelProvider, apiKey: credentials.apiKey, baseURL: credentials.baseURL, model: chatbot.modelName } : null;
    }
    default:
      return null;
  }
}

/** The embedder a chatbot gets now (defaultEmbedding), given the system's default model and dimensions. */
export async function embeddingChooserFor(app: AiKeyDeps, openaiCompatibleEmbedding?: { model: string; dimensions: number }) {
  const hasOpenAiKey = await hasProviderCredentials(app, 'openai', 'embeddings');
  const miniLmAvailable = await isMiniLmAvailable();
  return (systemDefault: { model: string; dimensions: number }) => defaultEmbedding(hasOpenAiKey, systemDefault, openaiCompatibleEmbedding, miniLmAvailable);
}
