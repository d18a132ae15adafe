import { EMBEDDING_KEY_SERVICE, SYSTEM_KEY_SERVICES, SYSTEM_KEYS_MAX } from '@parley/shared/constants';
import type {
  CreateSystemApiKeyBody,
  SystemApiKey,
  SystemApiKeyList,
  SystemKeyService,
  UpdateSystemApiKeyBody,
} from '@parley/shared/contracts/system-api-keys';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { systemApiKeys } from '../../db/schema/index';
import { isUniqueViolation } from '../../lib/database-errors';
import { AppError } from '../../lib/app-error';
import { createSecretBox } from '../../lib/secrets';
import { SYSTEM_API_KEYS_SECRET_PURPOSE, utcDay } from '../../providers/ai/key-store';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';

type Row = typeof systemApiKeys.$inferSelect;

/*
 * Messages here avoid the words the error sanitiser hides (key, token, secret…), so that the
 * admin reads the reason; the spec's own titles ("Failed to create system key"…) are the web's.
 */
const NOT_FOUND = 'This entry no longer exists. Refresh the list.';
const nameTaken = (name: string) => `The name "${name}" is already in use. Choose another name.`;

/** Every column except the encrypted value: it never leaves the service. */
const publicColumns = {
  id: systemApiKeys.id,
  serviceName: systemApiKeys.serviceName,
  keyName: systemApiKeys.keyName,
  tier: systemApiKeys.tier,
  scope: systemApiKeys.scope,
  description: systemApiKeys.description,
  isActive: systemApiKeys.isActive,
  usageCountToday: systemApiKeys.usageCountToday,
  usageLimitPerDay: systemApiKeys.usageLimitPerDay,
  lastUsedDate: systemApiKeys.lastUsedDate,
  last4: systemApiKeys.last4,
  createdAt: systemApiKeys.createdAt,
  updatedAt: systemApiKeys.updatedAt,
};
type PublicRow = Omit<Row, 'encryptedValue' | 'createdBy'>;

