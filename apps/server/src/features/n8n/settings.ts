import { randomBytes } from 'node:crypto';
import type { N8nAdvancedSettings, N8nAdvancedSettingsBody, N8nWebhookSecret } from '@parley/shared/contracts/n8n';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { n8nSettings, profiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createSecretBox, SecretDecryptionError, type SecretBox } from '../../lib/secrets';
import { logAdminActivity } from '../../services/activity-log';
import { readSystemConfiguration } from '../../services/system-configuration';
import type { RequestContext } from '../../services/activity-log';
import { healthUrlFor } from './shared';

export type N8nSettingsRow = typeof n8nSettings.$inferSelect;

/** lib/secrets purpose label: a value sealed for this use opens for no other. */
const SECRET_PURPOSE = 'n8n-webhook-secret';

const SETTING_FIELDS = [
  'n8nEnabled',
  'n8nPrimaryMode',
  'n8nFallbackEnabled',
  'n8nWorkflowTimeoutSeconds',
  'webhookRetryCount',
  'intelligentRoutingEnabled',
  'autoFallbackThreshold',
  'performanceMonitoringEnabled',
  'alertThresholdErrorRate',
  'alertThresholdResponseTime',
] as const satisfies readonly (keyof N8nAdvancedSettingsBody)[];

const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The one settings row (id 1), created with the spec's defaults the first time it is read. */
export async function loadN8nSettings(db: Db): Promise<N8nSettingsRow> {
  const [row] = await db.select().from(n8nSettings).where(eq(n8nSettings.id, 1));
  if (row) return row;
  const [created] = await db.insert(n8nSettings).values({ id: 1 }).onConflictDoNothing().returning();
  return created ?? (await db.select().from(n8nSettings).where(eq(n8nSettings.id, 1)))[0]!;
}

/** A new bearer secret: 32 random bytes, recognisable by its prefix in n8n's credential list. */
const newSecret = () => `prly_n8n_${randomBytes(32).toString('base64url')}`;
const hintOf = (secret: string) => secret.slice(-4);

/**
 * The bearer secret Parley sends n8n (instead of the admin's session, which must not leave Parley). Made on
 * first use if no admin has made one yet; two nodes making one at once agree on the first that was stored.
 */
export async function n8nBearerSecret(db: Db, secretKey: string): Promise<string> {
  const box = createSecretBox(secretKey, SECRET_PURPOSE);
  const settings = await loadN8nSettings(db);
  if (settings.webhookSecretEncrypted) return open(box, settings.webhookSecretEncrypted);
  const secret = newSecret();
  const [stored] = await db
    .update(n8nSettings)
    .set({ webhookSecretEncrypted: box.encrypt(secret), webhookSecretHint: hintOf(secret), webhookSecretCreatedAt: new Date() })
    .where(and(eq(n8nSettings.id, 1), isNull(n8nSettings.webhookSecretEncrypted)))
    .returning({ id: n8nSettings.id });
  if (stored) return secret;
  return open(box, (await loadN8nSettings(db)).webhookSecretEncrypted!);
}

/** A value sealed under another PARLEY_SECRET_KEY cannot be opened: say what to do rather than fail with a 500. */
function open(box: SecretBox, sealed: string): string {
  try {
    return box.decrypt(sealed);
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    // Worded without "secret" or "key", which the screens' error sanitiser would hide.
    throw new AppError('SERVICE_UNAVAILABLE', 'The stored n8n credential can no longer be read on this server. Make a new one under Settings → Security.');
  }
}

/** lib/secrets purpose label of the n8n API key. */
const API_KEY_PURPOSE = 'n8n-api-key';

/** The n8n API key, or null when none is saved. */
export async function n8nApiKey(db: Db, secretKey: string): Promise<string | null> {
  const { apiKeyEncrypted } = await loadN8nSettings(db);
  return apiKeyEncrypted ? open(createSecretBox(secretKey, API_KEY_PURPOSE), apiKeyEncrypted) : null;
}

