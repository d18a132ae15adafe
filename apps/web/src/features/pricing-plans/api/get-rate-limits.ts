import type { RateLimitStatus } from '@parley/shared/contracts/pricing-plans';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/admin/pricing/rate-limits: the limits the server enforces or only tracks. */
export function getRateLimits({ signal }: { signal?: AbortSignal } = {}): Promise<RateLimitStatus[]> {
  return api.get<{ items: RateLimitStatus[] }>('/api/admin/pricing/rate-limits', { signal }).then((body) => body.items);
}

export function useRateLimits() {
  return useQuery(queryOptions({ queryKey: ['admin', 'pricing-rate-limits'], queryFn: ({ signal }) => getRateLimits({ signal }) }));
}
