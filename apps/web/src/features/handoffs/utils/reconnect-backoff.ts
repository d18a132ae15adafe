/** The first retry comes quickly (a blip, a server restart); later ones slow down so a down server is not hammered. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt number `attempt` (0 = the first after a drop): exponential, capped,
 * with "equal jitter" (half fixed, half random) so that many tabs cut off by one restart do not all return at once.
 * `random` is Math.random's range, [0, 1).
 */
export function reconnectDelay(attempt: number, random: number = Math.random(), { baseMs = RECONNECT_BASE_MS, maxMs = RECONNECT_MAX_MS } = {}): number {
  const exponent = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 30) : 0;
  const ceiling = Math.min(maxMs, baseMs * 2 ** exponent);
  const jitter = Number.isFinite(random) ? Math.min(Math.max(random, 0), 1) : 0.5;
  return Math.round(ceiling / 2 + (ceiling / 2) * jitter);
}
