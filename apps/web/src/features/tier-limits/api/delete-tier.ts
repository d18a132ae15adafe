import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { TIERS_QUERY_ROOT } from './get-tiers';

/** DELETE /api/admin/tier-limits/:id (with its plan features). */
export function deleteTier(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/tier-limits/${encodeURIComponent(id)}`);
}

export function useDeleteTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTier,
    onSuccess: () =>
      // A tier is a plan: the pricing screen's list changes too.
      Promise.all([queryClient.invalidateQueries({ queryKey: TIERS_QUERY_ROOT }), queryClient.invalidateQueries({ queryKey: ['admin', 'pricing-plans'] })]),
  });
}
