/**
 * Whose webhooks a screen shows: the organization the dashboard acts in (its owners and admins), or the
 * installation's (staff, System Configuration → Webhook Management), which receive the events of every organization.
 */
export type WebhookScope = 'organization' | 'installation';

export function webhookConfigsPath(scope: WebhookScope): string {
  return scope === 'installation' ? '/api/admin/webhook-configs' : '/api/webhook-configs';
}

export function webhookConfigPath(scope: WebhookScope, id: string): string {
  return `${webhookConfigsPath(scope)}/${encodeURIComponent(id)}`;
}

/** Every webhook query of a scope starts with this key (lists, delivery logs). */
export const webhookQueryRoot = (scope: WebhookScope) => ['webhook-configs', scope] as const;
