import { randomUUID } from 'node:crypto';
import { TOKEN_CONVERSION_CACHE_MS, TOKEN_CONVERSION_DEFAULTS } from '@parley/shared/constants';
import type { TokenType } from '@parley/shared/contracts/token-conversion';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { tokenConversionConfig, tokenTypeConfig } from '../db/schema/index';
import type { Realtime } from '../lib/realtime';
import { countCharacters, estimateBillingTokens } from '../rag/tokens';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's token meter: chat messages, processed documents and the admin calculator all count with it. */
    tokenMeter: TokenMeter;
  }
}

/** Realtime topic announcing saved conversion rules: every process drops its cached copy. */
export const TOKEN_CONVERSION_TOPIC = 'cache:token-conversion';

/** The largest amount one metering writes (the ledger's integer column). */
const MAX_METERED = 2_147_483_647;

export interface TokenRates {
  charactersPerToken: number;
  tokensPerCharacter: number;
  multipliers: Record<TokenType, number>;
}

/**
 * The rules in force: the latest active conversion row and the active row of each token type. A missing or
 * inactive row counts as the spec's default (0.75 / 1.333, multiplier 1): "no rows" is tolerated (spec §8).
 */
export async function loadTokenRates(db: Db): Promise<TokenRates> {
  const [conversion] = await db
    .select({ charactersPerToken: tokenConversionConfig.charactersPerToken, tokensPerCharacter: tokenConversionConfig.tokensPerCharacter })
    .from(tokenConversionConfig)
    .where(eq(tokenConversionConfig.isActive, true))
    .orderBy(desc(tokenConversionConfig.updatedAt), desc(tokenConversionConfig.createdAt))
    .limit(1);
  const types = await db
    .select({ tokenType: tokenTypeConfig.tokenType, multiplier: tokenTypeConfig.baseRateMultiplier })
    .from(tokenTypeConfig)
    .where(eq(tokenTypeConfig.isActive, true));
  const multiplier = (type: TokenType) => types.find((row) => row.tokenType === type)?.multiplier ?? TOKEN_CONVERSION_DEFAULTS.multiplier;
  return {
    charactersPerToken: conversion?.charactersPerToken ?? TOKEN_CONVERSION_DEFAULTS.charactersPerToken,
    tokensPerCharacter: conversion?.tokensPerCharacter ?? TOKEN_CONVERSION_DEFAULTS.tokensPerCharacter,
    multipliers: { message: multiplier('message'), storage: multiplier('storage') },
  };
}

/** ceil(characters × tokens per character × multiplier), as an integer the ledger can hold. */
export function meterText(text: string, tokensPerCharacter: number, multiplier: number): number {
  return Math.min(MAX_METERED, estimateBillingTokens(text, tokensPerCharacter, multiplier));
}

/** What a document costs and the rule that gave it: ceil(characters × tokens per character × storage multiplier). */
export interface StorageCharge {
  tokens: number;
  characters: number;
  tokensPerCharacter: number;
  multiplier: number;
}

export function storageCharge(text: string, rates: TokenRates): StorageCharge {
  const { tokensPerCharacter } = rates;
  const multiplier = rates.multipliers.storage;
  return { tokens: meterText(text, tokensPerCharacter, multiplier), characters: countCharacters(text), tokensPerCharacter, multiplier };
}

export interface TokenMeter {
  /** The rules in force, from this process's cache (at most TOKEN_CONVERSION_CACHE_MS old, dropped on every save). */
  rates(): Promise<TokenRates>;
  /** Tokens a chat message costs (the message type's multiplier). */
  messageTokens(text: string): Promise<number>;
  /** Tokens a processed document costs (the storage type's multiplier). */
  storageTokens(text: string): Promise<number>;
  /** The same, with the rule that gave it (what a source shows and an estimate says). */
  storageCharge(text: string): Promise<StorageCharge>;
  /** After a save: this process forgets at once, every other process when the announcement reaches it. */
  announceChange(): Promise<void>;
  close(): void;
}

/**
 * One cache of the conversion rules per process (spec §9: cached 5 minutes), dropped when any process saves
 * new rules: the save announces it through app.realtime (in process, PostgreSQL NOTIFY or Redis).
 */
export function createTokenMeter(options: { db: Db; realtime: Realtime; log?: FastifyBaseLogger; maxAgeMs?: number }): TokenMeter {
  const { db, realtime, log, maxAgeMs = TOKEN_CONVERSION_CACHE_MS } = options;
  let cached: { value: TokenRates; at: number } | null = null;
  let loading: Promise<TokenRates> | null = null;
  // A read that started before an invalidation must not put its older answer back in the cache.
  let generation = 0;

  const invalidate = () => {
    generation += 1;
    cached = null;
    loading = null;
  };

  const load = (): Promise<TokenRates> => {
    if (loading) return loading;
    const started = generation;
    const pending = loadTokenRates(db).then(
      (value) => {
        if (started === generation) cached = { value, at: Date.now() };
        if (loading === pending) loading = null;
        return value;
      },
      (error: unknown) => {
        if (loading === pending) loading = null;
        throw error;
      },
    );
    loading = pending;
    return pending;
  };

  const rates = async () => (cached && Date.now() - cached.at < maxAgeMs ? cached.value : load());
  // A save forgets at once in the saving process; its own announcement comes back later through the
  // transport and, if obeyed, would drop the copy read since (a needless reload, and a cache that
  // seemed to forget at random). Each meter tags what it announces and ignores its own echo.
  const origin = randomUUID();
  const unsubscribe = realtime.subscribe(TOKEN_CONVERSION_TOPIC, (event) => {
    if ((event as { origin?: unknown } | null)?.origin !== origin) invalidate();
  });

  return {
    rates,
    async messageTokens(text) {
      const current = await rates();
      return meterText(text, current.tokensPerCharacter, current.multipliers.message);
    },
    async storageTokens(text) {
      const current = await rates();
      return meterText(text, current.tokensPerCharacter, current.multipliers.storage);
    },
    async storageCharge(text) {
      return storageCharge(text, await rates());
    },
    async announceChange() {
      invalidate();
      // Should the announcement fail, the other processes still pick the change up within the cache's lifetime.
      await realtime
        .publish(TOKEN_CONVERSION_TOPIC, { at: Date.now(), origin })
        .catch((error: unknown) => log?.warn({ err: error }, 'token conversion change not announced'));
    },
    close() {
      unsubscribe();
      invalidate();
    },
  };
}
