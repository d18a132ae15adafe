import type { SQLWrapper } from 'drizzle-orm';
import type { ChatTurn, ChatTurnSubscriber } from '../../services/chat-turns';
import { chatStatsUpsert, hourOf, questionStatsUpsert } from './stats';

/** How a bot turn ended, as the rollup counts it (see rebuild.ts). */
function outcomeCounts(answer: ChatTurn['answer']) {
  const { outcome, latencyMs } = answer;
  return {
    questions: 1,
    answered: outcome === 'answered' ? 1 : 0,
    declined: outcome === 'declined' || outcome === 'limited' ? 1 : 0,
    errors: outcome === 'error' ? 1 : 0,
    latencyMs: outcome === 'answered' || outcome === 'declined' ? latencyMs : undefined,
  };
}

/**
 * A chat turn in the analytics rollups, in the turn's statement: the question's hour (with the conversation it
 * started) and day, the answer's hour (see rebuild.ts). The owner's test chat is left out. Every turn of the chatbot
 * this hour adds to one chat_stats_hourly row, locked until the transaction commits.
 */
export const analyticsTurns: ChatTurnSubscriber = {
  name: 'analytics',
  write(tx, turn) {
    if (turn.channel === 'test') return null;
    const { chatbot, question, answer } = turn;
    const ids = { chatbotId: chatbot.id, organizationId: chatbot.organizationId };
    const upserts: SQLWrapper[] = [];
    if (question.questionKey) {
      upserts.push(
        questionStatsUpsert(tx, {
          ...ids,
          at: question.at,
          questionKey: question.questionKey,
          question: question.content,
          answered: answer.outcome === 'answered',
        }),
      );
    }
    const started = turn.conversation.isNew ? 1 : 0;
    const answerRow = { ...ids, at: answer.at, tokens: answer.tokens, ...outcomeCounts(answer) };
    if (hourOf(question.at).getTime() === hourOf(answer.at).getTime()) {
      upserts.push(chatStatsUpsert(tx, { ...answerRow, conversations: started, tokens: answer.tokens + question.tokens }));
    } else {
      upserts.push(chatStatsUpsert(tx, { ...ids, at: question.at, conversations: started, tokens: question.tokens }));
      upserts.push(chatStatsUpsert(tx, answerRow));
    }
    return { statements: upserts.map((upsert, i) => [`stats_${i}`, upsert]) };
  },
};
