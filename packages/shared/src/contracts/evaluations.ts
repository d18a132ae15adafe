import { z } from 'zod';
import { UUID_PATTERN } from '../constants';
import { idSchema, pageQuerySchema, paginated } from './common';

/**
 * Evaluation sets: questions an owner expects a chatbot to answer (from a given source, with given content) or to
 * decline, asked again on demand and after every change to its training data, scored, and kept as runs over time.
 */

export const EVALUATION_QUESTION_MAX = 2000;
export const EVALUATION_EXPECTED_ANSWER_MAX = 4000;
/** A chatbot's set stays small enough for a run to finish in minutes, even with a model provider. */
export const EVALUATION_QUESTIONS_MAX = 200;
/**
 * An answer covers its expected answer when it has at least this share of the expected answer's content words
 * (stemmed, stop words left out); features/evaluations/scoring.ts.
 */
export const EVALUATION_COVERAGE_MIN = 0.6;

export const EVALUATION_QUESTION_ORIGINS = ['typed', 'conversation'] as const;
export const EVALUATION_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type EvaluationRunStatus = (typeof EVALUATION_RUN_STATUSES)[number];
export const EVALUATION_RUN_TRIGGERS = ['manual', 'training-data-changed'] as const;

const uuidOrNull = (message: string) =>
  z
    .string({ error: message })
    .regex(UUID_PATTERN, message)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

export const evaluationQuestionBodySchema = z
  .object({
    question: z
      .string({ error: (issue) => (issue.input === undefined ? 'Question is required' : 'Question must be text') })
      .trim()
      .min(1, 'Question is required')
      .max(EVALUATION_QUESTION_MAX, `Question must be at most ${EVALUATION_QUESTION_MAX} characters`),
    /** Left out, empty or null: any answer that does not decline (and cites the expected source) is right. */
    expectedAnswer: z
      .string({ error: 'Expected answer must be text' })
      .trim()
      .max(EVALUATION_EXPECTED_ANSWER_MAX, `Expected answer must be at most ${EVALUATION_EXPECTED_ANSWER_MAX} characters`)
      .nullable()
      .optional()
      .transform((value) => value || null),
    /** One of the chatbot's knowledge sources, or null. */
    expectedSourceId: uuidOrNull('Expected source must be one of the chatbot’s sources'),
    shouldDecline: z.boolean({ error: 'shouldDecline must be true or false' }).optional().default(false),
  })
  .superRefine((body, context) => {
    if (!body.shouldDecline) return;
    if (body.expectedSourceId) {
      context.addIssue({ code: 'custom', path: ['expectedSourceId'], message: 'A question the chatbot should decline cannot expect a source' });
    }
    if (body.expectedAnswer) {
      context.addIssue({ code: 'custom', path: ['expectedAnswer'], message: 'A question the chatbot should decline cannot expect an answer' });
    }
  });
export type EvaluationQuestionBody = z.input<typeof evaluationQuestionBodySchema>;
export type EvaluationQuestionInput = z.output<typeof evaluationQuestionBodySchema>;

/** A visitor's question from a conversation: the id of the assistant's answer to it (one that got a thumbs-down, say). */
export const evaluationQuestionFromMessageBodySchema = z.object({
  messageId: z.string({ error: 'messageId is required' }).regex(UUID_PATTERN, 'messageId must be the id of an answer'),
});
export type EvaluationQuestionFromMessageBody = z.infer<typeof evaluationQuestionFromMessageBodySchema>;

export const evaluationQuestionParamsSchema = z.object({ id: idSchema, questionId: idSchema });
export const evaluationRunParamsSchema = z.object({ id: idSchema, runId: idSchema });

export const evaluationQuestionSchema = z.object({
  id: z.uuid(),
  question: z.string(),
  expectedAnswer: z.string().nullable(),
  expectedSourceId: z.uuid().nullable(),
  /** Null when no source is expected, or the expected one was deleted since. */
  expectedSourceName: z.string().nullable(),
  shouldDecline: z.boolean(),
  origin: z.enum(EVALUATION_QUESTION_ORIGINS),
  /** The assistant answer the question was taken from (origin conversation; null once the conversation is deleted). */
  messageId: z.uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EvaluationQuestion = z.infer<typeof evaluationQuestionSchema>;

export const evaluationQuestionListQuerySchema = pageQuerySchema;
export const evaluationQuestionListSchema = paginated(evaluationQuestionSchema).extend({
  /** How many more the set can take (EVALUATION_QUESTIONS_MAX). */
  remaining: z.number().int(),
});
export type EvaluationQuestionList = z.infer<typeof evaluationQuestionListSchema>;

/** A rate and what it counts: `correct` of `counted` questions; `rate` null when none counted. */
export const evaluationScoreSchema = z.object({ correct: z.number().int(), counted: z.number().int(), rate: z.number().nullable() });
export type EvaluationScore = z.infer<typeof evaluationScoreSchema>;

export const evaluationRunSchema = z.object({
  id: z.uuid(),
  status: z.enum(EVALUATION_RUN_STATUSES),
  trigger: z.enum(EVALUATION_RUN_TRIGGERS),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  error: z.string().nullable(),
  /**
   * Set when the run is done. retrieval: questions with an expected source that retrieved it; answers: questions to
   * answer that were answered right; declines: questions to decline that were declined.
   */
  summary: z
    .object({
      retrieval: evaluationScoreSchema,
      answers: evaluationScoreSchema,
      declines: evaluationScoreSchema,
      /** Right of all questions. */
      overall: evaluationScoreSchema,
    })
    .nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type EvaluationRun = z.infer<typeof evaluationRunSchema>;

export const evaluationRunListQuerySchema = pageQuerySchema;
export const evaluationRunListSchema = paginated(evaluationRunSchema);
export type EvaluationRunList = z.infer<typeof evaluationRunListSchema>;

export const evaluationResultSchema = z.object({
  id: z.uuid(),
  /** Null when the question was deleted since; the result keeps the question as it was asked. */
  questionId: z.uuid().nullable(),
  question: z.string(),
  expectedAnswer: z.string().nullable(),
  expectedSourceId: z.uuid().nullable(),
  expectedSourceName: z.string().nullable(),
  shouldDecline: z.boolean(),
  /** False until the question has been asked in this run. */
  isEvaluated: z.boolean(),
  /** The expected source among the retrieved passages; null when no source was expected. */
  retrievalHit: z.boolean().nullable(),
  /** Its best passage's place among them (1 = first). */
  expectedSourceRank: z.number().int().nullable(),
  answered: z.boolean().nullable(),
  answer: z.string().nullable(),
  /** Share of the expected answer's content words in the answer (0–1); null without an expected answer. */
  answerCoverage: z.number().nullable(),
  isCorrect: z.boolean().nullable(),
  retrievedSourceIds: z.array(z.uuid()),
  citedSourceIds: z.array(z.uuid()),
});
export type EvaluationResult = z.infer<typeof evaluationResultSchema>;

/** A run with every question's result, in the set's order (at most EVALUATION_QUESTIONS_MAX). */
export const evaluationRunDetailSchema = z.object({ run: evaluationRunSchema, results: z.array(evaluationResultSchema) });
export type EvaluationRunDetail = z.infer<typeof evaluationRunDetailSchema>;
