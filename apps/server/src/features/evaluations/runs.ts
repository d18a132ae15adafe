import type { EvaluationResult, EvaluationRun, EvaluationRunDetail, EvaluationRunList, EvaluationScore } from '@parley/shared/contracts/evaluations';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { evaluationQuestions, evaluationResults, evaluationRuns, knowledgeSources } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/queue';
import { AppError } from '../../lib/app-error';
import { findChatbotInOrganization } from '../chatbots/index';
import type { ChatbotScope } from './questions';

export const EVALUATION_JOB = 'evaluation-run';
export interface EvaluationJobData {
  runId: string;
}

type RunRow = typeof evaluationRuns.$inferSelect;

const score = (correct: number, counted: number): EvaluationScore => ({ correct, counted, rate: counted === 0 ? null : correct / counted });

export function toRun(row: RunRow): EvaluationRun {
  return {
    id: row.id,
    status: row.status,
    trigger: row.trigger,
    progress: { done: row.progressDone, total: row.progressTotal },
    error: row.error,
    summary:
      row.status === 'done'
        ? {
            retrieval: score(row.retrievalHits, row.retrievalChecked),
            answers: score(row.answersCorrect, row.answersChecked),
            declines: score(row.declinesCorrect, row.declinesChecked),
            overall: score(row.answersCorrect + row.declinesCorrect, row.answersChecked + row.declinesChecked),
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const UNFINISHED = ['queued', 'running'] as const;

function requireQueue(jobs: JobQueue | null): JobQueue {
  if (!jobs) throw new AppError('SERVICE_UNAVAILABLE', 'Evaluations are not running on this server. Try again shortly.');
  return jobs;
}

/** Starts a run of the chatbot's evaluation set now: 409 while another is waiting or running, or when the set is empty. */
export async function startRun(db: Db, jobs: JobQueue | null, scope: ChatbotScope): Promise<EvaluationRun> {
  const chatbot = await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  const queue = requireQueue(jobs);
  const [questions] = await db.select({ n: count() }).from(evaluationQuestions).where(eq(evaluationQuestions.chatbotId, chatbot.id));
  if (Number(questions?.n ?? 0) === 0) throw new AppError('CONFLICT', 'Add a question to the evaluation set before running it.');
  const busy = () => new AppError('CONFLICT', 'An evaluation of this chatbot is already waiting or running. Wait for it to finish.');
  const [unfinished] = await db
    .select({ id: evaluationRuns.id })
    .from(evaluationRuns)
    .where(and(eq(evaluationRuns.chatbotId, chatbot.id), inArray(evaluationRuns.status, UNFINISHED)))
    .limit(1);
  if (unfinished) throw busy();
  const run = await queue.transaction(db, [EVALUATION_JOB], async (tx, send) => {
    // Two clicks at once: the one-queued-run index lets one in.
    const [created] = await tx
      .insert(evaluationRuns)
      .values({ chatbotId: chatbot.id, organizationId: chatbot.organizationId, trigger: 'manual', createdBy: scope.userId })
      .onConflictDoNothing()
      .returning();
    if (created) await send<EvaluationJobData>(EVALUATION_JOB, { runId: created.id });
    return created;
  });
  if (!run) throw busy();
  return toRun(run);
}

const chatbotOfSource = async (db: Db, sourceId: string) =>
  (await db.select({ chatbotId: knowledgeSources.chatbotId }).from(knowledgeSources).where(eq(knowledgeSources.id, sourceId)))[0]?.chatbotId;

/**
 * After the chatbot's training data changed (a source processed or deleted), a run with trigger
 * 'training-data-changed' — when it has questions. Debounced: a run already waiting is reused (the changes since it
 * was queued are in what it will read), so a chatbot has at most one waiting run. Never throws: the change itself
 * succeeded, and a missed run only delays the next score.
 */
export async function queueRunAfterTrainingChange(
  deps: { db: Db; jobs: JobQueue | null; log: FastifyBaseLogger },
  change: { chatbotId: string } | { sourceId: string },
): Promise<string | null> {
  const { db, jobs } = deps;
  if (!jobs) return null;
  try {
    const chatbotId = 'chatbotId' in change ? change.chatbotId : await chatbotOfSource(db, change.sourceId);
    if (!chatbotId) return null;
    // The set's first question says whether there is one, and the organization the run belongs to.
    const [question] = await db
      .select({ organizationId: evaluationQuestions.organizationId })
      .from(evaluationQuestions)
      .where(eq(evaluationQuestions.chatbotId, chatbotId))
      .limit(1);
    if (!question) return null;
    return await jobs.transaction(db, [EVALUATION_JOB], async (tx, send) => {
      const [waiting] = await tx
        .select({ id: evaluationRuns.id })
        .from(evaluationRuns)
        .where(and(eq(evaluationRuns.chatbotId, chatbotId), eq(evaluationRuns.status, 'queued')));
      if (waiting) return waiting.id;
      const [created] = await tx
        .insert(evaluationRuns)
        .values({ chatbotId, organizationId: question.organizationId, trigger: 'training-data-changed' })
        .onConflictDoNothing()
        .returning({ id: evaluationRuns.id });
      if (created) await send<EvaluationJobData>(EVALUATION_JOB, { runId: created.id });
      return created?.id ?? null;
    });
  } catch (error) {
    deps.log.warn({ err: error, ...change }, 'evaluation after a training data change could not be queued');
    return null;
  }
}

/** One page of the chatbot's runs, newest first. */
export async function listRuns(db: Db, scope: Omit<ChatbotScope, 'userId'>, page: { page: number; pageSize: number }): Promise<EvaluationRunList> {
  await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  const ofChatbot = eq(evaluationRuns.chatbotId, scope.chatbotId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(evaluationRuns)
      .where(ofChatbot)
      .orderBy(desc(evaluationRuns.createdAt), desc(evaluationRuns.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ n: count() }).from(evaluationRuns).where(ofChatbot),
  ]);
  return { items: rows.map(toRun), total: Number(total?.n ?? 0), page: page.page, pageSize: page.pageSize };
}

/** A run with each question's result, in the set's order (newest question first, as the set is listed). */
export async function readRun(db: Db, scope: Omit<ChatbotScope, 'userId'> & { runId: string }): Promise<EvaluationRunDetail> {
  await findChatbotInOrganization(db, scope.organizationId, scope.chatbotId);
  const [run] = await db
    .select()
    .from(evaluationRuns)
    .where(and(eq(evaluationRuns.id, scope.runId), eq(evaluationRuns.chatbotId, scope.chatbotId)));
  if (!run) throw new AppError('NOT_FOUND', 'Evaluation run not found.');
  const rows = await db
    .select({ result: evaluationResults, expectedSourceName: knowledgeSources.name })
    .from(evaluationResults)
    .leftJoin(knowledgeSources, eq(knowledgeSources.id, evaluationResults.expectedSourceId))
    .where(eq(evaluationResults.runId, run.id))
    .orderBy(asc(evaluationResults.position));
  const results = rows.map(({ result, expectedSourceName }): EvaluationResult => ({
    id: result.id,
    questionId: result.questionId,
    question: result.question,
    expectedAnswer: result.expectedAnswer,
    expectedSourceId: result.expectedSourceId,
    expectedSourceName,
    shouldDecline: result.shouldDecline,
    isEvaluated: result.evaluatedAt !== null,
    retrievalHit: result.retrievalHit,
    expectedSourceRank: result.expectedSourceRank,
    answered: result.answered,
    answer: result.answer,
    answerCoverage: result.answerCoverage,
    isCorrect: result.isCorrect,
    retrievedSourceIds: result.retrievedSourceIds,
    citedSourceIds: result.citedSourceIds,
  }));
  return { run: toRun(run), results };
}
