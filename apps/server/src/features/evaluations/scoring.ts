import { EVALUATION_COVERAGE_MIN } from '@parley/shared/contracts/evaluations';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { contentTerms } from '../../rag/text-terms';

/** What a run asks of one question (a copy of the question as it was when the run started). */
export interface ExpectedOutcome {
  expectedAnswer: string | null;
  expectedSourceId: string | null;
  shouldDecline: boolean;
}

/** What the chatbot did with the question: as the chat would retrieve and answer it. */
export interface ObservedOutcome {
  /** The retrieved passages' source ids, best first (one per passage, so a source can repeat). */
  retrievedSourceIds: string[];
  /** The answerer's own verdict (extractive: it found matching sentences; a model: it cited a passage). */
  answered: boolean;
  text: string;
  citedSourceIds: string[];
}

export interface Score {
  retrievalHit: boolean | null;
  expectedSourceRank: number | null;
  /** Not a decline (see isDecline). */
  answered: boolean;
  answerCoverage: number | null;
  isCorrect: boolean;
}

/** The chat's not-found answer: the answerer said it did not answer, or it gave the not-found text. */
export const isDecline = (observed: Pick<ObservedOutcome, 'answered' | 'text'>): boolean => !observed.answered || observed.text.trim() === NO_ANSWER_TEXT;

/**
 * The share of the expected answer's content words (stemmed, stop words left out: rag/text-terms.ts) that the answer
 * has; null when the expected answer has none (only stop words, or nothing).
 */
export function answerCoverage(expected: string, answer: string): number | null {
  const wanted = contentTerms(expected);
  if (wanted.length === 0) return null;
  const given = new Set(contentTerms(answer));
  return wanted.filter((term) => given.has(term)).length / wanted.length;
}

/**
 * Scores one question of a run.
 *
 * - Retrieval: when a source is expected, a hit is that source among the retrieved passages, and its rank is its best
 *   passage's place (1 = first); with none expected, both are null.
 * - Declined: the answer is the chat's not-found answer (the answerer's `answered: false`, or NO_ANSWER_TEXT).
 * - Right, for a question the documents do not answer (`shouldDecline`): it was declined.
 * - Right, for any other question: it was not declined, and
 *   - with an expected answer, the answer covers it: it has at least EVALUATION_COVERAGE_MIN (60%) of the expected
 *     answer's distinct content words, stemmed ("refunds" meets "refunded"), an expected answer of stop words only
 *     asking nothing; and
 *   - with an expected source, the answer cites it (a passage of that source among its citations).
 *
 * The content-word rule is a proxy for "says the same thing": it rewards the facts' words (30 days, original card)
 * and ignores phrasing, so a right answer in other words can score wrong and a wrong one quoting the right words can
 * score right; the expected answer is best written as the facts a right answer must state.
 */
export function scoreOutcome(expected: ExpectedOutcome, observed: ObservedOutcome): Score {
  const rankIndex = expected.expectedSourceId ? observed.retrievedSourceIds.indexOf(expected.expectedSourceId) : -1;
  const retrievalHit = expected.expectedSourceId ? rankIndex >= 0 : null;
  const declined = isDecline(observed);
  const coverage = expected.expectedAnswer ? answerCoverage(expected.expectedAnswer, observed.text) : null;
  let isCorrect: boolean;
  if (expected.shouldDecline) {
    isCorrect = declined;
  } else {
    const coversAnswer = coverage === null || coverage >= EVALUATION_COVERAGE_MIN;
    const citesSource = !expected.expectedSourceId || observed.citedSourceIds.includes(expected.expectedSourceId);
    isCorrect = !declined && coversAnswer && citesSource;
  }
  return {
    retrievalHit,
    expectedSourceRank: rankIndex >= 0 ? rankIndex + 1 : null,
    answered: !declined,
    answerCoverage: coverage,
    isCorrect,
  };
}

/** A run's summary counts from its scored questions (see evaluationRunSchema's summary). */
export function summarize(results: readonly (Pick<ExpectedOutcome, 'expectedSourceId' | 'shouldDecline'> & Pick<Score, 'retrievalHit' | 'isCorrect'>)[]) {
  const count = (predicate: (result: (typeof results)[number]) => boolean) => results.filter(predicate).length;
  return {
    retrievalHits: count((r) => r.retrievalHit === true),
    retrievalChecked: count((r) => r.expectedSourceId !== null),
    answersCorrect: count((r) => !r.shouldDecline && r.isCorrect),
    answersChecked: count((r) => !r.shouldDecline),
    declinesCorrect: count((r) => r.shouldDecline && r.isCorrect),
    declinesChecked: count((r) => r.shouldDecline),
  };
}
