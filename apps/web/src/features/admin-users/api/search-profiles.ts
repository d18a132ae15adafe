import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ProfileMatch {
  id: string;
  email: string;
  createdAt: string;
}

/** GET /api/admin/profiles/search: users whose e-mail contains the text (case-insensitive), at most 10. */
export function searchProfiles(email: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ items: ProfileMatch[] }> {
  return api.get<{ items: ProfileMatch[] }>('/api/admin/profiles/search', { query: { email }, signal });
}

export function getSearchProfilesQueryOptions(email: string) {
  return queryOptions({ queryKey: ['admin', 'profiles-search', email], queryFn: ({ signal }) => searchProfiles(email, { signal }) });
}

/** Spec part 1 §5: a blank search does nothing. */
export function useSearchProfiles(email: string) {
  return useQuery({ ...getSearchProfilesQueryOptions(email), enabled: email.trim().length > 0 });
}
