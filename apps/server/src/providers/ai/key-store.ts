import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { systemApiKeys } from '../../db/schema/index';
import { createSecretBox, SecretDecryptionError } from '../../lib/secrets';

/** The providers whose keys the system API keys screen stores (the first is the embedding provider). */
export type KeyService = (typeof systemApiKeys.$inferSelect)['serviceName'];
/** What a key is used for; a key's scope is 'all' or one of these. */
export type KeyPurpose = 'chat' | 'embeddings';

/** The purpose label of the encryption of stored provider keys (lib/secrets derives one key per purpose). */
export const SYSTEM_API_KEYS_SECRET_PURPOSE = 'system-api-keys';

export interface ProviderCredentials {
  apiKey: string;
  baseURL?: string;
  source: 'system_key' | 'environment';
  /** The stored key used, when it came from the system API keys screen. */
  keyId?: string;
}

/** What resolving keys needs from the running server (the app, or chat's dependencies, have these). */
export interface AiKeyDeps {
  db: Db;
  config: Config;
  log?: FastifyBaseLogger;
}

/** Usage days are UTC: a key's counter restarts with the first use of a new UTC day. */
export const utcDay = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

const environmentCredentials = (config: Config, service: KeyService): ProviderCredentials | null => {
  const fromEnv = config.ai[service];
  return fromEnv ? { apiKey: fromEnv.apiKey, ...(fromEnv.baseURL ? { baseURL: fromEnv.baseURL } : {}), source: 'environment' } : null;
};

const scopeFits = (purpose: KeyPurpose) => inArray(systemApiKeys.scope, ['all', purpose]);

/** A stored key may be used now: active, and either system tier (unlimited) or under its daily limit today. */
const usableToday = (today: string) =>
  and(
    eq(systemApiKeys.isActive, true),
    or(
      eq(systemApiKeys.tier, 'system'),
      isNull(systemApiKeys.usageLimitPerDay),
      sql`${systemApiKeys.lastUsedDate} IS DISTINCT FROM ${today}::date`,
      sql`${systemApiKeys.usageCountToday} < ${systemApiKeys.usageLimitPerDay}`,
    ),
  );

/**
 * Credentials for ONE use of a provider (answering one question, embedding one question or one
 * document), counted against the key used. Order: an active system-tier key, then free-tier keys
 * still under their daily limit (oldest first), then the environment's key. A free key's counter
 * is checked and raised in one statement, so concurrent uses never exceed its limit. Null when
 * nothing is available: the caller falls back (the built-in answerer) or fails with a clear reason.
 */
export async function acquireProviderCredentials(
  deps: AiKeyDeps,
  service: KeyService,
  purpose: KeyPurpose,
  now: Date = new Date(),
): Promise<ProviderCredentials | null> {
  const { db, config } = deps;
  const today = utcDay(now);
  const candidates = await db
    .select({ id: systemApiKeys.id })
    .from(systemApiKeys)
    .where(and(eq(systemApiKeys.serviceName, service), scopeFits(purpose), usableToday(today)))
    .orderBy(desc(sql`${systemApiKeys.tier} = 'system'`), asc(systemApiKeys.createdAt), asc(systemApiKeys.id));
  const box = createSecretBox(config.secretKey, SYSTEM_API_KEYS_SECRET_PURPOSE);
  for (const candidate of candidates) {
    const [row] = await db
      .update(systemApiKeys)
      .set({
        usageCountToday: sql`CASE WHEN ${systemApiKeys.lastUsedDate} = ${today}::date THEN ${systemApiKeys.usageCountToday} + 1 ELSE 1 END`,
        lastUsedDate: today,
      })
      .where(and(eq(systemApiKeys.id, candidate.id), usableToday(today)))
      .returning({ encryptedValue: systemApiKeys.encryptedValue });
    // Another request took the last use of the day (or an admin turned it off) in the meantime.
    if (!row) continue;
    try {
      const baseURL = config.aiBaseUrls[service];
      return { apiKey: box.decrypt(row.encryptedValue), ...(baseURL ? { baseURL } : {}), source: 'system_key', keyId: candidate.id };
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      // Sealed under another PARLEY_SECRET_KEY: unusable until re-entered.
      deps.log?.error({ keyId: candidate.id, service }, 'a stored provider credential cannot be decrypted with this server’s secret; re-enter it');
    }
  }
  return environmentCredentials(config, service);
}

/** Whether a use would find credentials now (nothing is counted): new chatbots embed with OpenAI only then. */
export async function hasProviderCredentials(deps: AiKeyDeps, service: KeyService, purpose: KeyPurpose, now: Date = new Date()): Promise<boolean> {
  if (deps.config.ai[service]) return true;
  const [row] = await deps.db
    .select({ id: systemApiKeys.id })
    .from(systemApiKeys)
    .where(and(eq(systemApiKeys.serviceName, service), scopeFits(purpose), usableToday(utcDay(now))))
    .limit(1);
  return Boolean(row);
}
