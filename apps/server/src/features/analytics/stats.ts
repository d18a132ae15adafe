import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatStatsHourly, questionStatsDaily } from '../../db/schema/index';

/** The UTC hour a moment falls in: the rollup's bucket. */
export function hourOf(at: Date): Date {
  const hour = new Date(at);
  hour.setUTCMinutes(0, 0, 0);
  return hour;
}

export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export interface ChatStatsDelta {
  chatbotId: string;
  organizationId: string;
  /** When it happened (the hour of the question for a turn's outcome, of the answer for a rating). */
  at: Date;
  conversations?: number;
  questions?: number;
  answered?: number;
  declined?: number;
  handoffs?: number;
  errors?: number;
  tokens?: number;
  latencyMs?: number;
  thumbsUp?: number;
  thumbsDown?: number;
}

/**
 * Adds to one chatbot-hour of the rollup (negative numbers take away: a changed rating). Every turn of a chatbot in
 * an hour updates the same row, which stays locked until the transaction commits: make it the transaction's last
 * statement, so concurrent turns wait for a commit rather than for the rest of another turn's round trips.
 */
export async function addChatStats(db: Db, delta: ChatStatsDelta): Promise<void> {
  await chatStatsUpsert(db, delta);
}

/** addChatStats's statement, unrun: a chat turn writes it as a part of its one statement (chat/service.ts). */
export function chatStatsUpsert(db: Db, delta: ChatStatsDelta) {
  const values = {
    chatbotId: delta.chatbotId,
    organizationId: delta.organizationId,
    hour: hourOf(delta.at),
    conversations: delta.conversations ?? 0,
    questions: delta.questions ?? 0,
    answered: delta.answered ?? 0,
    declined: delta.declined ?? 0,
    handoffs: delta.handoffs ?? 0,
    errors: delta.errors ?? 0,
    tokens: delta.tokens ?? 0,
    latencyMsSum: delta.latencyMs ?? 0,
    latencyCount: delta.latencyMs === undefined ? 0 : 1,
    thumbsUp: delta.thumbsUp ?? 0,
    thumbsDown: delta.thumbsDown ?? 0,
  };
  const add = (column: keyof typeof values & string) => {
    const name = chatStatsHourly[column as 'questions'].name;
    return sql`${chatStatsHourly[column as 'questions']} + excluded.${sql.identifier(name)}`;
  };
  return db
    .insert(chatStatsHourly)
    .values(values)
    .onConflictDoUpdate({
      target: [chatStatsHourly.chatbotId, chatStatsHourly.hour],
      set: {
        conversations: add('conversations'),
        questions: add('questions'),
        answered: add('answered'),
        declined: add('declined'),
        handoffs: add('handoffs'),
        errors: add('errors'),
        tokens: add('tokens'),
        latencyMsSum: add('latencyMsSum'),
        latencyCount: add('latencyCount'),
        thumbsUp: add('thumbsUp'),
        thumbsDown: add('thumbsDown'),
      },
    });
}

/** Counts one asked question in its group for the day (and whether it was answered). */
export async function addQuestionStats(db: Db, input: QuestionStatsDelta): Promise<void> {
  await questionStatsUpsert(db, input);
}

export interface QuestionStatsDelta {
  chatbotId: string;
  organizationId: string;
  at: Date;
  questionKey: string;
  question: string;
  answered: boolean;
}

/** addQuestionStats's statement, unrun (see chatStatsUpsert). */
export function questionStatsUpsert(db: Db, input: QuestionStatsDelta) {
  return db
    .insert(questionStatsDaily)
    .values({
      chatbotId: input.chatbotId,
      organizationId: input.organizationId,
      day: utcDay(input.at),
      questionKey: input.questionKey,
      asked: 1,
      answered: input.answered ? 1 : 0,
      sample: input.question.slice(0, 500),
      lastAskedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [questionStatsDaily.chatbotId, questionStatsDaily.day, questionStatsDaily.questionKey],
      set: {
        asked: sql`${questionStatsDaily.asked} + 1`,
        answered: sql`${questionStatsDaily.answered} + excluded.answered`,
        sample: sql`CASE WHEN excluded.last_asked_at >= ${questionStatsDaily.lastAskedAt} THEN excluded.sample ELSE ${questionStatsDaily.sample} END`,
        lastAskedAt: sql`greatest(${questionStatsDaily.lastAskedAt}, excluded.last_asked_at)`,
      },
    });
}
