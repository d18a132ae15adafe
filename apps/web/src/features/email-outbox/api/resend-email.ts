import type { OutboxEmail } from '@parley/shared/contracts/email-outbox';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { OUTBOX_QUERY_KEY } from './get-outbox';

/** POST /api/admin/email-outbox/:id/resend: the same message sent (or kept in the outbox) again. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<OutboxEmail>(`/api/admin/email-outbox/${encodeURIComponent(id)}/resend`, {}, { retry: false }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...OUTBOX_QUERY_KEY, 'list'] }),
  });
}
