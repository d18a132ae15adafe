import type { TokenPackage, TokenPackageBody, UpdateTokenPackageBody } from '@parley/shared/contracts/token-packages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client';
import { TOKEN_PACKAGES_QUERY_ROOT } from './get-token-packages';

export interface SaveTokenPackageInput {
  /** null: a new package. */
  id: string | null;
  /** A change carries the version it was made on (expectedUpdatedAt). */
  body: TokenPackageBody | UpdateTokenPackageBody;
}

/** POST /api/admin/token-packages to add, PUT /api/admin/token-packages/:id to change (spec §7 upsert). */
export function saveTokenPackage({ id, body }: SaveTokenPackageInput): Promise<TokenPackage> {
  return id === null
    ? api.post<TokenPackage>('/api/admin/token-packages', body)
    : request<TokenPackage>(`/api/admin/token-packages/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

export function useSaveTokenPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTokenPackage,
    // Also after a failure: a 409 means another admin saved the package, and the list shows their values.
    onSettled: () => queryClient.invalidateQueries({ queryKey: TOKEN_PACKAGES_QUERY_ROOT }),
  });
}
