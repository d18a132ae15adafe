import type { N8nConnectionResult } from '@parley/shared/contracts/system-configuration';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/system-configuration/test-n8n: the server requests the URL (public addresses only) and reports. */
export function testN8nConnection(url: string): Promise<N8nConnectionResult> {
  return api.post<N8nConnectionResult>('/api/admin/system-configuration/test-n8n', { url });
}

export function useTestN8nConnection() {
  return useMutation({ mutationFn: testN8nConnection });
}
