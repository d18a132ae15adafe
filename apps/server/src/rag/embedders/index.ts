import { createLocalEmbedder } from './local';
import { createOpenAICompatibleEmbedder, createOpenAIEmbedder } from './openai';
import type { Embedder } from './types';

export type EmbedderConfig =
  | { provider: 'local'; dimensions?: number }
  | { provider: 'openai' | 'openai-compatible'; apiKey?: string; baseURL?: string; model: string; dimensions: number };

/** The embedder a chatbot's configuration names. Throws ProviderError when a remote provider lacks what it needs. */
export function createEmbedder(config: EmbedderConfig): Embedder {
  switch (config.provider) {
    case 'local':
      return createLocalEmbedder(config.dimensions === undefined ? {} : { dimensions: config.dimensions });
    case 'openai':
      return createOpenAIEmbedder(config);
    case 'openai-compatible':
      return createOpenAICompatibleEmbedder(config);
  }
}
