import { describe, expect, it } from 'vitest';
import { NO_ANSWER_TEXT, answerExtractively } from './extractive';
import type { Passage } from './types';

const PASSAGES: Passage[] = [
  {
    chunkId: 'billing-3',
    sourceName: 'billing.pdf',
    score: 0.82,
    text: 'Billing > Refunds\nMonthly plans are not refunded. Annual plans can be refunded within 30 days of purchase. Refunds go back to the card that paid and take five to ten business days to appear.',
  },
  {
    chunkId: 'handbook-1',
    sourceName: 'handbook.md',
    score: 0.41,
    text: '## Getting started\n\nInstall Node 20 or newer. Clone the repository and run npm ci. The first start creates a data directory next to the server.',
  },
  {
    chunkId: 'shipping-7',
    sourceName: 'shipping.html',
    score: 0.33,
    text: 'Shipping to European countries takes three to five business days. Express delivery arrives the next working day. We do not ship to PO boxes.',
  },
];

describe('answerExtractively', () => {
  it('answers with the sentence that holds the answer and cites its source', () => {
    const answer = answerExtractively({ question: 'Can I get my annual plan refunded?', passages: PASSAGES });
    expect(answer.answered).toBe(true);
    expect(answer.text).toContain('Annual plans can be refunded within 30 days of purchase.');
    expect(answer.text).not.toContain('Install Node');
    expect(answer.citations[0]).toEqual({
      chunkId: 'billing-3',
      sourceName: 'billing.pdf',
      excerpt: expect.stringContaining('Annual plans can be refunded within 30 days of purchase.'),
    });
    expect(answer.citations.map((citation) => citation.sourceName)).not.toContain('handbook.md');
  });

  it('finds the answer in a lower-ranked passage when that is where it is', () => {
    const answer = answerExtractively({ question: 'How long does shipping to Europe take?', passages: PASSAGES });
    expect(answer).toMatchObject({ answered: true, citations: [{ chunkId: 'shipping-7', sourceName: 'shipping.html' }] });
    expect(answer.text).toBe('Shipping to European countries takes three to five business days.');
  });

  it('declines an unrelated question instead of quoting something', () => {
    expect(answerExtractively({ question: 'What is the capital of France?', passages: PASSAGES })).toEqual({
      answered: false,
      text: NO_ANSWER_TEXT,
      citations: [],
    });
    expect(answerExtractively({ question: 'How are you?', passages: PASSAGES }).answered).toBe(false);
    expect(answerExtractively({ question: 'Can I get a refund?', passages: [] })).toEqual({ answered: false, text: NO_ANSWER_TEXT, citations: [] });
    expect(NO_ANSWER_TEXT).toBe("I couldn't find anything about that in the documents I was given.");
  });

  it('uses the section heading when the sentences do not repeat the question’s words', () => {
    const passages: Passage[] = [
      { chunkId: 'faq-2', sourceName: 'faq.md', score: 1, text: 'Help > Returns\nSend the parcel back with the printed label. We pay the postage.' },
      { chunkId: 'faq-3', sourceName: 'faq.md', score: 0.5, text: 'Help > Contact\nCall us on weekdays between nine and five.' },
    ];
    const answer = answerExtractively({ question: 'How do returns work?', passages });
    expect(answer).toMatchObject({ answered: true, text: 'Send the parcel back with the printed label. We pay the postage.' });
    expect(answer.citations).toEqual([{ chunkId: 'faq-2', sourceName: 'faq.md', excerpt: 'Send the parcel back with the printed label. We pay the postage.' }]);
  });

  it('returns at most maxSentences, in document order, each sentence once even when chunks overlap', () => {
    const overlapping: Passage[] = [
      { chunkId: 'a-2', sourceName: 'plans.md', score: 0.9, text: 'The Pro plan includes 10 chatbots. The Pro plan costs $20 a month.' },
      { chunkId: 'a-1', sourceName: 'plans.md', score: 0.8, text: 'The Basic plan includes 1 chatbot. The Pro plan includes 10 chatbots.' },
    ];
    const answer = answerExtractively({ question: 'What does the Pro plan include and cost?', passages: overlapping, maxSentences: 2 });
    expect(answer.text).toBe('The Pro plan includes 10 chatbots. The Pro plan costs $20 a month.');
    expect(answer.citations).toEqual([
      { chunkId: 'a-2', sourceName: 'plans.md', excerpt: 'The Pro plan includes 10 chatbots. The Pro plan costs $20 a month.' },
    ]);
    // With room for one sentence, the rarer matching word ("cost" is in one sentence, "include" in two) decides.
    expect(answerExtractively({ question: 'What does the Pro plan include and cost?', passages: overlapping, maxSentences: 1 }).text).toBe(
      'The Pro plan costs $20 a month.',
    );
  });

  it('answers from CSV rows', () => {
    const passages: Passage[] = [
      {
        chunkId: 'prices-1',
        sourceName: 'prices.csv',
        score: 1,
        text: 'Product: Green tea; Price: 3.50\n\nProduct: Espresso; Price: 2.20\n\nProduct: Cocoa; Price: 3.10',
      },
    ];
    expect(answerExtractively({ question: 'How much is an espresso?', passages }).text).toBe('Product: Espresso; Price: 2.20');
  });
});
