import type { TestChatbotActionResult } from '@parley/shared/contracts/chatbot-actions';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { chatbotActionsPath } from './get-chatbot-actions';

/** POST …/:actionId/test: the server calls the action now with these sample arguments (checked against its schema). */
export function testChatbotAction(chatbotId: string, actionId: string, args: Record<string, unknown>): Promise<TestChatbotActionResult> {
  return api.post<TestChatbotActionResult>(`${chatbotActionsPath(chatbotId)}/${encodeURIComponent(actionId)}/test`, { arguments: args });
}

export function useTestChatbotAction(chatbotId: string) {
  return useMutation({
    mutationFn: ({ actionId, args }: { actionId: string; args: Record<string, unknown> }) => testChatbotAction(chatbotId, actionId, args),
  });
}
