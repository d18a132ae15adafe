import type { AdminMe } from '@parley/shared/contracts/admin-auth';
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * POST /api/admin/bootstrap: the caller becomes the first system_admin; 409 once any admin exists. The page reloads
 * afterwards (spec part 1 §4), so the cached admin status is not patched here.
 */
export function bootstrapAdmin(): Promise<AdminMe> {
  return api.post<AdminMe>('/api/admin/bootstrap', {});
}

export function useBootstrapAdmin(options?: Omit<UseMutationOptions<AdminMe, Error, void>, 'mutationFn'>) {
  return useMutation({ ...options, mutationFn: bootstrapAdmin });
}
