import { describe, expect, it } from 'vitest';
import { cachedEmbedder, VectorCache } from './cached';
import type { Embedder } from './types';

/** An embedder that records what it was asked: each text's vector is its length and its first character's code. */
function recordingEmbedder() {
  const calls: string[][] = [];
  const embedder: Embedder = {
    id: 'test',
    provider: 'local',
    model: 'test',
    dimensions: 2,
    async embed(texts) {
      calls.push(texts);
      return texts.map((text) => [text.length, text.charCodeAt(0)]);
    },
  };
  return { embedder, calls };
}

describe('cachedEmbedder', () => {
  it('embeds only the texts it has not seen, once each, and answers in the order asked', async () => {
    const { embedder, calls } = recordingEmbedder();
    const cached = cachedEmbedder(embedder, new VectorCache(100));
    expect(await cached.embed(['ab', 'c', 'ab'])).toEqual([
      [2, 97],
      [1, 99],
      [2, 97],
    ]);
    expect(await cached.embed(['c', 'def', 'ab'])).toEqual([
      [1, 99],
      [3, 100],
      [2, 97],
    ]);
    expect(calls).toEqual([['ab', 'c'], ['def']]);
    expect(await cached.embed(['def'])).toEqual([[3, 100]]);
    expect(calls).toHaveLength(2);
  });

  it('keeps the most recently used texts within its size', async () => {
    const { embedder, calls } = recordingEmbedder();
    const cache = new VectorCache(2);
    const cached = cachedEmbedder(embedder, cache);
    await cached.embed(['a', 'b']);
    await cached.embed(['a']); // a is now the most recent: c pushes b out
    await cached.embed(['c']);
    expect(cache.size).toBe(2);
    await cached.embed(['a', 'b']);
    expect(calls).toEqual([['a', 'b'], ['c'], ['b']]);
  });

  it('stores nothing when the embedder fails', async () => {
    const cache = new VectorCache(10);
    const failing = cachedEmbedder(
      {
        ...recordingEmbedder().embedder,
        embed: async () => {
          throw new Error('model down');
        },
      },
      cache,
    );
    await expect(failing.embed(['a'])).rejects.toThrow('model down');
    expect(cache.size).toBe(0);
  });
});
