import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatbots } from './chatbots';
import { messages } from './conversations';
import { organizations } from './organizations';

export const EVALUATION_QUESTION_ORIGINS = ['typed', 'conversation'] as const;
export const EVALUATION_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const EVALUATION_RUN_TRIGGERS = ['manual', 'training-data-changed'] as const;

/**
 * A question an owner expects their chatbot to answer (or to decline): the evaluation set a run asks again after each
 * change to the training data (features/evaluations).
 */
export const evaluationQuestions = pgTable(
  'evaluation_questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** What a right answer says, in free text; null: any answer that is not a decline (and cites the expected source). */
    expectedAnswer: text('expected_answer'),
    /**
     * The knowledge source that answers it. No foreign key: deleting that source must not change the question, whose
     * next run then shows the retrieval miss the deletion caused.
     */
    expectedSourceId: uuid('expected_source_id'),
    /** The documents do not answer it: the chatbot is right when it declines. */
    shouldDecline: boolean('should_decline').notNull().default(false),
    origin: text('origin', { enum: EVALUATION_QUESTION_ORIGINS }).notNull().default('typed'),
    /** The assistant message whose visitor question this is (origin conversation). */
    sourceMessageId: uuid('source_message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('evaluation_questions_chatbot_idx').on(t.chatbotId, t.createdAt),
    // One question per conversation message; also what deleting messages looks their questions up by.
    uniqueIndex('evaluation_questions_source_message').on(t.sourceMessageId),
  ],
);

/** One asking of a chatbot's evaluation set: a durable job (EVALUATION_JOB) with progress and, when done, its scores. */
export const evaluationRuns = pgTable(
  'evaluation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EVALUATION_RUN_STATUSES }).notNull().default('queued'),
    trigger: text('trigger', { enum: EVALUATION_RUN_TRIGGERS }).notNull(),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    /** Why a failed run failed, as the owner reads it. */
    error: text('error'),
    // The summary, set when the run is done: right answers out of the questions each rate counts.
    retrievalHits: integer('retrieval_hits').notNull().default(0),
    retrievalChecked: integer('retrieval_checked').notNull().default(0),
    answersCorrect: integer('answers_correct').notNull().default(0),
    answersChecked: integer('answers_checked').notNull().default(0),
    declinesCorrect: integer('declines_correct').notNull().default(0),
    declinesChecked: integer('declines_checked').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('evaluation_runs_chatbot_idx').on(t.chatbotId, t.createdAt),
    // At most one waiting run per chatbot: a change to the training data reuses it (features/evaluations/schedule.ts).
    uniqueIndex('evaluation_runs_one_queued')
      .on(t.chatbotId)
      .where(sql`status = 'queued'`),
  ],
);

/**
 * One question of a run: a copy of the question as it was asked (the set may change while a run goes on, and later),
 * and what the chatbot did with it. `evaluated_at` null: not asked yet.
 */
export const evaluationResults = pgTable(
  'evaluation_results',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    runId: uuid('run_id')
      .notNull()
      .references(() => evaluationRuns.id, { onDelete: 'cascade' }),
    questionId: uuid('question_id').references(() => evaluationQuestions.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    question: text('question').notNull(),
    expectedAnswer: text('expected_answer'),
    expectedSourceId: uuid('expected_source_id'),
    shouldDecline: boolean('should_decline').notNull(),
    /** The expected source among the retrieved passages; null when none was expected. */
    retrievalHit: boolean('retrieval_hit'),
    /** Its best passage's place among them (1 = first); null when missed or none expected. */
    expectedSourceRank: integer('expected_source_rank'),
    answered: boolean('answered'),
    answer: text('answer'),
    /** Share of the expected answer's content words the answer has (0–1); null without an expected answer. */
    answerCoverage: real('answer_coverage'),
    isCorrect: boolean('is_correct'),
    /** The retrieved passages' source ids, best first (one per passage). */
    retrievedSourceIds: jsonb('retrieved_source_ids').$type<string[]>().notNull().default([]),
    /** The sources the answer cites. */
    citedSourceIds: jsonb('cited_source_ids').$type<string[]>().notNull().default([]),
    evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('evaluation_results_run_position').on(t.runId, t.position),
    // What deleting a question looks its results up by.
    index('evaluation_results_question_idx').on(t.questionId),
  ],
);
