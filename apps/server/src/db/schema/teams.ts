import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { organizations } from './organizations';

/** The roles an invitation can grant: ownership is only ever transferred, never given by invitation. */
export const INVITATION_ROLES = ['admin', 'member'] as const;

/**
 * An invitation to join an organization, sent by e-mail as a link. Only the SHA-256 of the
 * link's random token is stored; it expires, is used once (accepted_at) and can be revoked.
 * At most one pending invitation per e-mail address and organization (e-mail kept lower-case).
 */
export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: INVITATION_ROLES }).notNull().default('member'),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Each re-send issues a new link (the old one stops working) and restarts the expiry. */
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    sendCount: integer('send_count').notNull().default(1),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('organization_invitations_token_hash_unique').on(t.tokenHash),
    uniqueIndex('organization_invitations_one_pending_per_email')
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('organization_invitations_org_idx').on(t.organizationId, t.createdAt),
  ],
);

export const MEMBERSHIP_EVENT_ACTIONS = [
  'organization_created',
  'organization_renamed',
  'invitation_sent',
  'invitation_resent',
  'invitation_revoked',
  'member_joined',
  'member_role_changed',
  'member_removed',
  'member_left',
  'ownership_transferred',
] as const;
export type MembershipEventAction = (typeof MEMBERSHIP_EVENT_ACTIONS)[number];

/**
 * Who joined, left, was removed or changed role, and by whom: the organization's own record of
 * its membership (customers are not staff, so this is not admin_activity_logs).
 */
export const organizationMembershipEvents = pgTable(
  'organization_membership_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MEMBERSHIP_EVENT_ACTIONS }).notNull(),
    /** The person the change is about (an e-mail address for invitations), as it was at the time. */
    subject: text('subject').notNull().default(''),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('organization_membership_events_org_idx').on(t.organizationId, t.createdAt)],
);
