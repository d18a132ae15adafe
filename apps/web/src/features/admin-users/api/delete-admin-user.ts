import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAdminUsersQueryOptions } from './get-admin-users';

/** DELETE /api/admin/admin-users/:id: the user stays a customer, without admin rights. */
export function deleteAdminUser(id: string): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/api/admin/admin-users/${encodeURIComponent(id)}`);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getAdminUsersQueryOptions().queryKey });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'me'] });
    },
  });
}
