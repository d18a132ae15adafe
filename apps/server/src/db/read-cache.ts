import { getTableName } from 'drizzle-orm';
import { READ_CACHE_CHANNEL, type Database } from './client';
import {
  adminUsers,
  chatbotActions,
  chatbots,
  customerApiKeys,
  documentChunks,
  knowledgeSources,
  organizations,
  subscriptionTierLimits,
  webhookConfigs,
} from './schema/index';

/**
 * The tables whose every change is announced to every node, at commit: only rows of these can be cached. A table
 * joins the list with a trigger of its own in a migration (db/read-cache.test.ts checks each has one).
 */
export const NOTIFYING_TABLES = [
  chatbots,
  organizations,
  subscriptionTierLimits,
  webhookConfigs,
  chatbotActions,
  // A chatbot's knowledge, for the passages of repeated questions (rag/retrieval-cache.ts, migration 0038).
  documentChunks,
  knowledgeSources,
  // The API key a secret is, and whether an admin key's creator is still an active administrator (migration 0040).
  customerApiKeys,
  adminUsers,
] as const;
export type NotifyingTable = (typeof NOTIFYING_TABLES)[number];

/** Enough for every live chatbot and organization of a large installation; past it the least recently read go. */
export const READ_CACHE_MAX_ENTRIES = 10_000;

/**
 * Rows that every chat turn reads and that almost never change (the chatbot, its organization's tier, who listens to
 * its webhooks), kept in this process's memory and dropped when a row of their tables changes on any node
 * (decisions/0040-chat-turn-read-cache-and-writes.md).
 */
export interface ReadCache {
  /**
   * The value kept under `key`, else what `load` reads, kept until a row of one of `tables` changes. The key names
   * what is read (`chatbot:<id>`): one key, one kind of value. `load` reads committed rows only (not in a transaction
   * that changed one of `tables`: a rollback announces nothing). `undefined` is never kept: a flood of unknown ids
   * must not push out the rows that exist. A kept value is shared by every reader: nobody changes it.
   */
  read<T>(tables: readonly NotifyingTable[], key: string, load: () => Promise<T>): Promise<T>;
  /** Whether reads are served from memory: not before the first LISTEN holds, nor while its connection is down. */
  readonly isServing: boolean;
  /** How many values are kept. */
  readonly size: number;
  close(): Promise<void>;
}

interface Entry {
  value: unknown;
  tables: readonly string[];
  size: number;
}

/** The cache of one app, listening on its database until closed. */
export async function createReadCache(
  database: Pick<Database, 'listen'>,
  options: {
    maxEntries?: number;
    /**
     * With `sizeOf`, the most the kept values may weigh together (in `sizeOf`'s unit), for values whose size varies
     * widely (passages carry chunk text); past it the least recently read go, and a value heavier alone is not kept.
     */
    maxSize?: number;
    sizeOf?: (value: unknown) => number;
    onWarning?: (message: string) => void;
  } = {},
): Promise<ReadCache> {
  const maxEntries = options.maxEntries ?? READ_CACHE_MAX_ENTRIES;
  const maxSize = options.maxSize ?? Infinity;
  const sizeOf = options.sizeOf ?? (() => 0);
  // In reading order, least recent first: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  let keptSize = 0;
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    keptSize -= entry.size;
  };
  const dropAll = () => {
    entries.clear();
    keptSize = 0;
  };
  // Each table's changes so far, and `epoch` the times listening stopped or resumed: a load is kept only when none of
  // its tables changed and listening never stopped between its start and its end. All only grow, so their sum moves
  // exactly when one of them does.
  const changes = new Map<string, number>();
  let epoch = 0;
  let isServing = false;
  const version = (tables: readonly string[]) => tables.reduce((sum, table) => sum + (changes.get(table) ?? 0), epoch);

  const stop = await database.listen(READ_CACHE_CHANNEL, {
    onNotify: (table) => {
      changes.set(table, (changes.get(table) ?? 0) + 1);
      for (const [key, entry] of entries) if (entry.tables.includes(table)) drop(key, entry);
    },
    // While nothing arrives, a kept value could be stale for good: every read goes to the database, and what was kept
    // before is dropped (changes made meanwhile were not heard).
    onListening: (isListening) => {
      epoch += 1;
      dropAll();
      isServing = isListening;
    },
    onError: (message) => options.onWarning?.(`read cache (reading the database until it listens): ${message}`),
  });

  return {
    async read<T>(tables: readonly NotifyingTable[], key: string, load: () => Promise<T>): Promise<T> {
      if (!isServing) return load();
      const kept = entries.get(key);
      if (kept) {
        entries.delete(key);
        entries.set(key, kept);
        return kept.value as T;
      }
      const names = tables.map((table) => getTableName(table));
      const before = version(names);
      const value = await load();
      const size = value === undefined ? 0 : sizeOf(value);
      if (value !== undefined && version(names) === before && size <= maxSize) {
        // Two reads of one key that missed at once both load: the later value replaces the earlier, and its size too.
        const earlier = entries.get(key);
        if (earlier) drop(key, earlier);
        entries.set(key, { value, tables: names, size });
        keptSize += size;
        while (entries.size > maxEntries || keptSize > maxSize) {
          const [oldest, entry] = entries.entries().next().value!;
          drop(oldest, entry);
        }
      }
      return value;
    },
    get isServing() {
      return isServing;
    },
    get size() {
      return entries.size;
    },
    async close() {
      epoch += 1;
      isServing = false;
      dropAll();
      await stop();
    },
  };
}
