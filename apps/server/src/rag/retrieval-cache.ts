import type { Database } from '../db/client';
import { createReadCache, type ReadCache } from '../db/read-cache';
import { documentChunks, knowledgeSources } from '../db/schema/index';
import { retrievePassages, type Passage } from './retrieval';

/**
 * The passages of questions asked before, kept in memory until the chatbot's knowledge changes on any node
 * (decisions/0053-retrieval-cache.md). Website visitors ask the same questions again and again; a repeated one costs
 * no SQL statement and no embedding.
 *
 * They live in a read cache of their own, not in the app's (db/read-cache.ts): each of its entries is a few passages
 * of chunk text, and a flood of distinct questions must not push out the chatbots and tiers every turn reads. It is
 * bounded twice: by entries, and by the characters its passages hold (a chatbot may have 20 passages of 8,000
 * characters a question), about 32 MB of strings at most.
 */
export const RETRIEVAL_CACHE_MAX_ENTRIES = 2_000;
export const RETRIEVAL_CACHE_MAX_CHARACTERS = 16_000_000;

/**
 * What retrieval reads: a chatbot's chunks (with the term counts their triggers keep) and its sources' names. A source
 * claiming chunks written in steps (rag/chunk-writes.ts) sets its chunks_write_id, which is announced, as is every
 * chunk statement. The chatbot's own settings are in the key instead (its topK, its embedder's id: provider, model
 * and dimensions), so renaming or re-prompting any chatbot leaves these entries be; a deleted chatbot takes its chunks
 * and sources with it, which is announced.
 */
const KNOWLEDGE_TABLES = [documentChunks, knowledgeSources] as const;

/** Roughly the characters a result holds: its texts and source names, and its ids and score. */
function charactersOf(value: unknown): number {
  return (value as readonly Passage[]).reduce((sum, passage) => sum + passage.text.length + passage.sourceName.length + 100, 0);
}

/** The app's retrieval cache, listening on its database until closed (its own LISTEN connection on PostgreSQL). */
export function createRetrievalCache(
  database: Pick<Database, 'listen'>,
  options: { maxEntries?: number; maxCharacters?: number; onWarning?: (message: string) => void } = {},
): Promise<ReadCache> {
  return createReadCache(database, {
    maxEntries: options.maxEntries ?? RETRIEVAL_CACHE_MAX_ENTRIES,
    maxSize: options.maxCharacters ?? RETRIEVAL_CACHE_MAX_CHARACTERS,
    sizeOf: charactersOf,
    ...(options.onWarning ? { onWarning: options.onWarning } : {}),
  });
}

export type RetrievalInput = Parameters<typeof retrievePassages>[1];

/**
 * retrievePassages, from `cache` when this question was asked of the chatbot since its knowledge last changed
 * (without a cache, or while it is not listening, from the database every time). The question is trimmed and
 * otherwise taken exactly: an embedder may tell case apart.
 *
 * The passages are frozen: one array is handed to every turn that asks the question, and a turn that changed it
 * would change the others' answers. The chat turn and the answerers only read them.
 */
export async function retrievePassagesCached(database: Database, cache: ReadCache | undefined, input: RetrievalInput): Promise<Passage[]> {
  const asked = { ...input, question: input.question.trim() };
  const retrieve = async () => Object.freeze((await retrievePassages(database, asked)).map((passage) => Object.freeze(passage))) as Passage[];
  if (!cache) return retrieve();
  const key = `retrieval:${JSON.stringify([asked.chatbotId, asked.embedder.id, asked.topK, asked.vectorShare ?? null, asked.question])}`;
  return cache.read(KNOWLEDGE_TABLES, key, retrieve);
}
