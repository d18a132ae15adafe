import type { N8nActionEndpointList } from '@parley/shared/contracts/chatbot-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotActionsPath, chatbotActionsQueryRoot } from './get-chatbot-actions';

/** GET the installation's active n8n webhook endpoints an action may call. */
export function getN8nActionEndpoints(chatbotId: string, { signal }: { signal?: AbortSignal } = {}): Promise<N8nActionEndpointList> {
  return api.get<N8nActionEndpointList>(`${chatbotActionsPath(chatbotId)}/n8n-endpoints`, { signal });
}

export function getN8nActionEndpointsQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: [...chatbotActionsQueryRoot(chatbotId), 'n8n-endpoints'],
    queryFn: ({ signal }) => getN8nActionEndpoints(chatbotId, { signal }),
  });
}

/** Read only while a form of an n8n action is open. */
export function useN8nActionEndpoints(chatbotId: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...getN8nActionEndpointsQueryOptions(chatbotId), enabled: isEnabled });
}
