import { and, eq } from 'drizzle-orm';
import { adminActivityLogs } from '../../../db/schema/index';
import { createAdmin } from '../../../test/admin';
import type { TestContext } from '../../../test/harness';

/** System Configuration as a system admin would save it: processing mode and the n8n webhook base URL. */
export async function configureN8n(c: TestContext, options: { baseUrl: string | null; mode?: 'edge_functions' | 'n8n_integration' }) {
  const admin = await createAdmin(c, 'system_admin');
  const current = (await c.app.inject({ method: 'GET', url: '/api/admin/system-configuration', headers: { cookie: admin.cookie } })).json() as Record<
    string,
    unknown
  >;
  const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...settings } = current;
  const saved = await c.app.inject({
    method: 'PUT',
    url: '/api/admin/system-configuration',
    headers: { cookie: admin.cookie },
    payload: { ...settings, processingMode: options.mode ?? (options.baseUrl ? 'n8n_integration' : 'edge_functions'), n8nWebhookBaseUrl: options.baseUrl },
  });
  if (saved.statusCode !== 200) throw new Error(`system configuration not saved: ${saved.body}`);
}

/** The advanced settings with some fields changed, saved through the API. */
export async function saveN8nSettings(c: TestContext, cookie: string, changes: Record<string, unknown>) {
  const current = (await c.app.inject({ method: 'GET', url: '/api/admin/n8n/settings', headers: { cookie } })).json() as Record<string, unknown>;
  const body = Object.fromEntries(
    [
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
    ].map((field) => [field, field in changes ? changes[field] : current[field]]),
  );
  const saved = await c.app.inject({ method: 'PUT', url: '/api/admin/n8n/settings', headers: { cookie }, payload: body });
  if (saved.statusCode !== 200) throw new Error(`n8n settings not saved: ${saved.body}`);
  return saved.json() as Record<string, unknown>;
}

export const activityOf = (c: TestContext, action: string, resourceId?: string) =>
  c.database.db
    .select()
    .from(adminActivityLogs)
    .where(resourceId ? and(eq(adminActivityLogs.action, action), eq(adminActivityLogs.resourceId, resourceId)) : eq(adminActivityLogs.action, action));
