import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../constants';
import { pageQuerySchema, paginated } from './common';

/** Messages on one page of the outbox. */
export const EMAIL_OUTBOX_PAGE_SIZE = 20;

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** What each status means to the person reading the outbox. */
export const EMAIL_STATUS_LABELS: Readonly<Record<EmailStatus, string>> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Failed',
  logged: 'Kept here (no SMTP)',
};

export const emailOutboxQuerySchema = pageQuerySchema.extend({
  /** Part of the recipient's address or of the subject. */
  search: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH, `search must be at most ${EMAIL_MAX_LENGTH} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
  status: z
    .union([z.literal(''), z.enum(EMAIL_STATUSES)], { error: `status must be one of ${EMAIL_STATUSES.join(', ')}` })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type EmailOutboxQuery = z.infer<typeof emailOutboxQuerySchema>;

/** A message as the list shows it: no content. */
export const outboxEmailSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  /** When a system admin last sent it again (null: never). */
  resentAt: z.string().nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;
export const outboxEmailPageSchema = paginated(outboxEmailSchema);

/** One message with its text and the links found in it (what a person follows: a confirmation link). */
export const outboxEmailDetailSchema = outboxEmailSchema.extend({
  textBody: z.string(),
  links: z.array(z.string()),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string() })),
});
export type OutboxEmailDetail = z.infer<typeof outboxEmailDetailSchema>;

/**
 * The web links in an e-mail's text, in order, each once. A link ends at white space or at a character that cannot
 * end one in running text (a closing bracket or quote, a full stop or comma after it).
 */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"'`]+/g) ?? [];
  const links = found
    .map((link) => link.replace(/[.,;:!?)\]}]+$/, ''))
    .filter((link) => {
      try {
        const url = new URL(link);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    });
  return [...new Set(links)];
}
