import type { Config } from '../../config';
import { createEmbedder } from '../../rag/embedders/index';
import { LOCAL_EMBEDDER_MODEL } from '../../rag/embedders/local';
import type { Embedder } from '../../rag/embedders/types';

export interface EmbeddingChoice {
  provider: 'local' | 'openai' | 'openai-compatible';
  model: string;
  dimensions: number;
}

export const LOCAL_DIMENSIONS = 384;

/**
 * The embedder a new chatbot gets: OpenAI's (the system default model, 1536 dimensions)
 * when an OpenAI key is configured, otherwise the built-in local embedder.
 */
export function defaultEmbedding(config: Config, systemDefault: { model: string; dimensions: number }): EmbeddingChoice {
  if (config.ai.openai) return { provider: 'openai', model: systemDefault.model, dimensions: Math.min(systemDefault.dimensions, 1536) };
  return { provider: 'local', model: LOCAL_EMBEDDER_MODEL, dimensions: LOCAL_DIMENSIONS };
}

export function embedderFor(config: Config, choice: { embeddingProvider: string; embeddingModel: string; embeddingDimensions: number }): Embedder {
  if (choice.embeddingProvider === 'openai') {
    if (!config.ai.openai) throw new Error('This chatbot embeds with OpenAI, but no OpenAI API key is configured.');
    return createEmbedder({
      provider: 'openai',
      apiKey: config.ai.openai.apiKey,
      baseURL: config.ai.openai.baseURL,
      model: choice.embeddingModel,
      dimensions: choice.embeddingDimensions,
    });
  }
  if (choice.embeddingProvider === 'openai-compatible') {
    if (!config.ai.openaiCompatible) throw new Error('This chatbot embeds with an OpenAI-compatible server, but none is configured.');
    return createEmbedder({
      provider: 'openai-compatible',
      ...config.ai.openaiCompatible,
      model: choice.embeddingModel,
      dimensions: choice.embeddingDimensions,
    });
  }
  return createEmbedder({ provider: 'local', dimensions: choice.embeddingDimensions });
}
