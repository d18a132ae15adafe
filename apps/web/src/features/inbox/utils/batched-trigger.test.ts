import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatchedTrigger } from './batched-trigger';

describe('refreshes batched from a burst of events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once for a burst, at the end of the wait', () => {
    const run = vi.fn();
    const trigger = createBatchedTrigger(run, 100);
    for (let i = 0; i < 50; i += 1) trigger.schedule();
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at most ten times a second under a steady stream of events', () => {
    const run = vi.fn();
    const trigger = createBatchedTrigger(run, 100);
    for (let ms = 0; ms < 1000; ms += 5) {
      trigger.schedule();
      vi.advanceTimersByTime(5);
    }
    expect(run.mock.calls.length).toBeLessThanOrEqual(10);
    expect(run.mock.calls.length).toBeGreaterThanOrEqual(9);
  });

  it('does not run after it was cancelled', () => {
    const run = vi.fn();
    const trigger = createBatchedTrigger(run, 100);
    trigger.schedule();
    trigger.cancel();
    vi.advanceTimersByTime(500);
    expect(run).not.toHaveBeenCalled();
  });
});
