import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEYS_ACTIVE_MAX, API_KEYS_ENDED_LISTED, type ApiKey } from '@parley/shared/contracts/api-keys';
import { and, desc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import { adminUsers, chatbots, customerApiKeys } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { getActiveAdmin } from '../../services/identity';
import { findChatbotInOrganization } from '../chatbots/index';

const KEY_PREFIX = 'pk_';
export const hashApiKey = (secret: string) => createHash('sha256').update(secret).digest('hex');

type KeyRow = typeof customerApiKeys.$inferSelect;
const toApiKey = (row: KeyRow, chatbotName: string | null): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  chatbotId: row.chatbotId,
  chatbotName,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  usageCount: row.usageCount,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  isAdminKey: row.adminOnly,
});

/** Admin keys are personal: other members of the organization neither see nor revoke them. */
const visibleTo = (userId: string) => or(eq(customerApiKeys.adminOnly, false), eq(customerApiKeys.createdBy, userId));

/** The organization the request acts in and who is asking (admin keys stay personal to their creator). */
export interface KeyActor {
  organizationId: string;
  userId: string;
}

export async function canCreateAdminKeys(db: Db, userId: string): Promise<boolean> {
  return (await getActiveAdmin(db, userId)) !== null;
}

/** A key in use: not revoked and not expired. Each caller's cap counts the keys they can see (an admin key is personal). */
const inUse = sql`${customerApiKeys.revokedAt} IS NULL AND (${customerApiKeys.expiresAt} IS NULL OR ${customerApiKeys.expiresAt} > now())`;

/** The keys in use (at most API_KEYS_ACTIVE_MAX) and the most recently revoked or expired ones, newest first. */
export async function listApiKeys(db: Db, { organizationId, userId }: KeyActor): Promise<ApiKey[]> {
  const select = (inUseOrEnded: SQL, limit: number) =>
    db
      .select({ key: customerApiKeys, chatbotName: chatbots.name })
      .from(customerApiKeys)
      .leftJoin(chatbots, eq(chatbots.id, customerApiKeys.chatbotId))
      .where(and(eq(customerApiKeys.organizationId, organizationId), visibleTo(userId), inUseOrEnded))
      .orderBy(desc(customerApiKeys.createdAt))
      .limit(limit);
  // An organization past the cap from before it existed still sees every key in use (at most a few over).
  const [active, ended] = await Promise.all([select(inUse, API_KEYS_ACTIVE_MAX * 2), select(sql`NOT (${inUse})`, API_KEYS_ENDED_LISTED)]);
  return [...active, ...ended].sort((a, b) => b.key.createdAt.getTime() - a.key.createdAt.getTime()).map((r) => toApiKey(r.key, r.chatbotName));
}

/** A new key: 32 random bytes; only its hash and a short prefix are stored. */
export async function createApiKey(
  db: Db,
  { organizationId, userId }: KeyActor,
  input: { name: string; chatbotId: string | null; expiresInDays: number | null; adminKey: boolean },
) {
  if (input.adminKey && !(await getActiveAdmin(db, userId))) throw new AppError('FORBIDDEN', 'Only administrators can create personal admin credentials.');
  let chatbotName: string | null = null;
  if (input.chatbotId) chatbotName = (await findChatbotInOrganization(db, organizationId, input.chatbotId)).name;
  const secret = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await db.transaction(async (tx) => {
    // One organization's creations one at a time, so two at once cannot both take the last place.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`api-keys:${organizationId}`}))`);
    const [{ n }] = (await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customerApiKeys)
      .where(and(eq(customerApiKeys.organizationId, organizationId), visibleTo(userId), inUse))) as [{ n: number }];
    if (n >= API_KEYS_ACTIVE_MAX) throw new AppError('LIMIT_REACHED', API_KEY_MESSAGES.tooMany);
    const [created] = await tx
      .insert(customerApiKeys)
      .values({
        organizationId,
        createdBy: userId,
        name: input.name,
        prefix: secret.slice(0, 11),
        keyHash: hashApiKey(secret),
        chatbotId: input.chatbotId,
        createdByAdmin: input.adminKey,
        adminOnly: input.adminKey,
        expiresAt: input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000) : null,
      })
      .returning();
    return created!;
  });
  return { apiKey: toApiKey(row, chatbotName), secret };
}

