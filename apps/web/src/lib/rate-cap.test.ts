import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateCap } from './rate-cap';

describe('realtime rate cap (controlled clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies the first update of a quiet spell at once', () => {
    const apply = vi.fn();
    const cap = createRateCap<number>(apply);
    cap.push(1);
    expect(apply).toHaveBeenCalledWith([1]);
  });

  it('applies a burst at most 10 times a second and loses no update', async () => {
    const applied: { at: number; updates: number[] }[] = [];
    const cap = createRateCap<number>((updates) => applied.push({ at: Date.now(), updates }));
    const start = Date.now();
    // 1000 events in one second: one every millisecond.
    for (let i = 0; i < 1000; i += 1) {
      cap.push(i);
      await vi.advanceTimersByTimeAsync(1);
    }
    await vi.advanceTimersByTimeAsync(200);

    const inFirstSecond = applied.filter(({ at }) => at - start < 1000);
    expect(inFirstSecond.length).toBe(10);
    // Any one-second window holds at most 10 applications.
    for (const { at } of applied) expect(applied.filter((other) => other.at >= at && other.at < at + 1000).length).toBeLessThanOrEqual(10);
    expect(applied.flatMap(({ updates }) => updates)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('keeps 100 ms between applications', async () => {
    const apply = vi.fn();
    const cap = createRateCap<string>(apply);
    cap.push('a');
    await vi.advanceTimersByTimeAsync(10);
    cap.push('b');
    cap.push('c');
    await vi.advanceTimersByTimeAsync(89);
    expect(apply).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(apply).toHaveBeenCalledTimes(2);
    expect(apply).toHaveBeenLastCalledWith(['b', 'c']);
  });

  it('takes another rate when asked (5 a second: 200 ms apart)', async () => {
    const apply = vi.fn();
    const cap = createRateCap<number>(apply, { maxPerSecond: 5 });
    cap.push(1);
    cap.push(2);
    await vi.advanceTimersByTimeAsync(199);
    expect(apply).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(apply).toHaveBeenCalledTimes(2);
  });

  it('drops queued updates on cancel', async () => {
    const apply = vi.fn();
    const cap = createRateCap<number>(apply);
    cap.push(1);
    cap.push(2);
    cap.cancel();
    await vi.runAllTimersAsync();
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
