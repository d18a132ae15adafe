import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { chatbots, documentChunks, knowledgeSources } from '../../db/schema/index';
import { vectorLiteral } from '../../db/vector';
import { createLocalEmbedder } from '../../rag/embedders/local';
import type { Embedder, EmbedderProvider } from '../../rag/embedders/types';
import { insertChatbotRows } from '../../test/chatbot-rows';
import { describeEachDatabase } from '../../test/harness';
import { compactTermCounts } from '../knowledge-sources/term-counts';
import { chooseCandidateQueries, chooseCandidateTerms, fullTextQueries, prefixQuery, questionTerms, rankByFullText, retrievePassages } from './retrieval';

describe('questionTerms and prefixQuery', () => {
  it('keeps content words as prefix terms and drops stop words and syntax', () => {
    expect(prefixQuery(questionTerms('How long do refunds take?'))).toBe('refund:*');
    expect(prefixQuery(questionTerms("What's the launch code for project Zephyr? | & ! :*"))).toBe('launch:* | code:* | project:* | zephyr:*');
    expect(questionTerms('the of and')).toEqual([]);
    expect(prefixQuery([])).toBeNull();
  });

  it('looks for the -ies and -ied forms of a word the stemmer ended in -y, which the full-text index keeps as written', () => {
    expect(prefixQuery(questionTerms('What are your refund policies?'))).toBe('refund:* | (policy:* | polici:*)');
    expect(prefixQuery(questionTerms('Which policy applied to deliveries?'))).toBe('(policy:* | polici:*) | (apply:* | appli:*) | (delivery:* | deliveri:*)');
    // A vowel before the y keeps its forms under one prefix ("keys", "delayed"); a three-letter stem is left alone.
    expect(prefixQuery(questionTerms('delayed keys they tried'))).toBe('delay:* | key:* | try:*');
  });
});

describe('chooseCandidateTerms', () => {
  it('takes the rarest terms while the chunks they match stay within the budget', () => {
    const counts = new Map([
      ['shipping', 900],
      ['parcel', 40],
      ['zephyr', 2],
      ['launch', 2],
      ['missing', 0],
    ]);
    expect(chooseCandidateTerms(counts, 500)).toEqual(['launch', 'zephyr', 'parcel']);
    expect(chooseCandidateTerms(counts, 4)).toEqual(['launch', 'zephyr']);
    expect(chooseCandidateTerms(counts, 10_000)).toEqual(['launch', 'zephyr', 'parcel', 'shipping']);
  });

  it('keeps the rarest term even past the budget, and none the chunks do not hold', () => {
    expect(chooseCandidateTerms(new Map([['shipping', 900]]), 500)).toEqual(['shipping']);
    expect(chooseCandidateTerms(new Map([['missing', 0]]), 500)).toEqual([]);
  });
});

