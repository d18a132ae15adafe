import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { rowsOf } from '../db/raw-sql';
import { chatbots, documentChunks, knowledgeSources } from '../db/schema/index';
import { vectorLiteral } from '../db/vector';
import { createLocalEmbedder, LOCAL_EMBEDDER_MODEL } from './embedders/local';
import type { Embedder, EmbedderProvider } from './embedders/types';
import { insertChatbotRows } from '../test/chatbot-rows';
import { describeEachDatabase } from '../test/harness';
import { compactTermCounts } from './term-counts';
import { BM25_B, BM25_K1, chooseCandidateQueries, fullTextQuery, inverseDocumentFrequency, lexemeQuery, MAX_QUERY_TERMS, rankByBm25, weighTerms } from './bm25';
import { retrievePassages } from './retrieval';

describe('BM25 weights', () => {
  it("weighs a word by Robertson–Spärck Jones idf (Lucene's, never negative) times how often the question says it", () => {
    expect(inverseDocumentFrequency(1, 1000)).toBeCloseTo(Math.log(1 + 999.5 / 1.5), 12);
    expect(inverseDocumentFrequency(1000, 1000)).toBeGreaterThan(0);
    expect(inverseDocumentFrequency(2, 100)).toBeGreaterThan(inverseDocumentFrequency(50, 100));
    const weights = weighTerms(
      [
        { term: 'ship', count: 1, chunks: 90 },
        { term: 'zephyr', count: 2, chunks: 1 },
        { term: 'missing', count: 1, chunks: 0 },
      ],
      { chunks: 100, averageLength: 10 },
    );
    expect(weights.map((w) => w.term)).toEqual(['zephyr', 'ship']);
    expect(weights[0]!.weight).toBeCloseTo(2 * inverseDocumentFrequency(1, 100), 12);
  });

  it(`keeps the ${MAX_QUERY_TERMS} heaviest words of a long question`, () => {
    const terms = Array.from({ length: 100 }, (_, i) => ({ term: `w${i}`, count: 1, chunks: i + 1 }));
    const weights = weighTerms(terms, { chunks: 1000, averageLength: 10 });
    expect(weights).toHaveLength(MAX_QUERY_TERMS);
    expect(weights.at(-1)!.term).toBe(`w${MAX_QUERY_TERMS - 1}`);
  });

  it('quotes a lexeme so nothing in it is tsquery syntax', () => {
    expect(lexemeQuery('refund')).toBe("'refund'");
    expect(lexemeQuery("o'neil")).toBe("'o''neil'");
    expect(lexemeQuery('a\\b & !c:*')).toBe("'a\\\\b & !c:*'");
  });
});

describe('chooseCandidateQueries', () => {
  const terms = (counts: Record<string, number>) => Object.entries(counts).map(([term, chunks]) => ({ term, chunks }));

  it('is one tier of the rarest words while the chunks they match stay within the budget', () => {
    expect(chooseCandidateQueries(terms({ ship: 900, parcel: 40, zephyr: 2, launch: 2, missing: 0 }), 500)).toEqual(["'launch' | 'zephyr' | 'parcel'"]);
    expect(chooseCandidateQueries(terms({ ship: 900, parcel: 40, zephyr: 2, launch: 2 }), 4)).toEqual(["'launch' | 'zephyr'"]);
    expect(chooseCandidateQueries(terms({ ship: 900, parcel: 40 }), 10_000)).toEqual(["'parcel' | 'ship'"]);
    expect(chooseCandidateQueries(terms({ missing: 0 }), 500)).toEqual([]);
  });

  it('puts the chunks holding the two rarest words first when every word is past the budget', () => {
    expect(chooseCandidateQueries(terms({ ship: 900, alpha: 601, note: 2000, missing: 0 }), 500)).toEqual(["'alpha' & 'ship'", "'alpha'"]);
    expect(chooseCandidateQueries(terms({ ship: 900 }), 500)).toEqual(["'ship'"]);
    expect(chooseCandidateQueries(terms({ ship: 900, missing: 0 }), 500)).toEqual(["'ship'"]);
  });
});

