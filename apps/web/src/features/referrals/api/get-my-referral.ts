import type { MyReferral } from '@parley/shared/contracts/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/referrals/me: the customer's own link (made on first use) and what it brought. */
export function getMyReferral({ signal }: { signal?: AbortSignal } = {}): Promise<MyReferral> {
  return api.get<MyReferral>('/api/referrals/me', { signal });
}

export function useMyReferral() {
  return useQuery(queryOptions({ queryKey: ['referrals', 'me'], queryFn: ({ signal }) => getMyReferral({ signal }) }));
}
