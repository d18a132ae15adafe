import type { CalculateTokensResponse } from '@parley/shared/contracts/token-conversion';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/admin/token-conversion/calculate: the server's own meter, so the answer is what a customer is billed. */
export function calculateTokens(text: string): Promise<CalculateTokensResponse> {
  return api.post<CalculateTokensResponse>('/api/admin/token-conversion/calculate', { text });
}

export function useCalculateTokens() {
  return useMutation({ mutationFn: calculateTokens });
}