export async function revokeApiKey(db: Db, { organizationId, userId }: KeyActor, id: string): Promise<void> {
  const updated = await db
    .update(customerApiKeys)
    .set({ revokedAt: sql`coalesce(${customerApiKeys.revokedAt}, now())` })
    .where(and(eq(customerApiKeys.id, id), eq(customerApiKeys.organizationId, organizationId), visibleTo(userId)))
    .returning({ id: customerApiKeys.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND', API_KEY_MESSAGES.notFound);
}

/** What a request made with a key acts as: the key, its organization, and the chatbot it is scoped to (null: every one). */
export interface ApiKeyCaller {
  id: string;
  organizationId: string;
  chatbotId: string | null;
}

/**
 * The key a secret is, when it is in use: not revoked, not expired, and — an admin key — while its creator is an active
 * administrator (getActiveAdmin's rule). Read through the read cache (decisions/0057-api-key-reads.md): every node
 * drops it when a key or an administrator changes, and expiry is checked at each use. Its use is counted with the
 * request's log row (features/api-usage), not here.
 */
export async function authenticateApiKey(db: Db, secret: string, readCache?: ReadCache): Promise<ApiKeyCaller | null> {
  if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
  const keyHash = hashApiKey(secret);
  const load = async () => {
    const [row] = await db
      .select({
        id: customerApiKeys.id,
        organizationId: customerApiKeys.organizationId,
        chatbotId: customerApiKeys.chatbotId,
        adminOnly: customerApiKeys.adminOnly,
        revokedAt: customerApiKeys.revokedAt,
        expiresAt: customerApiKeys.expiresAt,
        creatorIsActiveAdmin: exists(
          db
            .select({ id: adminUsers.id })
            .from(adminUsers)
            .where(and(eq(adminUsers.userId, customerApiKeys.createdBy), eq(adminUsers.isActive, true))),
        ),
      })
      .from(customerApiKeys)
      .where(eq(customerApiKeys.keyHash, keyHash));
    return row;
  };
  const row = readCache ? await readCache.read([customerApiKeys, adminUsers], `api-key:${keyHash}`, load) : await load();
  if (!row || row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt.getTime() <= Date.now())) return null;
  if (row.adminOnly && !row.creatorIsActiveAdmin) return null;
  return { id: row.id, organizationId: row.organizationId, chatbotId: row.chatbotId };
}

/**
 * The statement that counts one use of a key, at `at`: written with the request's log row (a chat turn's, in the turn's
 * statement; decisions/0057-api-key-reads.md).
 */
export const keyUseStatement = (db: Db, keyId: string, at: Date) =>
  db
    .update(customerApiKeys)
    .set({ usageCount: sql`${customerApiKeys.usageCount} + 1`, lastUsedAt: sql`greatest(${customerApiKeys.lastUsedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(customerApiKeys.id, keyId));

/** Counts the uses of keys that a batch of logged requests made: one statement for the batch. */
export async function countKeyUses(db: Db, uses: readonly { keyId: string; at: Date }[]): Promise<void> {
  const byKey = new Map<string, { count: number; at: Date }>();
  for (const use of uses) {
    const seen = byKey.get(use.keyId);
    if (!seen) byKey.set(use.keyId, { count: 1, at: use.at });
    else {
      seen.count += 1;
      if (use.at > seen.at) seen.at = use.at;
    }
  }
  if (byKey.size === 0) return;
  const rows = sql.join(
    [...byKey].map(([keyId, { count, at }]) => sql`(${keyId}::uuid, ${count}::int, ${at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${customerApiKeys} SET
      usage_count = ${customerApiKeys.usageCount} + used.count,
      last_used_at = greatest(${customerApiKeys.lastUsedAt}, used.at)
    FROM (VALUES ${rows}) AS used (id, count, at)
    WHERE ${customerApiKeys.id} = used.id`);
}
