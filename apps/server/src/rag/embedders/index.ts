import { ProviderError } from '../provider-error';
import { createLocalEmbedder } from './local';
import { createMiniLmEmbedder, MINILM_DIMENSIONS, MINILM_MODEL } from './minilm/index';
import { createOpenAICompatibleEmbedder, createOpenAIEmbedder } from './openai';
import type { Embedder } from './types';

export type EmbedderConfig =
  | { provider: 'local'; model?: string; dimensions?: number }
  | { provider: 'openai' | 'openai-compatible'; apiKey?: string; baseURL?: string; model: string; dimensions: number };

/**
 * The built-in embedder a local model name means: MiniLM for its name; the hashing embedder (feature-hash-v1) for
 * any other, since every local chatbot before MiniLM was embedded with it, whatever name it stored (the column's
 * default was 'parley-local-hash'), and for none.
 */
function createBuiltInEmbedder(model: string | undefined, dimensions: number | undefined): Embedder {
  if (model === MINILM_MODEL) {
    if (dimensions !== undefined && dimensions !== MINILM_DIMENSIONS) {
      throw new ProviderError('PROVIDER_MISCONFIGURED', `${MINILM_MODEL} makes ${MINILM_DIMENSIONS}-dimensional vectors (got ${dimensions}).`);
    }
    return createMiniLmEmbedder();
  }
  return createLocalEmbedder(dimensions === undefined ? {} : { dimensions });
}

/** The embedder a chatbot's configuration names. Throws ProviderError when a remote provider lacks what it needs. */
export function createEmbedder(config: EmbedderConfig): Embedder {
  switch (config.provider) {
    case 'local':
      return createBuiltInEmbedder(config.model, config.dimensions);
    case 'openai':
      return createOpenAIEmbedder(config);
    case 'openai-compatible':
      return createOpenAICompatibleEmbedder(config);
  }
}
