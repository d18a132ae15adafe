import { and, asc, desc, eq, inArray, isNotNull, isNull, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { chatbots, evaluationQuestions, evaluationResults, evaluationRuns } from '../../db/schema/index';
import { embedderFor } from '../../providers/ai/models';
import { ProviderError } from '../../rag/provider-error';
import { askChatbot, type AskDeps } from './ask';
import { EVALUATION_JOB, type EvaluationJobData } from './runs';
import { scoreOutcome, summarize } from './scoring';

/** The runs a chatbot keeps (newest first); older finished ones are deleted when a run finishes. */
export const RUNS_KEPT = 100;

export interface EvaluationDeps extends AskDeps {
  log: FastifyBaseLogger;
}

/** A failure no retry can fix: the run fails at once with this text. */
class PermanentEvaluationError extends Error {}

/**
 * Claims a run: a waiting run becomes running, with a copy of the chatbot's questions as they are now (its results,
 * not yet evaluated); a running one (an earlier attempt died or failed) carries on where it stopped. Returns null for
 * a finished or deleted run.
 */
async function claimRun(deps: EvaluationDeps, runId: string) {
  return deps.database.db.transaction(async (tx) => {
    const [run] = await tx.select().from(evaluationRuns).where(eq(evaluationRuns.id, runId)).for('update');
    if (!run || run.status === 'done' || run.status === 'failed') return null;
    if (run.status === 'running') return run;
    const questions = await tx
      .select()
      .from(evaluationQuestions)
      .where(eq(evaluationQuestions.chatbotId, run.chatbotId))
      .orderBy(desc(evaluationQuestions.createdAt), desc(evaluationQuestions.id));
    if (questions.length > 0) {
      await tx.insert(evaluationResults).values(
        questions.map((q, position) => ({
          runId: run.id,
          questionId: q.id,
          position,
          question: q.question,
          expectedAnswer: q.expectedAnswer,
          expectedSourceId: q.expectedSourceId,
          shouldDecline: q.shouldDecline,
        })),
      );
    }
    const [claimed] = await tx
      .update(evaluationRuns)
      .set({ status: 'running', startedAt: new Date(), progressDone: 0, progressTotal: questions.length })
      .where(eq(evaluationRuns.id, run.id))
      .returning();
    return claimed!;
  });
}

/**
 * Asks every question of a run that is not asked yet, as the chat would answer it (ask.ts), scores it (scoring.ts)
 * and stores the result with the run's progress; then the summary. Safe to run again for the same run: a finished
 * run is left alone, a running one continues. Throws when another attempt should follow.
 */
export async function runEvaluation(deps: EvaluationDeps, runId: string): Promise<'done' | 'skipped'> {
  const { db } = deps.database;
  const run = await claimRun(deps, runId);
  if (!run) return 'skipped';
  const [chatbot] = await db.select().from(chatbots).where(eq(chatbots.id, run.chatbotId));
  if (!chatbot) return 'skipped';
  try {
    // An embedder that cannot be made (no OpenAI-compatible server configured) fails every question alike.
    embedderFor(deps, chatbot);
  } catch (error) {
    throw new PermanentEvaluationError(error instanceof Error ? error.message : String(error), { cause: error });
  }

  const pending = await db
    .select()
    .from(evaluationResults)
    .where(and(eq(evaluationResults.runId, run.id), isNull(evaluationResults.evaluatedAt)))
    .orderBy(asc(evaluationResults.position));
  let done = run.progressTotal - pending.length;
  for (const result of pending) {
    let observed;
    try {
      observed = await askChatbot(deps, chatbot, result.question);
    } catch (error) {
      if (error instanceof ProviderError) throw new PermanentEvaluationError(error.message, { cause: error });
      throw error;
    }
    const scored = scoreOutcome(result, observed);
    await db
      .update(evaluationResults)
      .set({
        ...scored,
        answer: observed.text,
        retrievedSourceIds: observed.retrievedSourceIds,
        citedSourceIds: observed.citedSourceIds,
        evaluatedAt: new Date(),
      })
      .where(eq(evaluationResults.id, result.id));
    done += 1;
    const [still] = await db.update(evaluationRuns).set({ progressDone: done }).where(eq(evaluationRuns.id, run.id)).returning({ id: evaluationRuns.id });
    // The chatbot (and its runs) was deleted meanwhile.
    if (!still) return 'skipped';
  }

  const scored = await db
    .select({
      expectedSourceId: evaluationResults.expectedSourceId,
      shouldDecline: evaluationResults.shouldDecline,
      retrievalHit: evaluationResults.retrievalHit,
      isCorrect: evaluationResults.isCorrect,
    })
    .from(evaluationResults)
    .where(and(eq(evaluationResults.runId, run.id), isNotNull(evaluationResults.evaluatedAt)));
  const summary = summarize(scored.map((row) => ({ ...row, isCorrect: row.isCorrect === true })));
  await db
    .update(evaluationRuns)
    .set({ status: 'done', ...summary, progressDone: scored.length, finishedAt: new Date(), error: null })
    .where(eq(evaluationRuns.id, run.id));
  await pruneRuns(deps, run.chatbotId);
  return 'done';
}

/** Keeps a chatbot's RUNS_KEPT newest runs (and any unfinished one): the history the chart draws, bounded. */
async function pruneRuns(deps: EvaluationDeps, chatbotId: string): Promise<void> {
  const { db } = deps.database;
  const kept = db
    .select({ id: evaluationRuns.id })
    .from(evaluationRuns)
    .where(eq(evaluationRuns.chatbotId, chatbotId))
    .orderBy(desc(evaluationRuns.createdAt), desc(evaluationRuns.id))
    .limit(RUNS_KEPT);
  await db
    .delete(evaluationRuns)
    .where(and(eq(evaluationRuns.chatbotId, chatbotId), inArray(evaluationRuns.status, ['done', 'failed']), notInArray(evaluationRuns.id, kept)))
    .catch((error: unknown) => deps.log.warn({ err: error, chatbotId }, 'old evaluation runs not deleted'));
}

const FAILED_TEXT = {
  permanent: 'The evaluation could not be completed: the chatbot’s AI provider is not set up on this server. Ask the system administrator.',
  retried: 'The evaluation could not be completed: the chatbot’s AI provider did not answer. Please try again.',
};

async function markRunFailed(deps: EvaluationDeps, runId: string, reason: string): Promise<void> {
  await deps.database.db
    .update(evaluationRuns)
    .set({ status: 'failed', error: reason, finishedAt: new Date() })
    .where(and(eq(evaluationRuns.id, runId), inArray(evaluationRuns.status, ['queued', 'running'])));
}

/** Runs evaluations from the durable queue, two at a time per process (each asks its questions one after another). */
export async function startEvaluationWorker(app: FastifyInstance): Promise<void> {
  if (!app.jobs) return;
  const deps: EvaluationDeps = { database: app.database, db: app.db, config: app.config, log: app.log };
  await app.jobs.work<EvaluationJobData>(EVALUATION_JOB, { concurrency: 2, pollingIntervalSeconds: 1 }, async (job) => {
    try {
      const outcome = await runEvaluation(deps, job.data.runId);
      app.log.info({ runId: job.data.runId, outcome }, 'evaluation run finished');
    } catch (error) {
      const isPermanent = error instanceof PermanentEvaluationError;
      app.log.warn({ err: error, runId: job.data.runId, attempt: job.retryCount + 1 }, 'evaluation run failed');
      if (isPermanent || job.isLastAttempt) await markRunFailed(deps, job.data.runId, isPermanent ? FAILED_TEXT.permanent : FAILED_TEXT.retried);
      if (!isPermanent) throw error;
    }
  });
}
