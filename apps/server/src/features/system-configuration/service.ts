import type { N8nConnectionResult, SystemConfiguration, SystemConfigurationSettings } from '@parley/shared/contracts/system-configuration';
import { probeN8nHealth } from '../n8n/index';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { profiles, systemConfiguration } from '../../db/schema/index';
import { formatSavedAt } from '../../lib/edit-conflict';
import { AppError } from '../../lib/app-error';
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
 * Integration Settings' Test: n8n's health endpoint under the typed base URL, through the SSRF guard, reachable only
 * when the answer is n8n's (the same check as the n8n screen's connection test, unrecorded).
 */
export async function testN8nConnection(url: string, options: { timeoutMs: number; allowPrivateNetworks: boolean }): Promise<N8nConnectionResult> {
  const { reachable, status, latencyMs, message } = await probeN8nHealth(url, options);
  return { reachable, status, latencyMs, message };
}
