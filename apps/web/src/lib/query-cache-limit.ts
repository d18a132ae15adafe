import { QUERY_CACHE_MAX_ENTRIES } from '@parley/shared/constants';
import type { QueryCache } from '@tanstack/react-query';

/**
 * Keeps the client cache at most `max` entries (spec part 1 §7, §9: 1000). TanStack Query drops unused queries only
 * after their gcTime; a long session that pages through many lists or searches would otherwise keep them all. Past
 * the limit the least recently used queries that no screen is showing are removed; a query a mounted screen is
 * observing is never removed from under it.
 *
 * "Used" means added, fetched, given data or watched by a screen — every cache event about the query.
 * Returns the unsubscribe function.
 */
export function limitQueryCache(cache: QueryCache, max: number = QUERY_CACHE_MAX_ENTRIES): () => void {
  // A Map iterates in insertion order: deleting and re-adding a hash on each use keeps the oldest use first.
  const lastUsed = new Map<string, true>();
  for (const query of cache.getAll()) lastUsed.set(query.queryHash, true);

  /** `added` is the query being added right now: its screen has not started watching it yet. */
  const evict = (added: string) => {
    let excess = cache.getAll().length - max;
    if (excess <= 0) return;
    for (const hash of lastUsed.keys()) {
      if (excess <= 0) break;
      const query = cache.get(hash);
      if (!query) {
        lastUsed.delete(hash);
        continue;
      }
      if (hash === added || query.getObserversCount() > 0) continue;
      cache.remove(query);
      excess -= 1;
    }
  };

  return cache.subscribe((event) => {
    const hash = event.query.queryHash;
    if (event.type === 'removed') {
      lastUsed.delete(hash);
      return;
    }
    lastUsed.delete(hash);
    lastUsed.set(hash, true);
    if (event.type === 'added') evict(hash);
  });
}
