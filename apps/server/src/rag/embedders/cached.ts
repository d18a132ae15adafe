import type { Embedder } from './types';

/**
 * Vectors already computed, by text, for one embedder: the most recently used `maxEntries` are kept (a Map keeps its
 * insertion order, so the first key is the least recently used). Stored as float32, half the memory of numbers:
 * 10,000 MiniLM vectors take about 15 MB.
 */
export class VectorCache {
  private readonly vectors = new Map<string, Float32Array>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.vectors.size;
  }

  get(text: string): number[] | undefined {
    const vector = this.vectors.get(text);
    if (!vector) return undefined;
    this.vectors.delete(text);
    this.vectors.set(text, vector);
    return Array.from(vector);
  }

  set(text: string, vector: readonly number[]): void {
    this.vectors.delete(text);
    this.vectors.set(text, Float32Array.from(vector));
    while (this.vectors.size > this.maxEntries) this.vectors.delete(this.vectors.keys().next().value!);
  }
}

/**
 * The embedder with `cache` in front: only texts not seen lately are embedded (once each, in one call), the rest are
 * read back. A text's vector depends on the text alone, so nothing ever needs invalidating; a chat turn embeds its
 * passages' sentences, which repeat from turn to turn, and often a question asked before.
 */
export function cachedEmbedder(embedder: Embedder, cache: VectorCache): Embedder {
  return {
    ...embedder,
    async embed(texts, options) {
      const vectors: (number[] | undefined)[] = texts.map((text) => cache.get(text));
      const missing = [...new Set(texts.filter((_, i) => !vectors[i]))];
      if (missing.length > 0) {
        const computed = await embedder.embed(missing, options);
        const byText = new Map(missing.map((text, i) => [text, computed[i]!]));
        for (const [text, vector] of byText) cache.set(text, vector);
        texts.forEach((text, i) => (vectors[i] ??= byText.get(text)));
      }
      return vectors as number[][];
    },
  };
}
