import type * as AiSdk from 'ai';
import type { EmbeddingModel } from 'ai';
import { ProviderError } from '../provider-error';
import type { Embedder } from './types';

// Well under OpenAI's 2048 inputs and 300k tokens per request, and accepted by the smaller OpenAI-compatible servers too.
export const MAX_INPUTS_PER_REQUEST = 96;
const DEFAULT_PARALLEL_REQUESTS = 4;
const DEFAULT_MAX_RETRIES = 3;

type RemoteEmbedderOptions = {
  apiKey?: string;
  baseURL?: string;
  model: string;
  dimensions: number;
  /** Retries of a request answered 429 or 5xx (the AI SDK backs off, honouring Retry-After). Default 3. */
  maxRetries?: number;
  /** Requests in flight at once for a large batch. Default 4. */
  parallelRequests?: number;
};

/** Only the text-embedding-3 family can shorten its vectors; older and third-party models reject the parameter. */
const acceptsDimensions = (model: string): boolean => /^text-embedding-3-/.test(model);

function validate({ model, dimensions }: RemoteEmbedderOptions): void {
  if (!model.trim()) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An embedding model name is required.');
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16000) {
    throw new ProviderError('PROVIDER_MISCONFIGURED', `Embedding dimensions must be a whole number from 1 to 16000 (got ${dimensions}).`);
  }
}

function createRemoteEmbedder(
  provider: 'openai' | 'openai-compatible',
  loadModel: () => Promise<EmbeddingModel>,
  options: RemoteEmbedderOptions,
  providerOptionsKey: string,
): Embedder {
  // The AI SDK and the provider's package load with the first batch, not at start-up.
  let loaded: Promise<[EmbeddingModel, typeof AiSdk]> | undefined;
  const load = () => (loaded ??= Promise.all([loadModel(), import('ai')]));
  const { dimensions, maxRetries = DEFAULT_MAX_RETRIES, parallelRequests = DEFAULT_PARALLEL_REQUESTS } = options;
  const providerOptions = acceptsDimensions(options.model) ? { [providerOptionsKey]: { dimensions } } : undefined;

  const embedBatch = async (values: string[], signal?: AbortSignal): Promise<number[][]> => {
    const [model, { embedMany }] = await load();
    const { embeddings } = await embedMany({
      model,
      values,
      maxRetries,
      ...(signal ? { abortSignal: signal } : {}),
      ...(providerOptions ? { providerOptions } : {}),
    });
    for (const vector of embeddings) {
      // A vector of the wrong size would poison the index; fail the job loudly instead.
      if (vector.length !== dimensions) {
        throw new ProviderError(
          'PROVIDER_RESPONSE_INVALID',
          `The embedding model ${options.model} returned vectors of ${vector.length} dimensions, but ${dimensions} are configured. Set the dimensions to ${vector.length}.`,
        );
      }
    }
    return embeddings;
  };

  return {
    id: `${provider}/${options.model}@${dimensions}`,
    provider,
    model: options.model,
    dimensions,
    async embed(texts, { signal } = {}) {
      const batches: string[][] = [];
      for (let i = 0; i < texts.length; i += MAX_INPUTS_PER_REQUEST) batches.push(texts.slice(i, i + MAX_INPUTS_PER_REQUEST));
      const results: number[][][] = new Array(batches.length);
      let next = 0;
      let hasFailed = false;
      const worker = async (): Promise<void> => {
        while (next < batches.length && !hasFailed) {
          const index = next++;
          try {
            results[index] = await embedBatch(batches[index] as string[], signal);
          } catch (error) {
            // One failed batch fails the whole call; do not spend requests on the rest.
            hasFailed = true;
            throw error;
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(parallelRequests, batches.length) }, worker));
      return results.flat();
    },
  };
}

/** Embeddings from OpenAI (text-embedding-3-small, -3-large, ada-002), or another base URL that speaks OpenAI's API. */
export function createOpenAIEmbedder(options: RemoteEmbedderOptions): Embedder {
  validate(options);
  if (!options.apiKey) throw new ProviderError('PROVIDER_MISCONFIGURED', 'An OpenAI API key is required for OpenAI embeddings.');
  const settings = { apiKey: options.apiKey, ...(options.baseURL ? { baseURL: options.baseURL } : {}) };
  return createRemoteEmbedder('openai', async () => (await import('@ai-sdk/openai')).createOpenAI(settings).embedding(options.model), options, 'openai');
}

const COMPATIBLE_PROVIDER_NAME = 'openaiCompatible';

/** Embeddings from any server with OpenAI's /embeddings API (Ollama, vLLM, LocalAI, …); the key is optional. */
export function createOpenAICompatibleEmbedder(options: RemoteEmbedderOptions): Embedder {
  validate(options);
  if (!options.baseURL) throw new ProviderError('PROVIDER_MISCONFIGURED', 'A base URL is required for an OpenAI-compatible embedding provider.');
  const settings = { name: COMPATIBLE_PROVIDER_NAME, baseURL: options.baseURL, ...(options.apiKey ? { apiKey: options.apiKey } : {}) };
  return createRemoteEmbedder(
    'openai-compatible',
    async () => (await import('@ai-sdk/openai-compatible')).createOpenAICompatible(settings).embeddingModel(options.model),
    options,
    COMPATIBLE_PROVIDER_NAME,
  );
}
