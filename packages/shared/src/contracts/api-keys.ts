import { z } from 'zod';
import { idSchema } from './common';
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  chatbotId: idSchema.nullable().default(null), // null = every chatbot of the organization
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(null), // null = never
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;
export const apiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  chatbotId: z.uuid().nullable(),
  chatbotName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  usageCount: z.number().int(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, secret: z.string() }); // secret shown once