describeEachDatabase('full-text term counts and candidates', (ctx) => {
  const embedder = createLocalEmbedder({ dimensions: 384 });

  async function createChatbot(db: Database['db']) {
    const { organizationId, chatbot } = await insertChatbotRows(db, { organization: { name: 'Terms' }, chatbot: { name: 'Terms', embeddingDimensions: 384 } });
    return { organizationId, chatbotId: chatbot.id };
  }

  /** A ready source with `texts` as its chunks, written `batch` to a statement; in one transaction, as ingestion does, when asked. */
  async function addSource(
    bot: { organizationId: string; chatbotId: string },
    texts: string[],
    options: { name?: string; batch?: number; oneTransaction?: boolean; embedder?: Embedder } = {},
  ) {
    const { name = 'notes', batch = 250, oneTransaction = false } = options;
    const { db, vectorSearch } = ctx().database;
    const [source] = await db
      .insert(knowledgeSources)
      .values({ chatbotId: bot.chatbotId, organizationId: bot.organizationId, kind: 'text', name, status: 'ready', chunkCount: texts.length })
      .returning();
    const vectors = await (options.embedder ?? embedder).embed(texts);
    const writeChunks = async (executor: Pick<Database['db'], 'insert'>) => {
      for (let start = 0; start < texts.length; start += batch) {
        await executor.insert(documentChunks).values(
          texts.slice(start, start + batch).map((content, j) => ({
            sourceId: source!.id,
            chatbotId: bot.chatbotId,
            chunkIndex: start + j,
            content,
            tokenCount: 10,
            embedding: vectorLiteral(vectorSearch, vectors[start + j]!) as unknown as number[],
            embeddingDimensions: 384,
          })),
        );
      }
    };
    if (oneTransaction) await db.transaction(writeChunks);
    else await writeChunks(db);
    return source!.id;
  }

  /**
   * The stored counts (the sum of each term's rows), and the same counted afresh from the chunks: always equal; so are
   * the stored totals (' chunks', ' length') and the chunks' count and summed search_length.
   */
  async function countsOf(chatbotId: string) {
    const { db } = ctx().database;
    const stored = rowsOf<{ term: string; chunks: number }>(
      await db.execute(
        sql`SELECT term, sum(chunks)::int AS chunks FROM chunk_term_counts WHERE chatbot_id = ${chatbotId}
             GROUP BY term HAVING sum(chunks) <> 0 ORDER BY term COLLATE "C"`,
      ),
    );
    const recounted = rowsOf<{ term: string; chunks: number }>(
      await db.execute(
        sql`SELECT term, count(*)::int AS chunks FROM document_chunks, unnest(tsvector_to_array(search_vector)) AS term
             WHERE chatbot_id = ${chatbotId} GROUP BY term ORDER BY term COLLATE "C"`,
      ),
    );
    const [totals] = rowsOf<{ chunks: number; length: number }>(
      await db.execute(
        sql`SELECT count(*)::int AS chunks, coalesce(sum(search_length), 0)::int AS length FROM document_chunks WHERE chatbot_id = ${chatbotId}`,
      ),
    );
    const storedTotals = Object.fromEntries(stored.filter((row) => row.term.startsWith(' ')).map((row) => [row.term.trim(), row.chunks]));
    expect({ chunks: storedTotals.chunks ?? 0, length: storedTotals.length ?? 0 }).toEqual(totals);
    expect(stored.filter((row) => !row.term.startsWith(' '))).toEqual(recounted);
    return new Map(stored.map((row) => [row.term, row.chunks]));
  }

  const rowCount = async (chatbotId: string) =>
    rowsOf<{ n: number }>(await ctx().database.db.execute(sql`SELECT count(*)::int AS n FROM chunk_term_counts WHERE chatbot_id = ${chatbotId}`))[0]!.n;

  it('counts the chunks holding each term as chunks come and go, per chatbot, and folds the changes', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    const other = await createChatbot(db);
    await addSource(
      bot,
      Array.from({ length: 600 }, (_, i) => `Alpha shipping notes, parcel ${i}: handed to the carrier within two days.`),
    );
    const rare = await addSource(bot, ['The Zephyr launch code is 7421.', 'Zephyrs migrate north in spring, alpha first.']);
    await addSource(other, ['Zephyr notes for another customer.']);

    // Words are counted stemmed ("shipping" as "ship", "Zephyrs" as "zephyr"), stop words not at all.
    const counts = await countsOf(bot.chatbotId);
    expect(counts.get('alpha')).toBe(601);
    expect(counts.get('ship')).toBe(600);
    expect(counts.get('zephyr')).toBe(2);
    expect(counts.has('the')).toBe(false);
    expect(counts.get(' chunks')).toBe(602);
    expect((await countsOf(other.chatbotId)).get('zephyr')).toBe(1);

    // Deleting a source (its chunks go by cascade) takes its terms away.
    await db.delete(knowledgeSources).where(eq(knowledgeSources.id, rare));
    const after = await countsOf(bot.chatbotId);
    expect(after.get('alpha')).toBe(600);
    expect(after.has('zephyr')).toBe(false);
    expect(after.get(' chunks')).toBe(600);
    expect((await countsOf(other.chatbotId)).get('zephyr')).toBe(1);

    // Four statements wrote changes (three inserts of up to 250 chunks and a delete); folding leaves a row per term
    // that chunks still hold, with the same sums.
    const distinctTerms = after.size;
    expect(await rowCount(bot.chatbotId)).toBeGreaterThan(distinctTerms);
    await compactTermCounts(db, bot.chatbotId);
    expect(await rowCount(bot.chatbotId)).toBe(distinctTerms);
    expect(await countsOf(bot.chatbotId)).toEqual(after);

    await db.delete(chatbots).where(eq(chatbots.id, bot.chatbotId));
    expect(await rowCount(bot.chatbotId)).toBe(0);
    expect((await countsOf(other.chatbotId)).get('zephyr')).toBe(1);
  });

  it('lets two documents of one chatbot be written at once, each in its own transaction, and folds while they are', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    const write = async (name: string) => {
      // As ingestion does: several statements in one transaction, the terms shared between the two documents.
      const texts = Array.from({ length: 300 }, (_, i) => `${name} section ${i}: shipping, returns and parcel ${i % 17} notes.`);
      await addSource(bot, texts, { name, batch: 50, oneTransaction: true });
      await compactTermCounts(db, bot.chatbotId);
    };
    await Promise.all([write('handbook'), write('faq'), compactTermCounts(db, bot.chatbotId)]);
    const counts = await countsOf(bot.chatbotId);
    expect(counts.get('ship')).toBe(600);
    expect(counts.get('handbook')).toBe(300);
    await compactTermCounts(db, bot.chatbotId);
    expect(await rowCount(bot.chatbotId)).toBe(counts.size);
  });

  it('ranks by BM25 exactly: the scores are the formula over the stored words, lengths and counts', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    const texts = [
      'Refunds are paid within five days. Refunds go to the card that paid.',
      'A refund for a gift card is paid as store credit, never as cash, whatever the amount of the gift card.',
      'Shipping takes two days; shipping abroad takes a week.',
      'The refund desk is on the second floor, next to the shipping desk and the lifts.',
    ];
    await addSource(bot, texts);
    await compactTermCounts(db, bot.chatbotId);
    const question = 'How are refunds paid for a gift card?';
    const query = await fullTextQuery(db, bot.chatbotId, question);
    expect(query.totals.chunks).toBe(4);
    expect(query.weights.map((w) => w.term).sort()).toEqual(['card', 'gift', 'paid', 'refund']);
    const ranked = await rankByBm25(db, bot.chatbotId, query, 10);

    // The same scores computed here from the chunks' words as the database holds them.
    const words = rowsOf<{ id: string; lexeme: string; tf: number }>(
      await db.execute(
        sql`SELECT id, lexeme, array_length(positions, 1) AS tf FROM document_chunks, unnest(search_vector) WHERE chatbot_id = ${bot.chatbotId}`,
      ),
    );
    const byChunk = new Map<string, Map<string, number>>();
    for (const w of words) (byChunk.get(w.id) ?? byChunk.set(w.id, new Map()).get(w.id)!).set(w.lexeme, Number(w.tf));
    const length = (id: string) => [...byChunk.get(id)!.values()].reduce((a, b) => a + b, 0);
    const average = [...byChunk.keys()].reduce((sum, id) => sum + length(id), 0) / byChunk.size;
    const expected = [...byChunk.keys()]
      .map((id) => ({
        id,
        score: query.weights.reduce((sum, { term, chunks }) => {
          const tf = byChunk.get(id)!.get(term) ?? 0;
          const idf = inverseDocumentFrequency(chunks, 4);
          return sum + (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length(id)) / average));
        }, 0),
      }))
      .filter((r) => r.score > 0)
      .sort((x, y) => y.score - x.score);
    expect(ranked.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    ranked.forEach((r, i) => expect(r.score).toBeCloseTo(expected[i]!.score, 9));
    const contentOf = new Map((await db.select({ id: documentChunks.id, content: documentChunks.content }).from(documentChunks)).map((r) => [r.id, r.content]));
    // The gift-card chunk (rare "gift", twice) leads; the one about shipping only is not a candidate.
    expect(contentOf.get(ranked[0]!.id)).toBe(texts[1]);
    expect(ranked.map((r) => contentOf.get(r.id))).not.toContain(texts[2]);
  });

  it('picks candidates by the rarer words and ranks them by all of them; words no chunk holds pick nothing', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    await addSource(
      bot,
      Array.from({ length: 600 }, (_, i) => `Alpha shipping notes, parcel ${i}: handed to the carrier within two days.`),
    );
    await addSource(bot, ['The Zephyr launch code is 7421.', 'Zephyrs migrate north in spring, alpha first.']);
    await compactTermCounts(db, bot.chatbotId);

    // "alpha" is in 601 chunks, past the budget of 500: it ranks the candidates but does not pick them.
    const query = await fullTextQuery(db, bot.chatbotId, 'What is the alpha Zephyr launch code?');
    expect(query.weights.map((w) => w.term).sort()).toEqual(['alpha', 'code', 'launch', 'zephyr']);
    expect(chooseCandidateQueries(query.weights, 500)).toEqual(["'code' | 'launch' | 'zephyr'"]);
    // Only common words: the chunks holding the two rarest come first, then the rarest's others.
    expect(chooseCandidateQueries((await fullTextQuery(db, bot.chatbotId, 'alpha shipping')).weights, 500)).toEqual(["'ship' & 'alpha'", "'ship'"]);
    // Words no chunk holds pick nothing; the vector half still answers.
    expect((await fullTextQuery(db, bot.chatbotId, 'xylophones?')).candidateQueries).toEqual([]);
    expect((await fullTextQuery(db, bot.chatbotId, 'How do I?')).weights).toEqual([]);

    const passages = await retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question: 'What is the alpha Zephyr launch code?', embedder, topK: 3 });
    expect(passages[0]?.text).toBe('The Zephyr launch code is 7421.');
    expect(await retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question: 'How do I?', embedder, topK: 3 })).toHaveLength(3);
  });

  it('meets "policies", "applied" and "refunded" from a question saying "policy", "applies", "refund"', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    await addSource(bot, [
      'Our cancellation policies: a booking can be cancelled up to a day before.',
      'Discounts applied at checkout are shown on the receipt.',
      'Orders are refunded within a week.',
      'Opening hours are nine to five.',
    ]);
    for (const [question, expected] of [
      ['What is the cancellation policy?', /cancellation policies/],
      ['Which discount applies?', /Discounts applied/],
      ['When do I get a refund?', /refunded/],
    ] as const) {
      const ranked = await rankByBm25(db, bot.chatbotId, await fullTextQuery(db, bot.chatbotId, question), 5);
      expect(ranked, question).toHaveLength(1);
      const [passage] = await retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question, embedder, topK: 1 });
      expect(passage?.text, question).toMatch(expected);
    }
  });

  it('ranks the chunks holding both of the two rarest common words first, then fills from the rarest word alone', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    // Every word of the question is past the budget: "courier" in 1,003 chunks, "parcel" in 1,023; three hold both.
    const both = ['Courier parcels: express delivery 1.', 'Courier parcels: express delivery 2.', 'Courier parcels: express delivery 3.'];
    await addSource(bot, [
      ...both,
      ...Array.from({ length: 1000 }, (_, i) => `Courier team meeting ${i}, every Monday morning.`),
      ...Array.from({ length: 1020 }, (_, i) => `Parcel ${i} left the warehouse today.`),
    ]);
    const query = await fullTextQuery(db, bot.chatbotId, 'courier parcel');
    expect(query.candidateQueries).toEqual(["'courier' & 'parcel'", "'courier'"]);

    const ids = (await rankByBm25(db, bot.chatbotId, query, 10)).map((r) => r.id);
    expect(new Set(ids).size).toBe(10);
    const texts = new Map(
      (await db.select({ id: documentChunks.id, content: documentChunks.content }).from(documentChunks).where(eq(documentChunks.chatbotId, bot.chatbotId))).map(
        (row) => [row.id, row.content],
      ),
    );
    const ranked = ids.map((id) => texts.get(id) ?? '');
    expect(new Set(ranked.slice(0, 3))).toEqual(new Set(both));
    for (const text of ranked.slice(3)) expect(text).toMatch(/^Courier team meeting/);
    // A first tier that fills the list is all there is.
    expect((await rankByBm25(db, bot.chatbotId, query, 2)).every((r) => both.includes(texts.get(r.id) ?? ''))).toBe(true);
    expect(await rankByBm25(db, bot.chatbotId, { ...query, candidateQueries: [] }, 10)).toEqual([]);
    // 2,023 chunks written and embedded: on a loaded machine PGlite takes well past the default 30 s.
  }, 180_000);

  it("fuses the halves' scaled scores by their shares: a model's vectors 0.4, the hashing embedder's 0.25", async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    const [a, b, c, x] = [
      'Solar panel warranty: the solar panel warranty covers every solar panel for ten years.',
      'The solar panel warranty moves to a new owner.',
      'Ask us about the panel warranty.',
      'The office opens at nine.',
    ] as const;
    // Vectors chosen so the nearest order is c, b, a, x, the reverse of the full-text order (a, b, c; x has no word).
    const unit = (e0: number, e1: number) => Array.from({ length: 384 }, (_, i) => (i === 0 ? e0 : i === 1 ? e1 : 0) / Math.hypot(e0, e1));
    const vectors = new Map<string, number[]>([
      [a, unit(1, 1)],
      [b, unit(1, 0.5)],
      [c, unit(1, 0)],
      [x, unit(0, 1)],
    ]);
    const question = 'solar panel warranty';
    const embedderOf = (provider: EmbedderProvider, model = 'fixed'): Embedder => ({
      id: `${provider}/${model}@384`,
      provider,
      model,
      dimensions: 384,
      embed: async (texts) => texts.map((text) => (text === question ? unit(1, 0) : vectors.get(text)!)),
    });
    await addSource(bot, [a, b, c, x], { embedder: embedderOf('local') });
    await compactTermCounts(db, bot.chatbotId);

    const retrieve = (embedder: Embedder, vectorShare?: number) =>
      retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question, embedder, topK: 4, ...(vectorShare === undefined ? {} : { vectorShare }) });
    const order = async (embedder: Embedder, vectorShare?: number) => (await retrieve(embedder, vectorShare)).map((p) => p.text);
    // Each half alone, then the hashing embedder's small share: the full-text order leads.
    expect(await order(embedderOf('openai'), 1)).toEqual([c, b, a, x]);
    expect((await order(embedderOf('openai'), 0)).slice(0, 3)).toEqual([a, b, c]);
    expect(await order(embedderOf('local', LOCAL_EMBEDDER_MODEL))).toEqual([a, b, c, x]);

    // A model's vectors (wherever it runs): every score is 0.4 × the scaled similarity + 0.6 × the scaled BM25 score.
    const similarity = new Map([...vectors].map(([text, v]) => [text, v[0]!]));
    const bm25 = new Map(
      await Promise.all(
        (await rankByBm25(db, bot.chatbotId, await fullTextQuery(db, bot.chatbotId, question), 10)).map(async (r) => {
          const [row] = await db.select({ content: documentChunks.content }).from(documentChunks).where(eq(documentChunks.id, r.id));
          return [row!.content, r.score] as const;
        }),
      ),
    );
    const scaled = (values: Map<string, number>, text: string) => {
      const all = [...values.values()];
      const [min, max] = [Math.min(...all), Math.max(...all)];
      return values.has(text) ? (values.get(text)! - min) / (max - min) : 0;
    };
    for (const embedder of [embedderOf('openai'), embedderOf('local', 'all-MiniLM-L6-v2')]) {
      const passages = await retrieve(embedder);
      for (const passage of passages) expect(passage.score).toBeCloseTo(0.4 * scaled(similarity, passage.text) + 0.6 * scaled(bm25, passage.text), 6);
      expect(passages.map((p) => p.score)).toEqual([...passages.map((p) => p.score)].sort((p, q) => q - p));
    }
  });
});
