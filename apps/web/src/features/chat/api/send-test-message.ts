import type { ChatMessageBody, ChatStreamEvent } from '@parley/shared/contracts/chat';
import { api } from '@/lib/api-client';

/**
 * POST /api/chatbots/:id/test-chat: the owner asks the chatbot. Yields the answer's server-sent events as they
 * arrive (`meta`, then `delta`s, then `done` or `error`); pass `conversationId` from `meta` to ask a follow-up.
 */
export function sendTestMessage(
  chatbotId: string,
  body: Pick<ChatMessageBody, 'message' | 'conversationId'>,
  { signal }: { signal?: AbortSignal } = {},
): AsyncGenerator<ChatStreamEvent> {
  return api.stream<ChatStreamEvent>(`/api/chatbots/${encodeURIComponent(chatbotId)}/test-chat`, body, { signal });
}