function toSystemApiKey(row: PublicRow, today = utcDay()): SystemApiKey {
  return {
    id: row.id,
    serviceName: row.serviceName,
    keyName: row.keyName,
    tier: row.tier,
    scope: row.scope as SystemApiKey['scope'],
    description: row.description,
    isActive: row.isActive,
    // The counter restarts with the first use of a new UTC day; until then it is yesterday's.
    usageCountToday: row.lastUsedDate === today ? row.usageCountToday : 0,
    usageLimitPerDay: row.tier === 'free' ? row.usageLimitPerDay : null,
    lastUsedDate: row.lastUsedDate,
    last4: row.last4,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** All stored entries (at most SYSTEM_KEYS_MAX), by service, system tier first; and whether the embedding provider has a credential. */
export async function listSystemApiKeys(db: Db, config: Config): Promise<SystemApiKeyList> {
  const rows = await db
    .select(publicColumns)
    .from(systemApiKeys)
    .orderBy(asc(systemApiKeys.serviceName), desc(systemApiKeys.tier), asc(systemApiKeys.createdAt))
    .limit(SYSTEM_KEYS_MAX);
  const today = utcDay();
  const items = rows.map((row) => toSystemApiKey(row, today));
  const environmentServices = SYSTEM_KEY_SERVICES.filter((service) => Boolean(config.ai[service]));
  const embeddingService = EMBEDDING_KEY_SERVICE as SystemKeyService;
  const stored = items.filter((k) => k.serviceName === embeddingService && k.isActive && (k.scope === 'all' || k.scope === 'embeddings'));
  const hasStored = stored.length > 0;
  const atLimit = (k: SystemApiKey) => k.tier === 'free' && k.usageLimitPerDay !== null && k.usageCountToday >= k.usageLimitPerDay;
  const hasEnvironment = environmentServices.includes(embeddingService);
  // New chatbots embed with the OpenAI-compatible server's model when one is named (providers/ai/models.ts defaultEmbedding).
  const hasCompatible = Boolean(config.ai.openaiCompatibleEmbedding);
  return {
    items,
    embeddingProvider: {
      service: embeddingService,
      configured: hasCompatible || hasStored || hasEnvironment,
      source: hasCompatible ? 'openai_compatible' : hasStored ? 'system_key' : hasEnvironment ? 'environment' : null,
      dailyLimitReached: !hasCompatible && !hasEnvironment && hasStored && stored.every(atLimit),
    },
    environmentServices,
  };
}

async function findKey(db: Pick<Db, 'select'>, id: string): Promise<PublicRow> {
  const [row] = await db.select(publicColumns).from(systemApiKeys).where(eq(systemApiKeys.id, id));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return row;
}

/** Stores a provider credential encrypted (lib/secrets); only its last 4 characters are kept readable. */
export async function createSystemApiKey(
  db: Db,
  secretKey: string,
  input: CreateSystemApiKeyBody & { actorId: string },
  context: RequestContext,
): Promise<SystemApiKey> {
  const value = input.apiKey.trim();
  const tier = input.tier ?? 'system';
  const encryptedValue = createSecretBox(secretKey, SYSTEM_API_KEYS_SECRET_PURPOSE).encrypt(value);
  try {
    return await db.transaction(async (tx) => {
      // One creation at a time, so concurrent adds cannot pass the cap together.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('system_api_keys:create'))`);
      const [total] = await tx.select({ n: count() }).from(systemApiKeys);
      if (Number(total?.n ?? 0) >= SYSTEM_KEYS_MAX) {
        throw new AppError('CONFLICT', `At most ${SYSTEM_KEYS_MAX} entries can be stored. Delete unused ones first.`);
      }
      const [taken] = await tx.select({ id: systemApiKeys.id }).from(systemApiKeys).where(eq(systemApiKeys.keyName, input.keyName));
      if (taken) throw new AppError('CONFLICT', nameTaken(input.keyName));
      const [row] = await tx
        .insert(systemApiKeys)
        .values({
          serviceName: input.serviceName,
          keyName: input.keyName,
          encryptedValue,
          last4: value.slice(-4),
          tier,
          scope: input.scope ?? 'all',
          description: input.description ?? '',
          usageLimitPerDay: tier === 'free' ? (input.usageLimitPerDay ?? null) : null,
          createdBy: input.actorId,
        })
        .returning(publicColumns);
      await logAdminActivity(
        tx,
        {
          action: 'system_api_key_created',
          resourceType: 'system_api_key',
          resourceId: row!.id,
          adminUserId: input.actorId,
          details: { key_name: row!.keyName, service_name: row!.serviceName, tier: row!.tier, scope: row!.scope, usage_limit_per_day: row!.usageLimitPerDay },
        },
        context,
      );
      return toSystemApiKey(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', nameTaken(input.keyName));
    throw error;
  }
}

/** Name, description, daily limit (free tier) and the active switch; the stored value itself is never changed here. */
export async function updateSystemApiKey(
  db: Db,
  input: UpdateSystemApiKeyBody & { id: string; actorId: string },
  context: RequestContext,
): Promise<SystemApiKey> {
  try {
    return await db.transaction(async (tx) => {
      const current = await findKey(tx, input.id);
      if (input.usageLimitPerDay !== undefined && current.tier !== 'free') {
        throw new AppError('VALIDATION_ERROR', 'System tier entries are unlimited: a daily usage limit applies to the free tier only.');
      }
      if (input.keyName !== undefined && input.keyName !== current.keyName) {
        const [taken] = await tx
          .select({ id: systemApiKeys.id })
          .from(systemApiKeys)
          .where(and(eq(systemApiKeys.keyName, input.keyName), ne(systemApiKeys.id, input.id)));
        if (taken) throw new AppError('CONFLICT', nameTaken(input.keyName));
      }
      const patch = {
        ...(input.keyName !== undefined ? { keyName: input.keyName } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.usageLimitPerDay !== undefined ? { usageLimitPerDay: input.usageLimitPerDay } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const [field, next] of Object.entries(patch)) {
        const previous = current[field as keyof typeof patch];
        if (previous !== next) changes[field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = { from: previous, to: next };
      }
      if (Object.keys(changes).length === 0) return toSystemApiKey(current);
      const [row] = await tx
        .update(systemApiKeys)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(systemApiKeys.id, input.id))
        .returning(publicColumns);
      await logAdminActivity(
        tx,
        {
          action: 'system_api_key_updated',
          resourceType: 'system_api_key',
          resourceId: input.id,
          adminUserId: input.actorId,
          details: { key_name: row!.keyName, service_name: row!.serviceName, changed_fields: Object.keys(changes), changes },
        },
        context,
      );
      return toSystemApiKey(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', nameTaken(input.keyName ?? ''));
    throw error;
  }
}

/** Spec part 2 §4: the counter goes back to 0 with the last-used date set to today. */
export async function resetSystemApiKeyUsage(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<SystemApiKey> {
  return db.transaction(async (tx) => {
    const current = await findKey(tx, input.id);
    const [row] = await tx
      .update(systemApiKeys)
      .set({ usageCountToday: 0, lastUsedDate: utcDay(), updatedAt: new Date() })
      .where(eq(systemApiKeys.id, input.id))
      .returning(publicColumns);
    await logAdminActivity(
      tx,
      {
        action: 'system_api_key_usage_reset',
        resourceType: 'system_api_key',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { key_name: current.keyName, service_name: current.serviceName, previous_usage_today: toSystemApiKey(current).usageCountToday },
      },
      context,
    );
    return toSystemApiKey(row!);
  });
}

export async function deleteSystemApiKey(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findKey(tx, input.id);
    await tx.delete(systemApiKeys).where(eq(systemApiKeys.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'system_api_key_deleted',
        resourceType: 'system_api_key',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { key_name: current.keyName, service_name: current.serviceName, tier: current.tier },
      },
      context,
    );
  });
}
