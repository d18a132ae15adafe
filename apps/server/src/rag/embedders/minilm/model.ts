/**
 * all-MiniLM-L6-v2 loaded and run: the tokenizer, the ONNX session, and sentence-transformers' pooling (mean of the
 * token vectors under the attention mask, scaled to length 1). Runs in the worker thread (worker.ts): tokenising
 * and inference are CPU work the request loop must not wait through.
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Tokenizer } from '@huggingface/tokenizers';
import type { InferenceSession } from 'onnxruntime-node';
import { buildBertGraph, readBertConfig } from './graph';
import { parseSafetensors } from './safetensors';

/** sentence-transformers' max_seq_length for this model: longer texts are cut to their first 256 wordpieces. */
export const MAX_WORDPIECES = 256;

const CLS_ID = 101;
const SEP_ID = 102;
// Added to a padding position's attention score: softmax gives it exactly zero weight.
const MASKED = -1e9;
/**
 * Tokenising a 100 kB text to keep 256 wordpieces is wasted work: the first characters are tokenised first, and the
 * whole text only when they make fewer wordpieces than kept. 256 wordpieces of real text fit in far fewer.
 */
const PREFIX_CHARS = MAX_WORDPIECES * 32;

export interface MiniLm {
  /** The unit vectors of `texts`, one after another (texts.length × 384). */
  embed(texts: string[]): Promise<Float32Array>;
}

export async function loadMiniLm(modelDir: string): Promise<MiniLm> {
  const [weightsFile, tokenizerJson, configJson] = await Promise.all([
    readFile(path.join(modelDir, 'model.fp16.safetensors')),
    readFile(path.join(modelDir, 'tokenizer.json'), 'utf8'),
    readFile(path.join(modelDir, 'config.json'), 'utf8'),
  ]);
  const config = readBertConfig(JSON.parse(configJson));
  const tokenizer = new Tokenizer(JSON.parse(tokenizerJson) as object, {});
  // onnxruntime copies the model into its own memory: the graph bytes are garbage once the session exists.
  const graph = buildBertGraph(parseSafetensors(weightsFile), config);
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(graph, {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    // One core stays with the event loop on a small machine; inference takes the rest.
    intraOpNumThreads: Math.max(1, availableParallelism() - 1),
    interOpNumThreads: 1,
    // The arena keeps the largest batch's activations for good (RSS 950 MB after a few batches of 32 × 200
    // wordpieces, against 330–360 MB without it, at the same speed): freed tensors go back to the system.
    enableCpuMemArena: false,
  });
  const maxWordpieces = Math.min(MAX_WORDPIECES, config.max_position_embeddings);

  const wordpieces = (text: string): number[] => {
    const ids = (t: string) => tokenizer.encode(t).ids;
    let encoded: number[] | undefined;
    if (text.length > PREFIX_CHARS) {
      // Cut at whitespace, which the tokenizer splits on anyway, so the kept wordpieces are those of the whole text.
      const cut = text.slice(0, PREFIX_CHARS).search(/\s\S*$/);
      const prefix = ids(text.slice(0, cut > 0 ? cut : PREFIX_CHARS));
      if (prefix.length > maxWordpieces) encoded = prefix;
    }
    encoded ??= ids(text);
    if (encoded.length <= maxWordpieces) return encoded;
    // The tokenizer added [CLS] … [SEP]; truncation keeps [CLS], the first words, and a closing [SEP].
    return [...encoded.slice(0, maxWordpieces - 1), SEP_ID];
  };

  return {
    async embed(texts) {
      const encoded = texts.map((text) => (text ? wordpieces(text) : [CLS_ID, SEP_ID]));
      // Padded to the longest text of this batch; the caller groups texts of similar length.
      const length = Math.max(...encoded.map((ids) => ids.length));
      const batch = texts.length;
      const inputIds = new BigInt64Array(batch * length);
      const bias = new Float32Array(batch * length).fill(MASKED);
      encoded.forEach((ids, b) => {
        ids.forEach((id, t) => (inputIds[b * length + t] = BigInt(id)));
        bias.fill(0, b * length, b * length + ids.length);
      });
      const positions = BigInt64Array.from({ length }, (_, i) => BigInt(i));
      const feeds: InferenceSession.FeedsType = {
        input_ids: new ort.Tensor('int64', inputIds, [batch, length]),
        position_ids: new ort.Tensor('int64', positions, [length]),
        attention_bias: new ort.Tensor('float32', bias, [batch, 1, 1, length]),
      };
      const { last_hidden_state: output } = await session.run(feeds);
      return meanPoolNormalised(output!.data as Float32Array, encoded, length, config.hidden_size);
    },
  };
}

/** sentence-transformers' pooling for this model: the mean of each text's token vectors (padding left out), then L2-normalised. */
function meanPoolNormalised(states: Float32Array, encoded: number[][], length: number, hidden: number): Float32Array {
  const out = new Float32Array(encoded.length * hidden);
  encoded.forEach((ids, b) => {
    const vector = out.subarray(b * hidden, (b + 1) * hidden);
    for (let t = 0; t < ids.length; t++) {
      const row = (b * length + t) * hidden;
      for (let h = 0; h < hidden; h++) vector[h]! += states[row + h]!;
    }
    // The mean's 1/n cancels in the normalisation; kept out.
    let norm = 0;
    for (let h = 0; h < hidden; h++) norm += vector[h]! * vector[h]!;
    const scale = 1 / Math.max(Math.sqrt(norm), 1e-12);
    for (let h = 0; h < hidden; h++) vector[h]! *= scale;
  });
  return out;
}
