import { UNLIMITED } from '@parley/shared/constants';
import type { ChatbotActionKind, ChatbotActionList } from '@parley/shared/contracts/chatbot-actions';

/** The kind as the builder names it (its badge and the Add action menu). */
export const ACTION_KIND_LABELS: Readonly<Record<ChatbotActionKind, string>> = {
  webhook: 'Webhook',
  mcp: 'MCP tool',
  handoff: 'Hand off to a person',
  contact: 'Contact details',
  n8n: 'n8n workflow',
};

type Limits = ChatbotActionList['limits'];

/** "3 of 5 actions" (or "3 actions" without a limit). */
export function actionCountText(count: number, { maxActionsPerChatbot }: Limits): string {
  if (maxActionsPerChatbot === UNLIMITED) return `${count} action${count === 1 ? '' : 's'} (no limit on your plan)`;
  return `${count} of ${maxActionsPerChatbot} action${maxActionsPerChatbot === 1 ? '' : 's'}`;
}

/** "up to 3 calls per answer". */
export function callsPerAnswerText({ maxActionCallsPerTurn }: Limits): string {
  if (maxActionCallsPerTurn === 0) return 'no action calls while answering on your plan';
  return `up to ${maxActionCallsPerTurn} call${maxActionCallsPerTurn === 1 ? '' : 's'} per answer`;
}

export function isAtActionLimit(count: number, { maxActionsPerChatbot }: Limits): boolean {
  return maxActionsPerChatbot !== UNLIMITED && count >= maxActionsPerChatbot;
}
