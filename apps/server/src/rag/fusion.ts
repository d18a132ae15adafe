export type FusedResult = { id: string; score: number };

/**
 * Reciprocal rank fusion (Cormack et al., 2009): each list adds 1 / (k + rank)
 * for every id in it, rank counted from 1, so an id found by both vector and
 * full-text search rises above one found by either alone, and no score scale
 * has to be calibrated. k = 60 is the paper's value. An id repeated within one
 * list counts once, at its best rank. Ties keep the order in which ids first
 * appear reading the lists one after another, so results are deterministic.
 * `weights` (one per list, default 1) scale a list's say: weighted RRF.
 */
export function reciprocalRankFusion(
  rankings: string[][],
  { k = 60, limit = Number.POSITIVE_INFINITY, weights }: { k?: number; limit?: number; weights?: readonly number[] } = {},
): FusedResult[] {
  if (!(k > 0)) throw new RangeError(`k must be a positive number (got ${k}).`);
  if (!(limit >= 0)) throw new RangeError(`limit must be zero or more (got ${limit}).`);
  if (weights && (weights.length !== rankings.length || !weights.every((w) => Number.isFinite(w) && w >= 0)))
    throw new RangeError(`weights must be one number of zero or more per list (got ${weights.length} for ${rankings.length} lists).`);
  const scores = new Map<string, { score: number; firstSeen: number }>();
  for (const [list, ranking] of rankings.entries()) {
    const weight = weights?.[list] ?? 1;
    const seenInList = new Set<string>();
    ranking.forEach((id, index) => {
      if (seenInList.has(id)) return;
      seenInList.add(id);
      const entry = scores.get(id);
      const contribution = weight / (k + index + 1);
      if (entry) entry.score += contribution;
      else scores.set(id, { score: contribution, firstSeen: scores.size });
    });
  }
  return [...scores]
    .sort(([, a], [, b]) => b.score - a.score || a.firstSeen - b.firstSeen)
    .slice(0, limit)
    .map(([id, { score }]) => ({ id, score }));
}
