import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../access';
import { EMAIL_MAX_LENGTH, ORGANIZATION_NAME_MAX_LENGTH } from '../constants';
import { idSchema } from './common';

/** Organizations, their members, roles and invitations (the Team page and the organization switcher). */

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES);
/** Ownership is transferred, never granted: invitations and role changes give admin or member. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const;
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES, { error: 'Role must be admin or member' });
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const ORGANIZATION_ROLE_LABELS = { owner: 'Owner', admin: 'Admin', member: 'Member' } as const;
/** One line a role, summing up the table of what each may do (ORGANIZATION_PERMISSIONS in access.ts). */
export const ORGANIZATION_ROLE_DESCRIPTIONS = {
  owner: 'Everything an admin does, plus changing the plan and payment, transferring ownership and deleting the organization.',
  admin: 'Creates, edits and deletes chatbots and their training data; manages API keys, webhooks, the team and settings; sees billing.',
  member: 'Uses the chatbots: test chat, the inbox, analytics and usage. Cannot create, edit or delete chatbots or their training data.',
} as const;

export const organizationNameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(ORGANIZATION_NAME_MAX_LENGTH, `Name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters`);

const emailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .max(EMAIL_MAX_LENGTH, `E-mail must be at most ${EMAIL_MAX_LENGTH} characters`)
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

/** One organization as its member sees it. */
export const organizationSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  slug: z.string(),
  role: organizationRoleSchema,
  /** The workspace made for the user at sign-up: it cannot be deleted or handed over. */
  isPersonal: z.boolean(),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;
export const organizationListSchema = z.object({ items: z.array(organizationSchema) });
export type OrganizationList = z.infer<typeof organizationListSchema>;

export const createOrganizationBodySchema = z.object({ name: organizationNameSchema });
export type CreateOrganizationBody = z.infer<typeof createOrganizationBodySchema>;
export const updateOrganizationBodySchema = z.object({ name: organizationNameSchema });
export type UpdateOrganizationBody = z.infer<typeof updateOrganizationBodySchema>;
/** Deleting asks for the organization's name, typed exactly. */
export const deleteOrganizationBodySchema = z.object({
  confirmName: z.string({ error: 'Type the organization’s name to confirm' }).max(ORGANIZATION_NAME_MAX_LENGTH + 50),
});
export type DeleteOrganizationBody = z.infer<typeof deleteOrganizationBodySchema>;

export const memberSchema = z.object({
  userId: z.uuid(),
  name: z.string().nullable(),
  email: z.string(),
  role: organizationRoleSchema,
  joinedAt: z.string(),
  isYou: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ items: z.array(memberSchema) });
export type MemberList = z.infer<typeof memberListSchema>;

export const memberParamsSchema = z.object({ userId: idSchema });
export const updateMemberRoleBodySchema = z.object({ role: assignableRoleSchema });
export type UpdateMemberRoleBody = z.infer<typeof updateMemberRoleBodySchema>;
export const transferOwnershipBodySchema = z.object({ userId: idSchema });
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

export const createInvitationBodySchema = z.object({ email: emailSchema, role: assignableRoleSchema.default('member') });
export type CreateInvitationBody = z.input<typeof createInvitationBodySchema>;

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  role: assignableRoleSchema,
  invitedByName: z.string().nullable(),
  createdAt: z.string(),
  lastSentAt: z.string(),
  sendCount: z.number().int(),
  expiresAt: z.string(),
  /** Pending invitations past their expiry stay listed (to re-send or revoke) as expired. */
  isExpired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

/** The random part of an invitation link (base64url of 32 bytes). */
export const invitationTokenSchema = z
  .string({ error: 'The invitation link is incomplete' })
  .trim()
  .min(20, 'The invitation link is incomplete')
  .max(200, 'The invitation link is not valid')
  .regex(/^[A-Za-z0-9_-]+$/, 'The invitation link is not valid');
export const invitationTokenBodySchema = z.object({ token: invitationTokenSchema });
export type InvitationTokenBody = z.infer<typeof invitationTokenBodySchema>;

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];
/** What the invite page shows before anyone signs in (the link's holder learns whom it was sent to). */
export const invitationPreviewSchema = z.object({
  organizationName: z.string(),
  invitedByName: z.string().nullable(),
  email: z.string(),
  role: assignableRoleSchema,
  expiresAt: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

export const acceptInvitationResponseSchema = z.object({
  organization: organizationSchema,
  /** The user already belonged to it: the invitation is used up, their role is unchanged. */
  alreadyMember: z.boolean(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;

export const membershipEventSchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actorName: z.string().nullable(),
  subject: z.string(),
  details: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type MembershipEvent = z.infer<typeof membershipEventSchema>;
export const membershipEventListSchema = z.object({ items: z.array(membershipEventSchema) });
export type MembershipEventList = z.infer<typeof membershipEventListSchema>;

/** User-facing messages of the team rules (one place for the server and the tests). */
export const TEAM_MESSAGES = {
  ownRole: 'You cannot change your own role.',
  ownerRole: 'The owner’s role changes only by transferring ownership.',
  onlyOwnerManagesAdmins: 'Only the owner can change or remove an admin.',
  removeOwner: 'The owner cannot be removed. Transfer ownership first.',
  removeSelf: 'To leave the organization, use Leave organization.',
  ownerLeaves: 'The owner cannot leave. Transfer ownership to another member first.',
  transferToSelf: 'You already own this organization.',
  memberNotFound: 'Member not found.',
  personalNotDeletable: 'Your personal workspace cannot be deleted.',
  personalNotTransferable: 'A personal workspace cannot be handed over. Create an organization to share ownership.',
  confirmNameMismatch: 'The name you typed does not match the organization’s name.',
  alreadyMember: (email: string) => `${email} is already a member of this organization.`,
  invitationNotFound: 'This invitation link is not valid. Check that you copied the whole link.',
  invitationExpired: 'This invitation has expired. Ask the organization’s admins to send you a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevoked: 'This invitation was withdrawn. Ask the organization’s admins to invite you again.',
  invitationWrongEmail: (email: string) => `This invitation was sent to ${email}. Sign in with that e-mail address to accept it.`,
  pendingInvitationNotFound: 'Invitation not found.',
  seatsFull: (max: number) => `An organization can have at most ${max} members and pending invitations.`,
  seatsFullOnAccept: (max: number) =>
    `This organization already has its maximum of ${max} members, so you cannot join it now. Ask its admins to free a seat, then open the invitation link again.`,
  tooManyOwned: (max: number) => `You can own at most ${max} organizations.`,
  tooManyMemberships: (max: number) => `You can belong to at most ${max} organizations.`,
  invitationsRateLimited: 'Too many invitations were sent in the last hour. Please try again later.',
} as const;
