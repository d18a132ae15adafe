import { z } from 'zod';

/**
 * The e-mails a user can turn off. Every sender of one of these asks the server's
 * `shouldEmail(db, recipient, kind)` first; transactional e-mails (address confirmation,
 * password reset, invitations, security notices) are not in this list and always go.
 */
export const NOTIFICATION_KINDS = ['handoff_waiting', 'usage_thresholds', 'billing', 'product_messages'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND = {
  handoffWaiting: 'handoff_waiting',
  usageThresholds: 'usage_thresholds',
  billing: 'billing',
  productMessages: 'product_messages',
} as const satisfies Record<string, NotificationKind>;

/** What the settings page says about each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  handoff_waiting: {
    title: 'Handoff waiting',
    description: 'A visitor has been waiting for a person longer than a chatbot’s alert time (owners and admins of the organization).',
  },
  usage_thresholds: {
    title: 'Usage thresholds',
    description: 'Your organization is nearing or has reached a monthly limit of its plan.',
  },
  billing: {
    title: 'Billing',
    description: 'Receipts, failed payments and changes to your subscription.',
  },
  product_messages: {
    title: 'Product messages',
    description: 'New features and tips for getting more out of Parley. Occasional.',
  },
};

/** On for every kind until the user turns one off. */
export const notificationPreferencesSchema = z.object({
  handoff_waiting: z.boolean(),
  usage_thresholds: z.boolean(),
  billing: z.boolean(),
  product_messages: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** PATCH /api/account/notification-preferences: any of the kinds; at least one. */
export const updateNotificationPreferencesBodySchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Choose at least one preference to change' });
export type UpdateNotificationPreferencesBody = z.infer<typeof updateNotificationPreferencesBodySchema>;
