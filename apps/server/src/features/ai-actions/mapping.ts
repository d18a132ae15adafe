import {
  ACTION_ICONS,
  actionEventHandlerSchema,
  actionWebhookSchema,
  type ActionEventHandler,
  type ActionIcon,
  type ActionTemplate,
  type ActionWebhook,
} from '@parley/shared/contracts/ai-actions';
import type { ActionEventHandler as StoredEventHandler, ActionWebhook as StoredWebhook } from '../../db/schema/catalogue';
import type { aiActionCategories, aiActionTemplates } from '../../db/schema/index';

/** The API speaks camelCase; the saved JSON keeps the spec's snake_case field names (spec §3). */
export function toStoredWebhook(webhook: ActionWebhook): StoredWebhook {
  return {
    id: webhook.id,
    name: webhook.name,
    endpoint_url: webhook.endpointUrl,
    method: webhook.method,
    headers: webhook.headers,
    timeout_seconds: webhook.timeoutSeconds,
    retry_count: webhook.retryCount,
    event_triggers: webhook.eventTriggers,
  };
}

export function toStoredEventHandler(handler: ActionEventHandler): StoredEventHandler {
  return {
    id: handler.id,
    name: handler.name,
    event_type: handler.eventType,
    condition: handler.condition,
    action: handler.action,
    payload_mapping: handler.payloadMapping,
    is_active: handler.isActive,
    priority: handler.priority,
  };
}

/**
 * Saved entries are read back through the contract, so a row edited by hand cannot break the list: an entry that
 * no longer parses is left out of the answer (and kept in the row until the template is next saved).
 */
function fromStoredWebhooks(stored: unknown): ActionWebhook[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((raw: Partial<StoredWebhook>) => {
    const parsed = actionWebhookSchema.safeParse({
      id: raw.id,
      name: raw.name,
      endpointUrl: raw.endpoint_url,
      method: raw.method,
      headers: raw.headers,
      timeoutSeconds: raw.timeout_seconds,
      retryCount: raw.retry_count,
      eventTriggers: raw.event_triggers,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

function fromStoredEventHandlers(stored: unknown): ActionEventHandler[] {
  if (!Array.isArray(stored)) return [];
  return stored.flatMap((raw: Partial<StoredEventHandler>) => {
    const parsed = actionEventHandlerSchema.safeParse({
      id: raw.id,
      name: raw.name,
      eventType: raw.event_type,
      condition: raw.condition,
      action: raw.action,
      payloadMapping: raw.payload_mapping,
      isActive: raw.is_active,
      priority: raw.priority,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

export const asIcon = (value: string): ActionIcon => ((ACTION_ICONS as readonly string[]).includes(value) ? (value as ActionIcon) : 'Zap');

export function toActionTemplate(row: typeof aiActionTemplates.$inferSelect): ActionTemplate {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    actionType: row.actionType,
    categoryId: row.categoryId,
    templateConfig: row.templateConfig,
    instructionsTemplate: row.instructionsTemplate,
    icon: asIcon(row.icon),
    isFeatured: row.isFeatured,
    isActive: row.isActive,
    webhooks: fromStoredWebhooks(row.webhooks),
    eventHandlers: fromStoredEventHandlers(row.eventHandlers),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toActionCategory(row: typeof aiActionCategories.$inferSelect & { templateCount: number }) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: asIcon(row.icon),
    isActive: row.isActive,
    sortOrder: row.sortOrder,
    templateCount: Number(row.templateCount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
