import type { PublicLanding } from '@parley/shared/contracts/landing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/public/landing: the live demo chatbot the operator chose for the landing page, or null (no sign-in needed). */
export function getPublicLanding({ signal }: { signal?: AbortSignal } = {}): Promise<PublicLanding> {
  return api.get<PublicLanding>('/api/public/landing', { signal });
}

export function getPublicLandingQueryOptions() {
  return queryOptions({ queryKey: ['public-landing'], queryFn: ({ signal }) => getPublicLanding({ signal }), staleTime: 5 * 60_000 });
}

export function usePublicLanding() {
  return useQuery(getPublicLandingQueryOptions());
}
