export type EmbedderProvider = 'local' | 'openai' | 'openai-compatible';

/**
 * Turns texts into vectors of one fixed size. Vectors from embedders with
 * different `id`s live in different spaces and must never be compared: the
 * id names provider, model and dimensions, and is stored beside the vectors.
 */
export interface Embedder {
  id: string;
  provider: EmbedderProvider;
  model: string;
  dimensions: number;
  /** One vector per text, in the same order. Rejects with the signal's reason when aborted. */
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<number[][]>;
}
