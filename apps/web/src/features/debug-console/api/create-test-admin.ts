import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface TestAdminInput {
  email: string;
  password: string;
}

/**
 * POST /api/admin/debug/test-admin: creates a confirmed user holding system_admin. The server allows it only when it
 * runs in development mode and answers 403 with the reason otherwise.
 */
export function createTestAdmin(input: TestAdminInput): Promise<{ userId: string; email: string }> {
  return api.post<{ userId: string; email: string }>('/api/admin/debug/test-admin', input);
}

export function useCreateTestAdmin() {
  return useMutation({ mutationFn: createTestAdmin });
}
