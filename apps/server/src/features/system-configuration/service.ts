import type { N8nConnectionResult, SystemConfiguration, SystemConfigurationSettings } from '@parley/shared/contracts/system-configuration';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, systemConfiguration } from '../../db/schema/index';
import { probeUrl } from '../../lib/safe-fetch';
import { formatSavedAt } from '../../lib/edit-conflict';
import { AppError } from '../../lib/app-error';
import { FetchGuardError } from '../../lib/safe-request';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { loadSystemConfiguration, type SystemSettings } from '../../services/system-configuration';

const SETTING_FIELDS = [
  'defaultEmbeddingModel',
  'defaultEmbeddingDimensions',
  'defaultChunkSize',
  'defaultChunkOverlap',
  'defaultChunkingStrategy',
  'maxDocumentSizeMb',
  'maxExpandedDocumentMb',
  'maxDocumentTextMb',
  'maxConcurrentProcessingJobs',
  'processingQueueTimeoutMinutes',
  'globalWebhookTimeoutSeconds',
  'globalWebhookRetryCount',
  'webhookRateLimitPerMinute',
  'processingMode',
  'n8nWebhookBaseUrl',
  'requireApiKeyEncryption',
] as const satisfies readonly (keyof SystemConfigurationSettings)[];

/** The spec's snake_case names, as the activity log shows them. */
const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

async function toSystemConfiguration(db: Db, row: SystemSettings): Promise<SystemConfiguration> {
  let updatedBy: string | null = null;
  if (row.updatedBy) {
    const [profile] = await db.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, row.updatedBy));
    updatedBy = profile?.email ?? null;
  }
  return {
    defaultEmbeddingModel: row.defaultEmbeddingModel as SystemConfiguration['defaultEmbeddingModel'],
    defaultEmbeddingDimensions: row.defaultEmbeddingDimensions,
    defaultChunkSize: row.defaultChunkSize,
    defaultChunkOverlap: row.defaultChunkOverlap,
    defaultChunkingStrategy: row.defaultChunkingStrategy,
    maxDocumentSizeMb: row.maxDocumentSizeMb,
    maxExpandedDocumentMb: row.maxExpandedDocumentMb,
    maxDocumentTextMb: row.maxDocumentTextMb,
    maxConcurrentProcessingJobs: row.maxConcurrentProcessingJobs,
    processingQueueTimeoutMinutes: row.processingQueueTimeoutMinutes,
    globalWebhookTimeoutSeconds: row.globalWebhookTimeoutSeconds,
    globalWebhookRetryCount: row.globalWebhookRetryCount,
    webhookRateLimitPerMinute: row.webhookRateLimitPerMinute,
    processingMode: row.processingMode,
    n8nWebhookBaseUrl: row.n8nWebhookBaseUrl,
    requireApiKeyEncryption: row.requireApiKeyEncryption,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy,
  };
}

/** The stored configuration, read fresh (the admin screen shows what is saved, not a cached copy). */
export async function getSystemConfiguration(db: Db): Promise<SystemConfiguration> {
  return toSystemConfiguration(db, await loadSystemConfiguration(db));
}

/**
 * Saves the whole configuration (validated by the shared contract). Only a real change writes:
 * the row and the `system_configuration_updated` activity entry with the changed fields, in one
 * transaction. Returns whether anything changed, so the caller announces it to every node.
 */
export async function updateSystemConfiguration(
  db: Db,
  input: SystemConfigurationSettings & { actorId: string; expectedUpdatedAt?: string },
  context: RequestContext,
): Promise<{ configuration: SystemConfiguration; changed: boolean }> {
  await loadSystemConfiguration(db);
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(systemConfiguration).where(eq(systemConfiguration.id, 1)).for('update');
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of SETTING_FIELDS) {
      const next = input[field] ?? null;
      const previous = current![field] ?? null;
      if (next !== previous) changes[snake(field)] = { from: previous, to: next };
    }
    if (Object.keys(changes).length === 0) return { row: current!, changed: false };
    // Saved by someone else since the edits began: refused, so their changes are not silently put back.
    if (input.expectedUpdatedAt && new Date(input.expectedUpdatedAt).getTime() !== current!.updatedAt.getTime()) {
      throw new AppError(
        'CONFLICT',
        `Another administrator saved the configuration at ${formatSavedAt(current!.updatedAt)} since you opened it. Your changes are kept on the page: review them against the saved values and save again.`,
      );
    }
    const values = Object.fromEntries(SETTING_FIELDS.map((field) => [field, input[field] ?? null])) as Partial<typeof systemConfiguration.$inferInsert>;
    const [row] = await tx
      .update(systemConfiguration)
      .set({ ...values, updatedBy: input.actorId, updatedAt: new Date() })
      .where(eq(systemConfiguration.id, 1))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'system_configuration_updated',
        resourceType: 'system_configuration',
        resourceId: '1',
        adminUserId: input.actorId,
        details: { changed_fields: Object.keys(changes), changes },
      },
      context,
    );
    return { row: row!, changed: true };
  });
  return { configuration: await toSystemConfiguration(db, result.row), changed: result.changed };
}

/**
 * The n8n base-URL test: a real GET from the server (public addresses only, as every fetch the
 * server makes for an admin-entered address), reporting whether n8n answered, the status and the time.
 */
export async function testN8nConnection(url: string, options: { timeoutMs: number; allowPrivateNetworks: boolean }): Promise<N8nConnectionResult> {
  try {
    const answer = await probeUrl(url, { timeoutMs: options.timeoutMs, allowPrivateNetworks: options.allowPrivateNetworks });
    const reachable = answer.status < 500;
    return {
      reachable,
      status: answer.status,
      latencyMs: answer.latencyMs,
      message: reachable
        ? `n8n answered HTTP ${answer.status} in ${answer.latencyMs} ms.`
        : `The server answered HTTP ${answer.status}: n8n is not available there right now.`,
    };
  } catch (error) {
    if (error instanceof FetchGuardError) return { reachable: false, status: null, latencyMs: null, message: error.message };
    throw error;
  }
}
