import { messageActionCalls } from '../../db/schema/index';
import type { ChatTurnSubscriber } from '../../services/chat-turns';

/**
 * The action calls of a chat turn, written in the turn's one statement (decisions/0042-chat-turn-event.md), beside the
 * answer they were made for: a turn rolled back leaves no call behind, and a stored answer never lacks its calls.
 */
export const actionCallTurns: ChatTurnSubscriber = {
  name: 'chatbot actions',
  write(tx, turn) {
    const calls = turn.actionCalls ?? [];
    if (calls.length === 0) return null;
    return {
      statements: [
        [
          'message_action_calls',
          tx.insert(messageActionCalls).values(
            calls.map((call) => ({
              messageId: turn.answer.id,
              conversationId: turn.conversation.id,
              chatbotId: turn.chatbot.id,
              actionId: call.actionId,
              actionName: call.actionName,
              actionKind: call.actionKind,
              targetHost: call.targetHost,
              arguments: call.arguments ?? {},
              resultExcerpt: call.resultExcerpt,
              error: call.error,
              httpStatus: call.httpStatus,
              durationMs: call.durationMs,
              createdAt: call.at,
            })),
          ),
        ],
      ],
    };
  },
};
