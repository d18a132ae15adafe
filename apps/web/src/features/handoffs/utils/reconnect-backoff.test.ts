import { describe, expect, it } from 'vitest';
import { RECONNECT_BASE_MS, RECONNECT_MAX_MS, reconnectDelay } from './reconnect-backoff';

describe('the wait before reconnecting to the inbox stream', () => {
  it('doubles with each failed attempt', () => {
    // With the random part at its top, the wait is the whole ceiling.
    expect([0, 1, 2, 3, 4].map((attempt) => reconnectDelay(attempt, 1))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('never exceeds the cap, however many attempts failed', () => {
    expect(reconnectDelay(5, 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(1_000, 0.999)).toBeLessThanOrEqual(RECONNECT_MAX_MS);
  });

  it('keeps half of each wait fixed and spreads the other half at random', () => {
    expect(reconnectDelay(0, 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(3, 0)).toBe(4_000);
    expect(reconnectDelay(3, 0.5)).toBe(6_000);
    expect(reconnectDelay(10, 0)).toBe(RECONNECT_MAX_MS / 2);
  });

  it('treats odd input as the first attempt', () => {
    expect(reconnectDelay(-3, 1)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(Number.NaN, 1)).toBe(RECONNECT_BASE_MS);
  });
});
