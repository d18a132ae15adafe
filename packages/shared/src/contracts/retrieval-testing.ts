import { z } from 'zod';

/**
 * Retrieval testing ("hit testing"): an owner or admin asks which passages the chatbot would retrieve for a
 * question, ranked as the chat ranks them, without asking the chatbot itself.
 */
export const RETRIEVAL_TEST_QUERY_MAX = 2000;
/** More than a chatbot's own setting allows (1–20), so an owner can see what just missed the cut. */
export const RETRIEVAL_TEST_TOP_K_MAX = 50;

const TOP_K_MESSAGE = `topK must be a whole number from 1 to ${RETRIEVAL_TEST_TOP_K_MAX}`;

export const retrievalTestBodySchema = z.object({
  query: z
    .string({ error: (issue) => (issue.input === undefined ? 'Question is required' : 'Question must be text') })
    .trim()
    .min(1, 'Question is required')
    .max(RETRIEVAL_TEST_QUERY_MAX, `Question must be at most ${RETRIEVAL_TEST_QUERY_MAX} characters`),
  /** Left out: the chatbot's own retrievalTopK, as the chat uses. */
  topK: z.number({ error: TOP_K_MESSAGE }).int(TOP_K_MESSAGE).min(1, TOP_K_MESSAGE).max(RETRIEVAL_TEST_TOP_K_MAX, TOP_K_MESSAGE).optional(),
});
export type RetrievalTestBody = z.input<typeof retrievalTestBodySchema>;

export const retrievedPassageSchema = z.object({
  sourceId: z.uuid(),
  sourceName: z.string(),
  content: z.string(),
  /** The fused ranking score: higher ranks first; comparable only within one answer. */
  score: z.number(),
});
export type RetrievedPassage = z.infer<typeof retrievedPassageSchema>;

/** The passages in ranked order (the first is the one the chat would put first); none: the chat would decline. */
export const retrievalTestResultSchema = z.object({ passages: z.array(retrievedPassageSchema) });
export type RetrievalTestResult = z.infer<typeof retrievalTestResultSchema>;
