import { z } from 'zod';
import { idSchema } from './common';
/** Keys an organization can have in use at once (not revoked, not expired); revoking one frees its place. */
export const API_KEYS_ACTIVE_MAX = 50;
/** Revoked and expired keys stay listed for the record, the most recent this many. */
export const API_KEYS_ENDED_LISTED = 20;
/** Shown to the caller, so it avoids the words error messages may not contain (sanitize-error: "key", "token"…). */
export const API_KEY_MESSAGES = {
  tooMany: `Your organization has ${API_KEYS_ACTIVE_MAX} API credentials in use, the most it can have. Revoke one you no longer use to create another.`,
  /** Not "key": the error sanitiser would put its generic text in place of the message (spec part 1 §5). */
  notFound: 'This API credential does not exist any more (deleting a chatbot deletes the credentials made for it). Reload the list.',
} as const;
export const createApiKeyBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  chatbotId: idSchema.nullable().default(null), // null = every chatbot of the organization
  expiresInDays: z.number().int().min(1).max(3650).nullable().default(null), // null = never
  /** An admin key (spec part 2 §6): personal to the administrator who creates it, invisible to the organization's other members. */
  adminKey: z.boolean().default(false),
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
  /** created_by_admin and admin_only: personal to its creator, working only while they are an active administrator. */
  isAdminKey: z.boolean(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;
export const apiKeyListSchema = z.object({
  items: z.array(apiKeySchema),
  /** The caller is an active administrator: the create dialog offers admin keys. */
  canCreateAdminKeys: z.boolean(),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;
export const createdApiKeySchema = z.object({ apiKey: apiKeySchema, secret: z.string() }); // secret shown once
