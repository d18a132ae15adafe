import type { SaveTokenConversionBody, TokenConversion } from '@parley/shared/contracts/token-conversion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { TOKEN_CONVERSION_QUERY_ROOT } from './get-token-conversion';

/** PUT /api/admin/token-conversion: the three parts together; the server clears every process's cached rules. */
export function saveTokenConversion(body: SaveTokenConversionBody): Promise<TokenConversion> {
  return request<TokenConversion>('/api/admin/token-conversion', { method: 'PUT', body });
}

export function useSaveTokenConversion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTokenConversion,
    onSuccess: (saved) => {
      queryClient.setQueryData([...TOKEN_CONVERSION_QUERY_ROOT, 'current'], saved);
      return queryClient.invalidateQueries({ queryKey: TOKEN_CONVERSION_QUERY_ROOT });
    },
  });
}
