import type { AdminRole } from '@parley/shared/access';
import type { AdminUser } from '@parley/shared/contracts/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAdminUsersQueryOptions } from './get-admin-users';

export interface UpdateAdminUserInput {
  id: string;
  role?: AdminRole;
  isActive?: boolean;
}

/** PATCH /api/admin/admin-users/:id: role and/or active flag. The server refuses one's own role and the last system_admin. */
export function updateAdminUser({ id, ...changes }: UpdateAdminUserInput): Promise<AdminUser> {
  return api.patch<AdminUser>(`/api/admin/admin-users/${encodeURIComponent(id)}`, changes);
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: getAdminUsersQueryOptions().queryKey });
      // The change may be the admin's own record.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'me'] });
    },
  });
}