describe('chooseCandidateQueries', () => {
  it('is one tier of the rarer terms while the rarest is within the budget', () => {
    const counts = new Map([
      ['shipping', 900],
      ['parcel', 40],
      ['zephyr', 2],
    ]);
    expect(chooseCandidateQueries(counts, 500)).toEqual(['zephyr:* | parcel:*']);
    expect(chooseCandidateQueries(new Map([['missing', 0]]), 500)).toEqual([]);
  });

  it('puts the chunks holding the two rarest terms first when every term is past the budget', () => {
    const counts = new Map([
      ['shipping', 900],
      ['alpha', 601],
      ['notes', 2000],
      ['missing', 0],
    ]);
    expect(chooseCandidateQueries(counts, 500)).toEqual(['alpha:* & shipping:*', 'alpha:*']);
    expect(chooseCandidateQueries(new Map([['shipping', 900]]), 500)).toEqual(['shipping:*']);
    expect(
      chooseCandidateQueries(
        new Map([
          ['shipping', 900],
          ['missing', 0],
        ]),
        500,
      ),
    ).toEqual(['shipping:*']);
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

  /** The stored counts (the sum of each term's rows), and the same counted afresh from the chunks: always equal. */
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
    expect(stored).toEqual(recounted);
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

    const counts = await countsOf(bot.chatbotId);
    expect(counts.get('alpha')).toBe(601);
    expect(counts.get('shipping')).toBe(600);
    expect(counts.get('zephyr')).toBe(1);
    expect(counts.get('zephyrs')).toBe(1);
    expect((await countsOf(other.chatbotId)).get('zephyr')).toBe(1);

    // Deleting a source (its chunks go by cascade) takes its terms away.
    await db.delete(knowledgeSources).where(eq(knowledgeSources.id, rare));
    const after = await countsOf(bot.chatbotId);
    expect(after.get('alpha')).toBe(600);
    expect(after.has('zephyr')).toBe(false);
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
    expect(counts.get('shipping')).toBe(600);
    expect(counts.get('handbook')).toBe(300);
    await compactTermCounts(db, bot.chatbotId);
    expect(await rowCount(bot.chatbotId)).toBe(counts.size);
  });

  it('picks full-text candidates by the rarer words and ranks them by all of them', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    await addSource(
      bot,
      Array.from({ length: 600 }, (_, i) => `Alpha shipping notes, parcel ${i}: handed to the carrier within two days.`),
    );
    await addSource(bot, ['The Zephyr launch code is 7421.', 'Zephyrs migrate north in spring, alpha first.']);

    // "alpha" is in 601 chunks, past the budget: it ranks the candidates but does not pick them. "zephyr" is a
    // prefix of two terms.
    expect(await fullTextQueries(db, bot.chatbotId, 'What is the alpha Zephyr launch code?')).toEqual({
      candidateQueries: ['code:* | launch:* | zephyr:*'],
      rankQuery: 'alpha:* | zephyr:* | launch:* | code:*',
    });
    // Only common words: the chunks holding the two rarest come first, then the rarest's others.
    expect(await fullTextQueries(db, bot.chatbotId, 'alpha shipping')).toEqual({
      candidateQueries: ['ship:* & alpha:*', 'ship:*'],
      rankQuery: 'alpha:* | ship:*',
    });
    // Words no chunk holds pick nothing; the vector half still answers.
    expect(await fullTextQueries(db, bot.chatbotId, 'xylophones?')).toEqual({ candidateQueries: [], rankQuery: 'xylophone:*' });
    expect(await fullTextQueries(db, bot.chatbotId, 'How do I?')).toEqual({ candidateQueries: [], rankQuery: null });

    const passages = await retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question: 'What is the alpha Zephyr launch code?', embedder, topK: 3 });
    expect(passages[0]?.text).toBe('The Zephyr launch code is 7421.');
    expect(await retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question: 'How do I?', embedder, topK: 3 })).toHaveLength(3);
  });

  it('finds "policies" and "applied" in the chunks from a question saying "policy" or "policies", "applies"', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    await addSource(bot, [
      'Our cancellation policies: a booking can be cancelled up to a day before.',
      'Discounts applied at checkout are shown on the receipt.',
      'Opening hours are nine to five.',
    ]);
    const counts = await countsOf(bot.chatbotId);
    expect(counts.get('policies')).toBe(1);
    expect(counts.has('policy')).toBe(false);

    const queries = await fullTextQueries(db, bot.chatbotId, 'What are the cancellation policy rules?');
    // "policy" is counted by the chunk that holds "policies", so it is among the rarer terms that pick the candidates.
    expect(queries.candidateQueries).toEqual(['cancellation:* | (policy:* | polici:*)']);
    expect(await rankByFullText(db, bot.chatbotId, { candidateQueries: ['(policy:* | polici:*)'], rankQuery: queries.rankQuery }, 5)).toHaveLength(1);
    for (const question of ['Which policies are there?', 'Is my discount applied?', 'Which discount applies?']) {
      const { candidateQueries, rankQuery } = await fullTextQueries(db, bot.chatbotId, question);
      const ids = await rankByFullText(db, bot.chatbotId, { candidateQueries, rankQuery }, 5);
      expect(ids, question).toHaveLength(1);
    }
    const passages = await retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question: 'policy', embedder, topK: 1 });
    expect(passages[0]?.text).toMatch(/cancellation policies/);
  });

  it('ranks the chunks holding both of the two rarest common words first, then fills from the rarest word alone', async () => {
    const { db } = ctx().database;
    const bot = await createChatbot(db);
    // Every word of the question is past the budget: "courier" in 503 chunks, "parcel" in 523; three hold both.
    const both = ['Courier parcels: express delivery 1.', 'Courier parcels: express delivery 2.', 'Courier parcels: express delivery 3.'];
    await addSource(bot, [
      ...both,
      ...Array.from({ length: 500 }, (_, i) => `Courier team meeting ${i}, every Monday morning.`),
      ...Array.from({ length: 520 }, (_, i) => `Parcel ${i} left the warehouse today.`),
    ]);
    const queries = await fullTextQueries(db, bot.chatbotId, 'courier parcel');
    expect(queries.candidateQueries).toEqual(['courier:* & parcel:*', 'courier:*']);

    const ids = await rankByFullText(db, bot.chatbotId, queries, 10);
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
    expect((await rankByFullText(db, bot.chatbotId, queries, 2)).every((id) => both.includes(texts.get(id) ?? ''))).toBe(true);
    expect(await rankByFullText(db, bot.chatbotId, { candidateQueries: [], rankQuery: 'courier:*' }, 10)).toEqual([]);
    // 1,023 chunks written and embedded: on a loaded machine PGlite takes well past the default 30 s.
  }, 180_000);

  it("gives the built-in embedder's vectors half the full text's say, and model embeddings an equal one", async () => {
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
    const embedderOf = (provider: EmbedderProvider): Embedder => ({
      id: `${provider}/fixed@384`,
      provider,
      model: 'fixed',
      dimensions: 384,
      embed: async (texts) => texts.map((text) => (text === question ? unit(1, 0) : vectors.get(text)!)),
    });
    await addSource(bot, [a, b, c, x], { embedder: embedderOf('local') });

    const order = async (provider: EmbedderProvider) =>
      (await retrievePassages(ctx().database, { chatbotId: bot.chatbotId, question, embedder: embedderOf(provider), topK: 4 })).map((p) => p.text);
    // Half weight: the full-text order leads, and the passage no word matched comes last.
    expect(await order('local')).toEqual([a, b, c, x]);
    // Equal say: c, first by meaning and third by words, comes first (1/61 + 1/63 > 2/62 for b).
    expect(await order('openai')).toEqual([c, a, b, x]);
  });
});
