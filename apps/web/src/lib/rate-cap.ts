import { REALTIME_MAX_UPDATES_PER_SECOND } from '@parley/shared/constants';

/**
 * Applies realtime updates at most N times a second (spec part 1 §7, §9: 10): the first update of a quiet spell is
 * applied at once, later ones wait for the next free slot and are applied together, so a burst of stream events
 * (a visitor typing fast, many chats at once) costs at most 10 applications a second and none is lost.
 */
export interface RateCap<T> {
  /** Queues one update; `apply` gets it now or with the next batch. */
  push(update: T): void;
  /** Drops queued updates and stops the timer (when the stream's owner goes away). */
  cancel(): void;
}

export function createRateCap<T>(
  apply: (updates: T[]) => void,
  { maxPerSecond = REALTIME_MAX_UPDATES_PER_SECOND, now = () => Date.now() }: { maxPerSecond?: number; now?: () => number } = {},
): RateCap<T> {
  const intervalMs = 1000 / maxPerSecond;
  let pending: T[] = [];
  let lastAppliedAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    timer = null;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    lastAppliedAt = now();
    apply(batch);
  };

  return {
    push(update) {
      pending.push(update);
      if (timer !== null) return;
      const wait = lastAppliedAt + intervalMs - now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      pending = [];
    },
  };
}
