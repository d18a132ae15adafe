import { TOKEN_CONVERSION_DEFAULTS } from '@parley/shared/constants';
import { tokenConversionVersion, type TokenConversion, type TokenType, type TokenTypeConfig } from '@parley/shared/contracts/token-conversion';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { tokenConversionConfig, tokenTypeConfig } from '../../db/schema/index';
import { formatSavedAt } from '../../lib/edit-conflict';
import { AppError } from '../../lib/app-error';
import { countCharacters } from '../../rag/tokens';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { meterText, type TokenMeter } from '../../services/token-meter';

type SaveInput = { conversion: { charactersPerToken: number; tokensPerCharacter: number }; expectedVersion?: string | null } & Record<
  TokenType,
  { description: string; baseRateMultiplier: number; isActive: boolean }
>;

const DEFAULT_DESCRIPTIONS: Record<TokenType, string> = {
  message: 'Chat messages: the visitor’s question and the answer.',
  storage: 'Training data: the text of documents when they are processed.',
};

async function latestActiveConversion(db: Db | Tx) {
  const [row] = await db
    .select()
    .from(tokenConversionConfig)
    .where(eq(tokenConversionConfig.isActive, true))
    .orderBy(desc(tokenConversionConfig.updatedAt), desc(tokenConversionConfig.createdAt))
    .limit(1);
  return row ?? null;
}

/** Spec §7: the latest active conversion row and the active row of each type; defaults where there is none. */
export async function getTokenConversion(db: Db | Tx): Promise<TokenConversion> {
  const conversion = await latestActiveConversion(db);
  const types = await db.select().from(tokenTypeConfig);
  const typeConfig = (tokenType: TokenType): TokenTypeConfig => {
    const row = types.find((t) => t.tokenType === tokenType);
    return row
      ? { tokenType, description: row.description, baseRateMultiplier: row.baseRateMultiplier, isActive: row.isActive, updatedAt: row.updatedAt.toISOString() }
      : { tokenType, description: DEFAULT_DESCRIPTIONS[tokenType], baseRateMultiplier: TOKEN_CONVERSION_DEFAULTS.multiplier, isActive: true, updatedAt: null };
  };
  return {
    conversion: {
      charactersPerToken: conversion?.charactersPerToken ?? TOKEN_CONVERSION_DEFAULTS.charactersPerToken,
      tokensPerCharacter: conversion?.tokensPerCharacter ?? TOKEN_CONVERSION_DEFAULTS.tokensPerCharacter,
      updatedAt: conversion?.updatedAt.toISOString() ?? null,
    },
    message: typeConfig('message'),
    storage: typeConfig('storage'),
  };
}

async function saveTokenType(tx: Tx, tokenType: TokenType, input: SaveInput[TokenType], at: Date) {
  const values = { description: input.description, baseRateMultiplier: input.baseRateMultiplier, isActive: input.isActive, updatedAt: at };
  await tx
    .insert(tokenTypeConfig)
    .values({ tokenType, ...values })
    .onConflictDoUpdate({ target: tokenTypeConfig.tokenType, set: values });
}

/**
 * Spec §4: conversion, then message, then storage — here in ONE transaction, so a failure in any part leaves all
 * three as they were. The caller announces the change to every process afterwards (TokenMeter.announceChange).
 * Input is validated by the route's contract; the database's CHECK constraints guard whatever else writes.
 */
export async function saveTokenConversion(db: Db, input: SaveInput, actorId: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    // One save at a time, so the version checked is the version replaced.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('parley:token-conversion'))`);
    if (input.expectedVersion !== undefined) {
      const version = tokenConversionVersion(await getTokenConversion(tx));
      const expected = input.expectedVersion === null ? null : new Date(input.expectedVersion).toISOString();
      if (version !== expected) {
        throw new AppError(
          'CONFLICT',
          `Another administrator saved the conversion rules${version ? ` at ${formatSavedAt(version)}` : ''} since you opened them. Their values are shown now: save again to replace them with yours.`,
        );
      }
    }
    const at = new Date();
    const current = await latestActiveConversion(tx);
    const rates = { charactersPerToken: input.conversion.charactersPerToken, tokensPerCharacter: input.conversion.tokensPerCharacter };
    if (current)
      await tx
        .update(tokenConversionConfig)
        .set({ ...rates, updatedAt: at })
        .where(eq(tokenConversionConfig.id, current.id));
    else await tx.insert(tokenConversionConfig).values({ ...rates, isActive: true, createdAt: at, updatedAt: at });
    await saveTokenType(tx, 'message', input.message, at);
    await saveTokenType(tx, 'storage', input.storage, at);
    await logAdminActivity(
      tx,
      {
        action: 'token_conversion_updated',
        resourceType: 'token_conversion_config',
        resourceId: current?.id ?? null,
        adminUserId: actorId,
        details: {
          characters_per_token: rates.charactersPerToken,
          tokens_per_character: rates.tokensPerCharacter,
          message_multiplier: input.message.baseRateMultiplier,
          storage_multiplier: input.storage.baseRateMultiplier,
          previous: current ? { characters_per_token: current.charactersPerToken, tokens_per_character: current.tokensPerCharacter } : null,
        },
      },
      context,
    );
  });
}

/** The calculator (spec §7 "uses a cached token conversion service"): the very meter chat and ingestion use. */
export async function calculateTokens(meter: TokenMeter, text: string) {
  const rates = await meter.rates();
  return {
    characters: countCharacters(text),
    tokensPerCharacter: rates.tokensPerCharacter,
    estimatedTokens: meterText(text, rates.tokensPerCharacter, 1),
    message: { multiplier: rates.multipliers.message, tokens: meterText(text, rates.tokensPerCharacter, rates.multipliers.message) },
    storage: { multiplier: rates.multipliers.storage, tokens: meterText(text, rates.tokensPerCharacter, rates.multipliers.storage) },
  };
}
