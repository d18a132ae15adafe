import { createRequire } from 'node:module';
import type * as IORedis from 'ioredis';
import type Stripe from 'stripe';

const requireModule = createRequire(import.meta.url);

/**
 * A CommonJS package loaded on first use instead of at start-up (issue 10: start to healthy ≤ 2 s). For packages
 * only some installations use — SMTP, Redis, Stripe, the HTML converter — so the rest never pay to load them.
 * Synchronous, so the factories that use them stay synchronous.
 */
export function lazyRequire<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireModule(name) as T);
}

/** ioredis: only with REDIS_URL (rate limits, realtime and caches shared between nodes). */
export const loadRedis = lazyRequire<typeof IORedis>('ioredis');

/** The Stripe SDK: only with Stripe keys, and to sign and verify Stripe-shaped events (the sandbox's too). */
export const loadStripe = lazyRequire<typeof Stripe>('stripe');
