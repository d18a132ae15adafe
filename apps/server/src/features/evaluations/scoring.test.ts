import { describe, expect, it } from 'vitest';
import { NO_ANSWER_TEXT } from '../../rag/answerers/extractive';
import { answerCoverage, scoreOutcome, summarize, type ExpectedOutcome, type ObservedOutcome } from './scoring';

const REFUNDS = '11111111-1111-4111-8111-111111111111';
const SHIPPING = '22222222-2222-4222-8222-222222222222';

const expecting = (expected: Partial<ExpectedOutcome>): ExpectedOutcome => ({
  expectedAnswer: null,
  expectedSourceId: null,
  shouldDecline: false,
  ...expected,
});
const answer = (text: string, sources: { retrieved?: string[]; cited?: string[] } = {}): ObservedOutcome => ({
  retrievedSourceIds: sources.retrieved ?? [],
  answered: true,
  text,
  citedSourceIds: sources.cited ?? [],
});
const declined: ObservedOutcome = { retrievedSourceIds: [], answered: false, text: NO_ANSWER_TEXT, citedSourceIds: [] };

describe('scoring an evaluation question', () => {
  it('counts an answer right when it covers the expected answer’s content words and cites the expected source', () => {
    const score = scoreOutcome(
      expecting({ expectedAnswer: 'Refunds are paid to the original card within five working days.', expectedSourceId: REFUNDS }),
      answer('Refunds are paid back to the original card within five working days [1].', { retrieved: [SHIPPING, REFUNDS, REFUNDS], cited: [REFUNDS] }),
    );
    expect(score).toEqual({ retrievalHit: true, expectedSourceRank: 2, answered: true, answerCoverage: 1, isCorrect: true });
  });

  it('counts an answer from the wrong source wrong, and the retrieval a miss when the expected source was not retrieved', () => {
    const score = scoreOutcome(
      expecting({ expectedSourceId: REFUNDS }),
      answer('We ship from Rotterdam in three days.', { retrieved: [SHIPPING], cited: [SHIPPING] }),
    );
    expect(score).toMatchObject({ retrievalHit: false, expectedSourceRank: null, answered: true, isCorrect: false });

    // Retrieved, but the answer quotes another source: still wrong.
    expect(scoreOutcome(expecting({ expectedSourceId: REFUNDS }), answer('Three days.', { retrieved: [REFUNDS, SHIPPING], cited: [SHIPPING] }))).toMatchObject({
      retrievalHit: true,
      expectedSourceRank: 1,
      isCorrect: false,
    });
  });

  it('counts a decline right for a question the documents do not answer, and an answer to it wrong', () => {
    expect(scoreOutcome(expecting({ shouldDecline: true }), declined)).toEqual({
      retrievalHit: null,
      expectedSourceRank: null,
      answered: false,
      answerCoverage: null,
      isCorrect: true,
    });
    expect(scoreOutcome(expecting({ shouldDecline: true }), answer('We sell moon boots.', { cited: [SHIPPING] }))).toMatchObject({
      answered: true,
      isCorrect: false,
    });
    // The not-found text counts as a decline whatever the answerer said.
    expect(scoreOutcome(expecting({ shouldDecline: true }), { ...declined, answered: true })).toMatchObject({ answered: false, isCorrect: true });
  });

  it('counts a decline wrong for a question with an answer, and an answer missing the expected content wrong', () => {
    expect(scoreOutcome(expecting({ expectedSourceId: REFUNDS }), declined)).toMatchObject({ answered: false, retrievalHit: false, isCorrect: false });
    const partial = scoreOutcome(
      expecting({ expectedAnswer: 'Refunds within 30 days of purchase, paid to the original card.' }),
      answer('You can ask for a refund.'),
    );
    // "refund" of refund, within, 30, day, purchase, paid, original, card: 1 of 8.
    expect(partial.answerCoverage).toBeCloseTo(1 / 8);
    expect(partial.isCorrect).toBe(false);
  });

  it('needs 60% of the expected answer’s content words, stemmed, and nothing of its stop words', () => {
    expect(answerCoverage('Refunded within thirty days', 'refunds take thirty days')).toBeCloseTo(3 / 4);
    expect(answerCoverage('one two three four five', 'one two three')).toBe(0.6);
    expect(scoreOutcome(expecting({ expectedAnswer: 'apple banana cherry damson elder' }), answer('apple banana cherry'))).toMatchObject({ isCorrect: true });
    expect(scoreOutcome(expecting({ expectedAnswer: 'apple banana cherry damson elder' }), answer('apple banana'))).toMatchObject({ isCorrect: false });
    // Only stop words: nothing to cover, any answer that is not a decline will do.
    expect(answerCoverage('Is it?', 'Refunds take five days.')).toBeNull();
    expect(scoreOutcome(expecting({ expectedAnswer: 'it is' }), answer('Refunds take five days.'))).toMatchObject({ answerCoverage: null, isCorrect: true });
  });

  it('summarises: retrieval over questions expecting a source, answers over questions to answer, declines over questions to decline', () => {
    expect(
      summarize([
        { expectedSourceId: REFUNDS, shouldDecline: false, retrievalHit: true, isCorrect: true },
        { expectedSourceId: SHIPPING, shouldDecline: false, retrievalHit: false, isCorrect: false },
        { expectedSourceId: null, shouldDecline: false, retrievalHit: null, isCorrect: true },
        { expectedSourceId: null, shouldDecline: true, retrievalHit: null, isCorrect: true },
      ]),
    ).toEqual({ retrievalHits: 1, retrievalChecked: 2, answersCorrect: 2, answersChecked: 3, declinesCorrect: 1, declinesChecked: 1 });
  });
});
