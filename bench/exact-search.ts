/**
 * The true top 10 by cosine distance of `query` over the first `count` vectors of `stored` (flat, `dimensions` floats
 * each; unit vectors, so distance = 1 - dot): what the benchmarks measure an HNSW search's recall against.
 */
export function exactTop10(stored: Float32Array, count: number, dimensions: number, query: readonly number[]): number[] {
  const best: { i: number; d: number }[] = [];
  for (let i = 0; i < count; i += 1) {
    let dot = 0;
    const offset = i * dimensions;
    for (let k = 0; k < dimensions; k += 1) dot += stored[offset + k]! * query[k]!;
    const d = 1 - dot;
    if (best.length < 10 || d < best[9]!.d) {
      best.push({ i, d });
      best.sort((a, b) => a.d - b.d);
      if (best.length > 10) best.pop();
    }
  }
  return best.map((b) => b.i);
}
