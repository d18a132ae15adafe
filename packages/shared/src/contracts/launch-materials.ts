import { z } from 'zod';

/** Launch Materials (spec part 1 §2: /launch-materials, reached from the admin sidebar; content decided). */

export const LAUNCH_CHECK_KEYS = ['admin_created', 'ai_key', 'payment_provider', 'smtp', 'chatbot_live', 'widget_embedded'] as const;
export type LaunchCheckKey = (typeof LAUNCH_CHECK_KEYS)[number];

export const launchCheckSchema = z.object({
  key: z.enum(LAUNCH_CHECK_KEYS),
  label: z.string(),
  /** done; todo (something to do); not_configured (the product part does not exist or is not set up here). */
  status: z.enum(['done', 'todo', 'not_configured']),
  detail: z.string(),
  link: z.object({ label: z.string(), href: z.string() }),
});
export type LaunchCheck = z.infer<typeof launchCheckSchema>;

export const widgetEmbedSchema = z.object({
  chatbotId: z.string(),
  chatbotName: z.string(),
  origin: z.string(),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  requestCount: z.number().int(),
});
export type WidgetEmbed = z.infer<typeof widgetEmbedSchema>;

export const launchMaterialsSchema = z.object({
  checks: z.array(launchCheckSchema),
  completed: z.number().int(),
  total: z.number().int(),
  /** Where the widget has been seen (the 20 most recent origins). */
  embeds: z.array(widgetEmbedSchema),
  publicUrl: z.string(),
});
export type LaunchMaterials = z.infer<typeof launchMaterialsSchema>;
