import { sql } from 'drizzle-orm';
import { usageLedger } from '../../db/schema/index';
import type { ChatTurnSubscriber } from '../../services/chat-turns';
import { monthUsageLock, takeFromBalance } from '../../services/token-ledger';
import { pastAllowance } from './metering';
import { noticeUsageThresholds } from './thresholds';

/**
 * A metered chat turn's usage: the question's and the answer's usage rows, written in the turn's statement with the
 * month's counter locked (and read) first — the rows' trigger adds to it at the end of the statement — then, under that
 * lock, the part past the monthly allowance taken from the token balance, exactly, and the thresholds the turn reached.
 */
export const usageTurns: ChatTurnSubscriber = {
  name: 'usage',
  write(tx, turn, context) {
    const { chatbot, metering } = turn;
    if (!metering) return null;
    const ids = { organizationId: chatbot.organizationId, chatbotId: chatbot.id };
    const metered = turn.question.tokens + turn.answer.tokens;
    return {
      statements: [
        ['month', monthUsageLock(tx, chatbot.organizationId)],
        [
          'usage',
          tx.insert(usageLedger).values([
            { ...ids, messageId: turn.question.id, tokenType: 'input', tokens: turn.question.tokens },
            { ...ids, messageId: turn.answer.id, tokenType: 'output', tokens: turn.answer.tokens },
          ]),
        ],
      ],
      returns: [['used_before', sql`(SELECT ${sql.identifier('tokens')} FROM ${sql.identifier('month')})`]],
      async afterStatement(tx, returned) {
        const usedBefore = Number(returned.used_before ?? 0);
        await takeFromBalance(tx, {
          organizationId: chatbot.organizationId,
          tokens: pastAllowance(usedBefore, usedBefore + metered, metering.limit),
          reason: 'overage_taken',
          reference: metering.reference,
          detail: metering.detail,
        });
        await noticeUsageThresholds(tx, { jobs: context.jobs, ...(context.readCache ? { readCache: context.readCache } : {}) }, chatbot.organizationId, {
          use: { usedBefore, limit: metering.limit, metered },
        });
      },
    };
  },
};
