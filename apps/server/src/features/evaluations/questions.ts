import {
  EVALUATION_QUESTION_MAX,
  EVALUATION_QUESTIONS_MAX,
  type EvaluationQuestion,
  type EvaluationQuestionInput,
  type EvaluationQuestionList,
} from '@parley/shared/contracts/evaluations';
import { and, count, desc, eq, lte, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { conversations, evaluationQuestions, knowledgeSources, messages, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { findChatbotInOrganization } from '../chatbots/index';

/** Who is acting, and on which chatbot of which organization. */
export interface ChatbotScope {
  organizationId: string;
  chatbotId: string;
  userId: string;
}

const questionColumns = {
  id: evaluationQuestions.id,
  question: evaluationQuestions.question,
  expectedAnswer: evaluationQuestions.expectedAnswer,
  expectedSourceId: evaluationQuestions.expectedSourceId,
  expectedSourceName: knowledgeSources.name,
  shouldDecline: evaluationQuestions.shouldDecline,
  origin: evaluationQuestions.origin,
  messageId: evaluationQuestions.sourceMessageId,
  createdByName: users.name,
  createdAt: evaluationQuestions.createdAt,
  updatedAt: evaluationQuestions.updatedAt,
};

/** The question rows with their expected source's name (null once deleted) and their author's. */
const selectQuestions = (db: Db) =>
  db
    .select(questionColumns)
    .from(evaluationQuestions)
    .leftJoin(knowledgeSources, eq(knowledgeSources.id, evaluationQuestions.expectedSourceId))
    .leftJoin(users, eq(users.id, evaluationQuestions.createdBy))
    .$dynamic();

const toQuestion = (row: Awaited<ReturnType<typeof selectQuestions>>[number]): EvaluationQuestion => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function readQuestion(db: Db, chatbotId: string, questionId: string): Promise<EvaluationQuestion> {
  const [row] = await selectQuestions(db).where(and(eq(evaluationQuestions.id, questionId), eq(evaluationQuestions.chatbotId, chatbotId)));
  if (!row) throw new AppError('NOT_FOUND', 'Question not found.');
  return toQuestion(row);
}

const countQuestions = async (db: Db, chatbotId: string) =>
  Number((await db.select({ n: count() }).from(evaluationQuestions).where(eq(evaluationQuestions.chatbotId, chatbotId)))[0]?.n ?? 0);

/** One page of a chatbot's evaluation set, newest first. */
export async function listQuestions(db: Db, scope: Omit<ChatbotScope, 'userId'>, page: { page: number; pageSize: number }): Promise<EvaluationQuestionList> {
  await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  const [rows, total] = await Promise.all([
    selectQuestions(db)
      .where(eq(evaluationQuestions.chatbotId, scope.chatbotId))
      .orderBy(desc(evaluationQuestions.createdAt), desc(evaluationQuestions.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    countQuestions(db, scope.chatbotId),
  ]);
  return { items: rows.map(toQuestion), total, page: page.page, pageSize: page.pageSize, remaining: Math.max(0, EVALUATION_QUESTIONS_MAX - total) };
}

/** The expected source must be one of this chatbot's (a 400 naming the field otherwise). */
async function checkExpectedSource(db: Db, chatbotId: string, sourceId: string | null): Promise<void> {
  if (!sourceId) return;
  const [source] = await db
    .select({ id: knowledgeSources.id })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.id, sourceId), eq(knowledgeSources.chatbotId, chatbotId)));
  if (!source) throw new AppError('VALIDATION_ERROR', 'expectedSourceId: Expected source must be one of the chatbot’s sources');
}

async function checkRoom(db: Db, chatbotId: string): Promise<void> {
  if ((await countQuestions(db, chatbotId)) >= EVALUATION_QUESTIONS_MAX) {
    throw new AppError('CONFLICT', `An evaluation set holds at most ${EVALUATION_QUESTIONS_MAX} questions. Delete some before adding more.`);
  }
}

export async function addQuestion(db: Db, scope: ChatbotScope, input: EvaluationQuestionInput): Promise<EvaluationQuestion> {
  const chatbot = await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  await checkExpectedSource(db, chatbot.id, input.expectedSourceId);
  await checkRoom(db, chatbot.id);
  const [created] = await db
    .insert(evaluationQuestions)
    .values({ chatbotId: chatbot.id, organizationId: chatbot.organizationId, ...input, origin: 'typed', createdBy: scope.userId })
    .returning({ id: evaluationQuestions.id });
  return readQuestion(db, chatbot.id, created!.id);
}

/** Replaces a question's wording and expectations (its origin and author stay). */
export async function updateQuestion(db: Db, scope: ChatbotScope & { questionId: string }, input: EvaluationQuestionInput): Promise<EvaluationQuestion> {
  await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  await checkExpectedSource(db, scope.chatbotId, input.expectedSourceId);
  const [updated] = await db
    .update(evaluationQuestions)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(evaluationQuestions.id, scope.questionId), eq(evaluationQuestions.chatbotId, scope.chatbotId)))
    .returning({ id: evaluationQuestions.id });
  if (!updated) throw new AppError('NOT_FOUND', 'Question not found.');
  return readQuestion(db, scope.chatbotId, updated.id);
}

/** Deletes a question; the runs that asked it keep their copy of it. */
export async function deleteQuestion(db: Db, scope: Omit<ChatbotScope, 'userId'> & { questionId: string }): Promise<void> {
  await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  const removed = await db
    .delete(evaluationQuestions)
    .where(and(eq(evaluationQuestions.id, scope.questionId), eq(evaluationQuestions.chatbotId, scope.chatbotId)))
    .returning({ id: evaluationQuestions.id });
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'Question not found.');
}

/**
 * Adds the visitor's question that an answer of this chatbot replied to (an answer that got a thumbs-down, typically):
 * the conversation's last visitor message before the answer. Its expected answer and source are left for the owner
 * to fill in: the answer given was not the right one.
 */
export async function addQuestionFromMessage(db: Db, scope: ChatbotScope, messageId: string): Promise<EvaluationQuestion> {
  const chatbot = await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  const [answer] = await db
    .select({ id: messages.id, conversationId: messages.conversationId, createdAt: messages.createdAt })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messages.id, messageId), eq(messages.role, 'assistant'), eq(conversations.chatbotId, chatbot.id)));
  if (!answer) throw new AppError('NOT_FOUND', 'Answer not found.');
  const [asked] = await db
    .select({ content: messages.content })
    .from(messages)
    .where(
      and(eq(messages.conversationId, answer.conversationId), eq(messages.role, 'user'), lte(messages.createdAt, answer.createdAt), ne(messages.id, answer.id)),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  const question = asked?.content.trim().slice(0, EVALUATION_QUESTION_MAX);
  if (!question) throw new AppError('VALIDATION_ERROR', 'messageId: This answer has no visitor question before it');
  await checkRoom(db, chatbot.id);
  const [created] = await db
    .insert(evaluationQuestions)
    .values({
      chatbotId: chatbot.id,
      organizationId: chatbot.organizationId,
      question,
      origin: 'conversation',
      sourceMessageId: answer.id,
      createdBy: scope.userId,
    })
    .onConflictDoNothing()
    .returning({ id: evaluationQuestions.id });
  if (!created) throw new AppError('CONFLICT', 'This answer’s question is already in the evaluation set.');
  return readQuestion(db, chatbot.id, created.id);
}
