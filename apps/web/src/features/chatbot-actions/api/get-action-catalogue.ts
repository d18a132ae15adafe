import type { ActionCatalogue } from '@parley/shared/contracts/chatbot-actions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotActionsPath, chatbotActionsQueryRoot } from './get-chatbot-actions';

/** GET the operator's published action templates, each with the action it starts (a name still free on this chatbot). */
export function getActionCatalogue(chatbotId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ActionCatalogue> {
  return api.get<ActionCatalogue>(`${chatbotActionsPath(chatbotId)}/catalogue`, { signal });
}

export function getActionCatalogueQueryOptions(chatbotId: string) {
  return queryOptions({
    queryKey: [...chatbotActionsQueryRoot(chatbotId), 'catalogue'],
    queryFn: ({ signal }) => getActionCatalogue(chatbotId, { signal }),
  });
}

/** Read only while the picker is open. */
export function useActionCatalogue(chatbotId: string, { isEnabled }: { isEnabled: boolean }) {
  return useQuery({ ...getActionCatalogueQueryOptions(chatbotId), enabled: isEnabled });
}
