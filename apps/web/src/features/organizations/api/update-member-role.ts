import type { AssignableRole, Member } from '@parley/shared/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateTeam } from './invalidate';

/** PATCH /api/organizations/current/members/:userId: admin or member. */
export function updateMemberRole({ userId, role }: { userId: string; role: AssignableRole }): Promise<Member> {
  return api.patch<Member>(`/api/organizations/current/members/${encodeURIComponent(userId)}`, { role });
}

export function useUpdateMemberRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMemberRole, onSettled: () => invalidateTeam(queryClient) });
}
