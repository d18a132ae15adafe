import { z } from 'zod';
import { ACCOUNT_DELETION_CONFIRM_WORD } from '../constants';

/**
 * Deleting one's own account: requested with a typed confirmation, carried out after a grace
 * period by a background job. Signing in during the grace period cancels it.
 */

/** What happens to one organization the user belongs to when the account is deleted. */
export const deletionOrganizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  /** The user's personal workspace: it cannot be handed over, so a blocked one is unblocked by removing its other members. */
  isPersonal: z.boolean(),
  /**
   * delete: the user is its only member, it goes with the account;
   * leave: the user's membership ends, the organization stays with its other members;
   * blocked: the user is its only owner and it has other members: ownership must be transferred first (a personal
   * workspace cannot be: its other members must be removed, or leave).
   */
  outcome: z.enum(['delete', 'leave', 'blocked']),
  chatbotCount: z.number().int(),
  conversationCount: z.number().int(),
  /** The other members (for a blocked organization: whom ownership can go to). At most 20. */
  otherMembers: z.array(z.object({ name: z.string().nullable(), email: z.string(), role: z.enum(['owner', 'admin', 'member']) })),
  otherMemberCount: z.number().int(),
});
export type DeletionOrganization = z.infer<typeof deletionOrganizationSchema>;

/** What the only owner of a blocked organization can do so that deleting the account can go ahead. */
export function blockedDeletionAdvice(org: Pick<DeletionOrganization, 'isPersonal'>): string {
  return org.isPersonal
    ? 'A personal workspace cannot be handed over to someone else: remove them from it on the Team page, or ask them to leave it. It is then deleted with your account, with its chatbots.'
    : 'Make one of them owner on the Team page, or remove them, first.';
}

/** GET /api/account/deletion: what deleting would do, and a deletion already scheduled. */
export const accountDeletionStatusSchema = z.object({
  email: z.string(),
  graceDays: z.number().int(),
  scheduled: z.object({ id: z.uuid(), requestedAt: z.string(), scheduledFor: z.string() }).nullable(),
  organizations: z.array(deletionOrganizationSchema),
  /** Why deleting is refused now (empty when it can go ahead). */
  blockers: z.array(z.string()),
});
export type AccountDeletionStatus = z.infer<typeof accountDeletionStatusSchema>;

/** POST /api/account/deletion: the user types their e-mail address or DELETE. */
export const requestAccountDeletionBodySchema = z
  .object({
    confirmation: z
      .string({ error: `Type your e-mail address or ${ACCOUNT_DELETION_CONFIRM_WORD} to confirm` })
      .trim()
      .min(1, `Type your e-mail address or ${ACCOUNT_DELETION_CONFIRM_WORD} to confirm`)
      .max(300),
  })
  .strict();
export type RequestAccountDeletionBody = z.infer<typeof requestAccountDeletionBodySchema>;

export const accountDeletionScheduledSchema = z.object({ id: z.uuid(), scheduledFor: z.string() });

/** The confirmation matches: the exact word, or the account's e-mail in any case. */
export function isDeletionConfirmed(confirmation: string, email: string): boolean {
  const typed = confirmation.trim();
  return typed === ACCOUNT_DELETION_CONFIRM_WORD || typed.toLowerCase() === email.trim().toLowerCase();
}
