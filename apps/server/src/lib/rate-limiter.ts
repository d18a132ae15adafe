import { loadRedis } from './lazy-require';

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the window resets. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts `weight` hits (one by default) against `key`; fixed windows of `windowSeconds`. */
  hit(key: string, limit: number, windowSeconds: number, weight?: number): Promise<RateLimitResult>;
  /** Whether the counters are shared with the other nodes right now (Redis reachable); memory: always false. */
  readonly shared: boolean;
  close(): Promise<void>;
}

/** One process (the embedded default): counters in memory, expired entries swept as they are met. */
export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, limit, windowSeconds, weight = 1) {
      const t = now();
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= t) {
        entry = { count: 0, resetAt: t + windowSeconds * 1000 };
        windows.set(key, entry);
      }
      entry.count += weight;
      if (windows.size > 50_000) for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
      return {
        allowed: entry.count <= limit,
        remaining: Math.max(0, limit - entry.count),
        retryAfterSeconds: Math.max(1, Math.ceil((entry.resetAt - t) / 1000)),
      };
    },
    shared: false,
    async close() {
      windows.clear();
    },
  };
}

const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { count, redis.call('PTTL', KEYS[1]) }`;

/**
 * Several nodes: counters shared through Redis (atomic INCR + PEXPIRE in one script). While Redis is away each node
 * counts in its own memory (limits still hold, per node, instead of failing open or refusing everyone); ioredis
 * reconnects by itself and the shared counters take over again.
 */
export function createRedisRateLimiter(url: string, prefix = 'parley:rl:'): RateLimiter {
  // No offline queue and a short command timeout: when Redis is away, a hit falls back at once instead of waiting.
  const redis = new (loadRedis().Redis)(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, enableOfflineQueue: false, lazyConnect: false });
  redis.on('error', () => {
    /* seen as hit() failures (the fallback) and in /api/health; ioredis reconnects by itself */
  });
  const local = createMemoryRateLimiter();
  // Right after start the connection is still opening: the first hits wait for it (at most a second) rather than
  // count alone; later outages fall back at once.
  let starting: Promise<unknown> | null = Promise.race([
    new Promise((resolve) => redis.once('ready', resolve)),
    new Promise((resolve) => setTimeout(resolve, 1000).unref()),
  ]).then(() => (starting = null));
  return {
    async hit(key, limit, windowSeconds, weight = 1) {
      if (starting) await starting;
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowSeconds * 1000), String(weight))) as [number, number];
        return { allowed: count <= limit, remaining: Math.max(0, limit - count), retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
      } catch {
        return local.hit(key, limit, windowSeconds, weight);
      }
    },
    get shared() {
      return redis.status === 'ready';
    },
    async close() {
      await local.close();
      redis.disconnect();
    },
  };
}
