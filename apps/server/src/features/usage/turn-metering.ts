import { sql, type SQLWrapper } from 'drizzle-orm';
import { usageLedger } from '../../db/schema/index';
import type { ChatTurnSubscriber } from '../../services/chat-turns';
import { monthUsageLock, takeFromBalance } from '../../services/token-ledger';
import { pastAllowance } from './metering';
import { LOWEST_THRESHOLD, noticeUsageThresholds } from './thresholds';
import { UNLIMITED } from './service';

/**
 * A metered chat turn's usage: the question's and the answer's usage rows, written in the turn's statement with the
 * month's counter locked (and read) first — the rows' trigger adds to it at the end of the statement — then, under that
 * lock, the part past the monthly allowance taken from the token balance, exactly, and the thresholds the turn reached.
 * An unlimited month has neither; a month that stays below the lowest threshold (which is below the limit) after the
 * turn has nothing to do after the statement, so the turn is written without a transaction (decisions/0055-one-statement-turns.md).
 */
export const usageTurns: ChatTurnSubscriber = {
  name: 'usage',
  write(db, turn, context) {
    const { chatbot, metering } = turn;
    if (!metering) return null;
    const ids = { organizationId: chatbot.organizationId, chatbotId: chatbot.id };
    const metered = turn.question.tokens + turn.answer.tokens;
    const { limit } = metering;
    const statements: [string, SQLWrapper][] = [
      ['month', monthUsageLock(db, chatbot.organizationId)],
      [
        'usage',
        db.insert(usageLedger).values([
          { ...ids, messageId: turn.question.id, tokenType: 'input', tokens: turn.question.tokens },
          { ...ids, messageId: turn.answer.id, tokenType: 'output', tokens: turn.answer.tokens },
        ]),
      ],
    ];
    if (limit === UNLIMITED) return { statements };
    const lockedMonth = sql`(SELECT ${sql.identifier('tokens')} FROM ${sql.identifier('month')})`;
    // The month's figure in the statement decides; the limit check's figure is a guess of it, so a month already near
    // its threshold goes straight to the transaction rather than being written twice.
    const mayHaveWork = (metering.usedAtStart + metered) * 100 >= limit * LOWEST_THRESHOLD;
    return {
      statements,
      returns: [['used_before', lockedMonth]],
      ...(mayHaveWork ? {} : { afterStatementOnlyIf: sql`(${lockedMonth} + ${metered}::bigint) * 100 >= ${limit * LOWEST_THRESHOLD}::bigint` }),
      async afterStatement(tx, returned) {
        const usedBefore = Number(returned.used_before ?? 0);
        await takeFromBalance(tx, {
          organizationId: chatbot.organizationId,
          tokens: pastAllowance(usedBefore, usedBefore + metered, limit),
          reason: 'overage_taken',
          reference: metering.reference,
          detail: metering.detail,
        });
        await noticeUsageThresholds(tx, { jobs: context.jobs, ...(context.readCache ? { readCache: context.readCache } : {}) }, chatbot.organizationId, {
          use: { usedBefore, limit, metered },
        });
      },
    };
  },
};
