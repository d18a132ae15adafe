import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEYS_ACTIVE_MAX, API_KEYS_ENDED_LISTED, type ApiKey } from '@parley/shared/contracts/api-keys';
import { and, desc, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/**
 * The key behind a bearer secret, if it is live (not revoked, not expired), counting the use: one statement on every
 * API request, which finds, checks and counts the key together, so a refused key is never counted.
 */
export async function authenticateApiKey(db: Db, secret: string): Promise<KeyRow | null> {
  if (!secret.startsWith(KEY_PREFIX) || secret.length > 200) return null;
  // An admin key stops working when its creator is no longer an active administrator (getActiveAdmin's rule).
  const creatorIsActiveAdmin = exists(
    db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.userId, customerApiKeys.createdBy), eq(adminUsers.isActive, true))),
  );
  const [row] = await db
    .update(customerApiKeys)
    .set({ lastUsedAt: sql`now()`, usageCount: sql`${customerApiKeys.usageCount} + 1` })
    .where(and(eq(customerApiKeys.keyHash, hashApiKey(secret)), inUse, or(eq(customerApiKeys.adminOnly, false), creatorIsActiveAdmin)))
    .returning();
  return row ?? null;
}
