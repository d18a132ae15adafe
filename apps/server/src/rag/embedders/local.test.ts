import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createLocalEmbedder, embedLocally } from './local';

const cosine = (a: number[], b: number[]): number => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

const PARAGRAPHS = [
  'Annual plans can be refunded within 30 days of purchase. Monthly plans are not refundable, and refunds go back to the original card.',
  'Our office is closed on public holidays. Support staff answer e-mails on the next working day.',
  'The widget is added to a website with one script tag. It loads in a shadow DOM so the page styles do not leak into it.',
  'Passwords must be at least twelve characters long. Two-factor authentication can be enabled in the account settings.',
  'Invoices are e-mailed on the first of each month and list the tokens used, the plan and the taxes.',
  'Documents are split into chunks, embedded and stored with a full-text index for hybrid search.',
  'The coffee machine on the third floor is descaled every Friday afternoon by the facilities team.',
  'Shipping to European countries takes three to five business days; express delivery arrives the next day.',
  'To export your conversations, open the chatbot, choose Export and pick CSV or JSON.',
  'Rate limits protect the public chat endpoint: too many requests from one address receive a 429 answer.',
  'Our hiking club meets on Sundays at the old mill and walks about fifteen kilometres.',
];

const QUESTIONS: [string, number][] = [
  ['Can I get a refund on my annual plan?', 0],
  ['How long does shipping to Europe take?', 7],
  ['How do I export conversations as CSV?', 8],
  ['What happens when I send too many requests?', 9],
  ['How long must my password be?', 3],
  ['When are invoices sent?', 4],
];

describe('local embedder', () => {
  const embedder = createLocalEmbedder();

  it('describes itself honestly', () => {
    expect(embedder).toMatchObject({ id: 'local/feature-hash-v1@384', provider: 'local', model: 'feature-hash-v1', dimensions: 384 });
    expect(createLocalEmbedder({ dimensions: 64 }).id).toBe('local/feature-hash-v1@64');
    expect(() => createLocalEmbedder({ dimensions: 0 })).toThrow(RangeError);
  });

  it('gives the same unit-length vector for the same text, across embedder instances', async () => {
    const [first] = await embedder.embed(['Refunds take five days.']);
    const [again] = await createLocalEmbedder().embed(['Refunds take five days.']);
    expect(again).toEqual(first);
    expect(first).toHaveLength(384);
    expect(cosine(first ?? [], first ?? [])).toBeCloseTo(1, 10);
  });

  it('ranks first the paragraph that answers each question, among unrelated ones', async () => {
    const vectors = await embedder.embed(PARAGRAPHS);
    for (const [question, expected] of QUESTIONS) {
      const [query = []] = await embedder.embed([question]);
      const scores = vectors.map((vector) => cosine(query, vector));
      const best = scores.indexOf(Math.max(...scores));
      expect({ question, best: PARAGRAPHS[best] }).toEqual({ question, best: PARAGRAPHS[expected] });
    }
  });

  it('finds word forms and near spellings closer than unrelated text', () => {
    const refunds = embedLocally('refunding annual subscriptions', 384);
    expect(cosine(embedLocally('refund for an annual subscription', 384), refunds)).toBeGreaterThan(0.5);
    expect(cosine(embedLocally('hiking on sundays', 384), refunds)).toBeLessThan(0.1);
  });

  it('never changes its vectors (stored embeddings must keep matching new questions): a pinned fingerprint of feature-hash-v1', () => {
    const vector = embedLocally('Refunds are processed within 30 days; running shoes ship from Amsterdam.', 384);
    const fingerprint = createHash('sha256')
      .update(vector.map((x) => x.toFixed(9)).join(','))
      .digest('hex');
    expect(fingerprint).toBe('ea0b1b5ddc1e2c8446b92e4f193c2456fd3327e0c7b305619b858944c9aa5603');
  });

  it('gives text without words a fixed unit vector so cosine similarity stays defined', async () => {
    const [empty = [], punctuation = []] = await embedder.embed(['', '?!']);
    expect(cosine(empty, empty)).toBeCloseTo(1, 10);
    expect(punctuation).toEqual(empty);
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('job cancelled'));
    await expect(embedder.embed(['text'], { signal: controller.signal })).rejects.toThrow('job cancelled');
  });

  it('embeds a batch of 1000 short texts', async () => {
    const texts = Array.from({ length: 1000 }, (_, i) => `${PARAGRAPHS[i % PARAGRAPHS.length]} (copy ${i})`);
    const started = performance.now();
    const vectors = await embedder.embed(texts);
    const ms = performance.now() - started;
    console.info(
      `local embedder: 1000 texts of ~${Math.round(texts[0]?.length ?? 0)} chars in ${ms.toFixed(0)} ms (${Math.round(1000 / (ms / 1000))} texts/s)`,
    );
    expect(vectors).toHaveLength(1000);
    expect(new Set(vectors.map((vector) => vector.length))).toEqual(new Set([384]));
  });
});