/** Saves (or, with null, removes) the n8n API key Parley reads n8n's workflow states with; only its end is shown again. */
export async function saveN8nApiKey(
  db: Db,
  input: { secretKey: string; apiKey: string | null; actorId: string },
  context: RequestContext,
): Promise<N8nAdvancedSettings> {
  await loadN8nSettings(db);
  const { apiKey } = input;
  await db.transaction(async (tx) => {
    await tx
      .update(n8nSettings)
      .set({ apiKeyEncrypted: apiKey ? createSecretBox(input.secretKey, API_KEY_PURPOSE).encrypt(apiKey) : null, apiKeyHint: apiKey ? hintOf(apiKey) : null })
      .where(eq(n8nSettings.id, 1));
    await logAdminActivity(
      tx,
      {
        action: apiKey ? 'n8n_api_key_saved' : 'n8n_api_key_removed',
        resourceType: 'n8n_settings',
        resourceId: '1',
        adminUserId: input.actorId,
        details: apiKey ? { hint: hintOf(apiKey) } : {},
      },
      context,
    );
  });
  return getN8nSettings(db);
}

/** Makes a new secret (the old one stops being sent at once) and returns it: the only time it is shown whole. */
export async function rotateN8nWebhookSecret(db: Db, input: { secretKey: string; actorId: string }, context: RequestContext): Promise<N8nWebhookSecret> {
  await loadN8nSettings(db);
  const secret = newSecret();
  const createdAt = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(n8nSettings)
      .set({
        webhookSecretEncrypted: createSecretBox(input.secretKey, SECRET_PURPOSE).encrypt(secret),
        webhookSecretHint: hintOf(secret),
        webhookSecretCreatedAt: createdAt,
      })
      .where(eq(n8nSettings.id, 1));
    await logAdminActivity(
      tx,
      { action: 'n8n_webhook_secret_rotated', resourceType: 'n8n_settings', resourceId: '1', adminUserId: input.actorId, details: { hint: hintOf(secret) } },
      context,
    );
  });
  return { secret, createdAt: createdAt.toISOString() };
}

export async function getN8nSettings(db: Db): Promise<N8nAdvancedSettings> {
  const row = await loadN8nSettings(db);
  const system = await readSystemConfiguration(db);
  let updatedBy: string | null = null;
  if (row.updatedBy) {
    const [profile] = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, row.updatedBy));
    updatedBy = profile?.email ?? null;
  }
  const base = system.n8nWebhookBaseUrl;
  return {
    ...Object.fromEntries(SETTING_FIELDS.map((field) => [field, row[field]])),
    processingMode: system.processingMode,
    n8nWebhookBaseUrl: base,
    healthUrl: base ? healthUrlFor(base) : null,
    webhookSecretHint: row.webhookSecretHint,
    webhookSecretCreatedAt: row.webhookSecretCreatedAt?.toISOString() ?? null,
    apiKeyHint: row.apiKeyHint,
    updatedAt: row.updatedAt?.toISOString() ?? null,
    updatedBy,
  } as N8nAdvancedSettings;
}

/** Saves the whole settings object; only a real change writes the row and `n8n_settings_updated`, in one transaction. */
export async function updateN8nSettings(db: Db, input: N8nAdvancedSettingsBody & { actorId: string }, context: RequestContext): Promise<N8nAdvancedSettings> {
  await loadN8nSettings(db);
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(n8nSettings).where(eq(n8nSettings.id, 1)).for('update');
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of SETTING_FIELDS) {
      if (current![field] !== input[field]) changes[snake(field)] = { from: current![field], to: input[field] };
    }
    if (Object.keys(changes).length === 0) return;
    const values = Object.fromEntries(SETTING_FIELDS.map((field) => [field, input[field]]));
    await tx
      .update(n8nSettings)
      .set({ ...values, updatedBy: input.actorId, updatedAt: new Date() })
      .where(eq(n8nSettings.id, 1));
    await logAdminActivity(
      tx,
      {
        action: 'n8n_settings_updated',
        resourceType: 'n8n_settings',
        resourceId: '1',
        adminUserId: input.actorId,
        details: { changed_fields: Object.keys(changes), changes },
      },
      context,
    );
  });
  return getN8nSettings(db);
}
