import type { AdminRole } from '@parley/shared/access';
import type { AdminUser } from '@parley/shared/contracts/admin-users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getAdminUsersQueryOptions } from './get-admin-users';

export interface CreateAdminUserInput {
  userId: string;
  role: AdminRole;
}

/** POST /api/admin/admin-users: make an existing user an admin. */
export function createAdminUser(input: CreateAdminUserInput): Promise<AdminUser> {
  return api.post<AdminUser>('/api/admin/admin-users', input);
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getAdminUsersQueryOptions().queryKey }),
  });
}
