import { createActionTemplateBodySchema, type ActionIcon, type ActionTemplate, type ActionType } from '@parley/shared/contracts/ai-actions';

/** The dialog's Basic Info and Configuration fields; webhooks and event handlers are edited in their own lists. */
export const templateFormSchema = createActionTemplateBodySchema.omit({ webhooks: true, eventHandlers: true });

export interface TemplateFormValues {
  name: string;
  description: string;
  actionType: ActionType;
  categoryId: string | null;
  templateConfig: string;
  instructionsTemplate: string;
  icon: ActionIcon;
  isFeatured: boolean;
  isActive: boolean;
}

/** A new action starts as an active webhook action with an empty JSON configuration. */
export function templateFormValues(template?: ActionTemplate | null): TemplateFormValues {
  return {
    name: template?.name ?? '',
    description: template?.description ?? '',
    actionType: template?.actionType ?? 'webhook',
    categoryId: template?.categoryId ?? null,
    templateConfig: template?.templateConfig ?? '{}',
    instructionsTemplate: template?.instructionsTemplate ?? '',
    icon: template?.icon ?? 'Zap',
    isFeatured: template?.isFeatured ?? false,
    isActive: template?.isActive ?? true,
  };
}

/** Which dialog tab holds a field, so a failed save shows the tab with the problem. */
export function tabOfField(field: string): 'basic' | 'configuration' | 'webhooks' | 'events' {
  if (field === 'templateConfig' || field === 'instructionsTemplate') return 'configuration';
  if (field === 'webhooks') return 'webhooks';
  if (field === 'eventHandlers') return 'events';
  return 'basic';
}

/** Labels for the enums, as a person reads them. */
export const ACTION_TYPE_LABELS: Record<ActionType, string> = {
  webhook: 'Webhook',
  api_call: 'API call',
  data_collection: 'Data collection',
  notification: 'Notification',
  integration: 'Integration',
};
