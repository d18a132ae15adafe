import type { SQLWrapper } from 'drizzle-orm';
import { apiRequests } from '../../db/schema/index';
import { keyUseStatement } from '../api-keys/index';
import type { ChatTurnSubscriber } from '../../services/chat-turns';
import { noteAnswerUsage, requestLogRow } from './request-usage';

/**
 * A chat turn's request, as the API usage log records it: the answer's tokens and estimated cost noted on the request,
 * and its log row written in the turn's statement (as durable as the turn, no round trip of its own). The owner's test
 * chat and a failed turn leave the row to the recorder, which writes it when the response ends.
 */
export const requestLogTurns: ChatTurnSubscriber = {
  name: 'request log',
  write(tx, turn) {
    if (turn.model) {
      noteAnswerUsage({
        chatbotId: turn.chatbot.id,
        visitorId: turn.channel === 'widget' ? turn.visitorId : null,
        tokens: turn.question.tokens + turn.answer.tokens,
        ...turn.model,
      });
    }
    if (turn.channel === 'test' || turn.answer.outcome === 'error') return null;
    const log = requestLogRow(200);
    if (!log) return null;
    const { row } = log;
    return {
      statements: [
        ['request_log', tx.insert(apiRequests).values(row)],
        // The key's use is counted with its request's row (decisions/0057-api-key-reads.md).
        ...(row.apiKeyId ? ([['api_key_use', keyUseStatement(tx, row.apiKeyId, row.createdAt)]] as [string, SQLWrapper][]) : []),
      ],
      afterCommit: log.markWritten,
    };
  },
};
