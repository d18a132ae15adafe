import { Redis } from 'ioredis';

/** The Redis the tests use (TEST_REDIS_URL, else the local default). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** Empty when Redis answers; otherwise why the tests that need it are skipped (printed by the caller). */
export async function redisSkipReason(): Promise<string> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    await probe.ping();
    return '';
  } catch (error) {
    return `Redis is not reachable at ${TEST_REDIS_URL} (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    probe.disconnect();
  }
}
