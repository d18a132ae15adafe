import { z } from 'zod';
import { idSchema } from './common';

export const NOTIFICATION_PRIORITIES = ['info', 'warning', 'urgent'] as const;
export const NOTIFICATION_TITLE_MAX = 100;
export const NOTIFICATION_MESSAGE_MAX = 500;

/** Spec part 1 §5 "Message" rules, with its wording. */
export const broadcastBodySchema = z
  .object({
    recipients: z.enum(['active', 'all', 'selected']),
    userIds: z.array(idSchema).max(10_000).default([]),
    title: z.string().trim().min(1, 'Please enter a title').max(NOTIFICATION_TITLE_MAX, `Title must be at most ${NOTIFICATION_TITLE_MAX} characters`),
    message: z.string().trim().min(1, 'Please enter a message').max(NOTIFICATION_MESSAGE_MAX, `Message must be at most ${NOTIFICATION_MESSAGE_MAX} characters`),
    priority: z.enum(NOTIFICATION_PRIORITIES).default('info'),
    link: z
      .string()
      .trim()
      .max(2000)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.url({ protocol: /^https?$/, error: 'Link must be a URL' }).optional()),
  })
  .refine((v) => v.recipients !== 'selected' || v.userIds.length > 0, { message: 'Please select at least one recipient', path: ['userIds'] });
export type BroadcastBody = z.infer<typeof broadcastBodySchema>;

export const broadcastResponseSchema = z.object({ sent: z.number().int() });

export const recipientQuerySchema = z.object({ mode: z.enum(['active', 'all']).default('all'), search: z.string().trim().max(200).default('') });
export const recipientListSchema = z.object({
  count: z.number().int(),
  items: z.array(z.object({ id: z.uuid(), email: z.string(), fullName: z.string().nullable(), avatarUrl: z.string().nullable(), createdAt: z.string() })),
});

export const notificationSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_PRIORITIES),
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type UserNotification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({ items: z.array(notificationSchema), unread: z.number().int() });
