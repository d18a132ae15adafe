import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TOKEN_PACKAGES_QUERY_ROOT } from './get-token-packages';

/** DELETE /api/admin/token-packages/:id. */
export function deleteTokenPackage(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/token-packages/${encodeURIComponent(id)}`);
}

export function useDeleteTokenPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTokenPackage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TOKEN_PACKAGES_QUERY_ROOT }),
  });
}
