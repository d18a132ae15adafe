import { createHash, randomBytes } from 'node:crypto';
import { INVITATION_EMAILS_PER_HOUR, INVITATION_EXPIRY_DAYS, INVITE_PATH_PREFIX, ORGANIZATION_SEATS_MAX } from '@parley/shared/constants';
import {
  TEAM_MESSAGES,
  type AcceptInvitationResponse,
  type AssignableRole,
  type Invitation,
  type InvitationPreview,
  type InvitationStatus,
} from '@parley/shared/contracts/organizations';
import { and, count, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationInvitations, organizationMembers, organizations, profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Membership } from '../../plugins/access';
import type { Mailer } from '../../providers/email/mailer';
import { recordMembershipEvent } from './events';
import { invitationEmail } from './invitation-email';
import { assertCanJoin, getOrganization } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
export const hashInvitationToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** E-mail addresses are compared without regard to case (stored lower-case). */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  publicUrl: string;
  now?: () => Date;
}

type InvitationRow = typeof organizationInvitations.$inferSelect;

function statusOf(row: InvitationRow, now: Date): InvitationStatus {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

const toInvitation = (row: InvitationRow, invitedByName: string | null, now: Date): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invitedByName,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt.toISOString(),
  sendCount: row.sendCount,
  expiresAt: row.expiresAt.toISOString(),
  isExpired: row.expiresAt.getTime() <= now.getTime(),
});

/** A fresh link: 32 random bytes; only the hash is stored. */
function newToken(now: Date) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token), expiresAt: new Date(now.getTime() + INVITATION_EXPIRY_DAYS * DAY_MS) };
}

const pendingOf = (organizationId: string) =>
  and(eq(organizationInvitations.organizationId, organizationId), isNull(organizationInvitations.acceptedAt), isNull(organizationInvitations.revokedAt));

/**
 * Locks the organization's row until the transaction ends: every change to its seats (an invitation sent or re-sent,
 * one accepted) takes this lock first, so the counts that follow cannot be passed by a concurrent change.
 */
async function lockSeats(tx: Db, organizationId: string): Promise<void> {
  const [locked] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, organizationId)).for('update');
  if (!locked) throw new AppError('NOT_FOUND', 'Organization not found.');
}

async function memberCount(tx: Db, organizationId: string): Promise<number> {
  const [members] = await tx.select({ n: count() }).from(organizationMembers).where(eq(organizationMembers.organizationId, organizationId));
  return Number(members?.n ?? 0);
}

/**
 * A seat is a member or a live pending invitation (decisions/0019-organizations-teams-and-roles.md); `otherInvitations` leaves out the one
 * being (re)sent. Takes the seat lock; 409 when all ORGANIZATION_SEATS_MAX are taken.
 */
async function assertSeatFree(tx: Db, organizationId: string, now: Date, otherInvitations: SQL): Promise<void> {
  await lockSeats(tx, organizationId);
  const [pending] = await tx
    .select({ n: count() })
    .from(organizationInvitations)
    .where(and(pendingOf(organizationId), gt(organizationInvitations.expiresAt, now), otherInvitations));
  if ((await memberCount(tx, organizationId)) + Number(pending?.n ?? 0) >= ORGANIZATION_SEATS_MAX) {
    throw new AppError('CONFLICT', TEAM_MESSAGES.seatsFull(ORGANIZATION_SEATS_MAX));
  }
}

/** Invitation e-mails per organization per hour (new and re-sent alike). */
async function limitSends(deps: InvitationDeps, organizationId: string): Promise<void> {
  const limit = await deps.rateLimiter.hit(`invitations:${organizationId}`, INVITATION_EMAILS_PER_HOUR, 60 * 60);
  if (!limit.allowed) throw new AppError('RATE_LIMITED', TEAM_MESSAGES.invitationsRateLimited, { 'retry-after': String(limit.retryAfterSeconds) });
}

async function sendInvitation(deps: InvitationDeps, input: { organizationId: string; inviterId: string; email: string; role: AssignableRole; token: string }) {
  const [details] = await deps.db
    .select({ organizationName: organizations.name, inviterName: profiles.fullName, inviterEmail: users.email })
    .from(organizations)
    .innerJoin(users, eq(users.id, input.inviterId))
    .leftJoin(profiles, eq(profiles.id, input.inviterId))
    .where(eq(organizations.id, input.organizationId));
  await deps.mailer.send(
    invitationEmail({
      to: input.email,
      organizationName: details?.organizationName ?? 'an organization',
      inviterName: details?.inviterName || details?.inviterEmail || 'A colleague',
      role: input.role,
      url: `${deps.publicUrl}${INVITE_PATH_PREFIX}${input.token}`,
      expiresInDays: INVITATION_EXPIRY_DAYS,
    }),
  );
}

async function invitationWithInviter(db: Db, id: string, now: Date): Promise<Invitation> {
  const [row] = await db
    .select({ invitation: organizationInvitations, inviterName: profiles.fullName, inviterEmail: users.email })
    .from(organizationInvitations)
    .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.id, organizationInvitations.invitedBy))
    .where(eq(organizationInvitations.id, id));
  if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.pendingInvitationNotFound);
  return toInvitation(row.invitation, row.inviterName || row.inviterEmail || null, now);
}

/** Pending invitations (expired ones included, to re-send or revoke), newest first; bounded by the seat limit. */
export async function listInvitations(db: Db, organizationId: string, now = new Date()): Promise<Invitation[]> {
  const rows = await db
    .select({ invitation: organizationInvitations, inviterName: profiles.fullName, inviterEmail: users.email })
    .from(organizationInvitations)
    .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.id, organizationInvitations.invitedBy))
    .where(pendingOf(organizationId))
    .orderBy(desc(organizationInvitations.lastSentAt))
    .limit(ORGANIZATION_SEATS_MAX);
  return rows.map((r) => toInvitation(r.invitation, r.inviterName || r.inviterEmail || null, now));
}

/**
 * Invites an e-mail address with a role and e-mails the link. Inviting an address that already has a pending
 * invitation issues it again (new link, new role, new expiry) rather than a second one.
 */
export async function inviteMember(
  deps: InvitationDeps,
  actor: Membership & { userId: string },
  input: { email: string; role: AssignableRole },
): Promise<Invitation> {
  const now = deps.now?.() ?? new Date();
  const email = normalizeEmail(input.email);
  const { db } = deps;
  const [existingMember] = await db
    .select({ userId: organizationMembers.userId })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, actor.organizationId), sql`lower(${users.email}) = ${email}`));
  if (existingMember) throw new AppError('CONFLICT', TEAM_MESSAGES.alreadyMember(email));

  const { token, tokenHash, expiresAt } = newToken(now);
  const id = await db.transaction(async (tx) => {
    await assertSeatFree(tx, actor.organizationId, now, sql`${organizationInvitations.email} <> ${email}`);
    await limitSends(deps, actor.organizationId);
    const [row] = await tx
      .insert(organizationInvitations)
      .values({ organizationId: actor.organizationId, email, role: input.role, tokenHash, invitedBy: actor.userId, createdAt: now, lastSentAt: now, expiresAt })
      .onConflictDoUpdate({
        target: [organizationInvitations.organizationId, organizationInvitations.email],
        targetWhere: sql`${organizationInvitations.acceptedAt} is null and ${organizationInvitations.revokedAt} is null`,
        set: {
          role: input.role,
          tokenHash,
          invitedBy: actor.userId,
          lastSentAt: now,
          expiresAt,
          sendCount: sql`${organizationInvitations.sendCount} + 1`,
        },
      })
      .returning({ id: organizationInvitations.id });
    await recordMembershipEvent(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'invitation_sent',
      subject: email,
      details: { role: input.role },
    });
    return row!.id;
  });
  await sendInvitation(deps, { organizationId: actor.organizationId, inviterId: actor.userId, email, role: input.role, token });
  return invitationWithInviter(db, id, now);
}

/** Sends a pending invitation again with a new link (the old one stops working) and a fresh expiry. */
export async function resendInvitation(deps: InvitationDeps, actor: Membership & { userId: string }, invitationId: string): Promise<Invitation> {
  const now = deps.now?.() ?? new Date();
  const [existing] = await deps.db
    .select()
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.id, invitationId), pendingOf(actor.organizationId)));
  if (!existing) throw new AppError('NOT_FOUND', TEAM_MESSAGES.pendingInvitationNotFound);
  const { token, tokenHash, expiresAt } = newToken(now);
  await deps.db.transaction(async (tx) => {
    // An expired invitation holds no seat; sent again, it takes one.
    await assertSeatFree(tx, actor.organizationId, now, ne(organizationInvitations.id, invitationId));
    await limitSends(deps, actor.organizationId);
    const updated = await tx
      .update(organizationInvitations)
      .set({ tokenHash, expiresAt, lastSentAt: now, sendCount: sql`${organizationInvitations.sendCount} + 1` })
      .where(and(eq(organizationInvitations.id, invitationId), pendingOf(actor.organizationId)))
      .returning({ id: organizationInvitations.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND', TEAM_MESSAGES.pendingInvitationNotFound);
    await recordMembershipEvent(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'invitation_resent',
      subject: existing.email,
      details: { role: existing.role },
    });
  });
  await sendInvitation(deps, { organizationId: actor.organizationId, inviterId: actor.userId, email: existing.email, role: existing.role, token });
  return invitationWithInviter(deps.db, invitationId, now);
}

export async function revokeInvitation(db: Db, actor: Membership & { userId: string }, invitationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(organizationInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(organizationInvitations.id, invitationId), pendingOf(actor.organizationId)))
      .returning({ email: organizationInvitations.email, role: organizationInvitations.role });
    if (revoked.length === 0) throw new AppError('NOT_FOUND', TEAM_MESSAGES.pendingInvitationNotFound);
    await recordMembershipEvent(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'invitation_revoked',
      subject: revoked[0]!.email,
      details: { role: revoked[0]!.role },
    });
  });
}

async function findByToken(db: Db, token: string) {
  const [row] = await db
    .select({ invitation: organizationInvitations, organizationName: organizations.name, inviterName: profiles.fullName, inviterEmail: users.email })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .leftJoin(users, eq(users.id, organizationInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.id, organizationInvitations.invitedBy))
    .where(eq(organizationInvitations.tokenHash, hashInvitationToken(token)));
  return row ?? null;
}

/** What the invite page shows: whose invitation, to what, for whom, and whether it can still be used. */
export async function previewInvitation(db: Db, token: string, now = new Date()): Promise<InvitationPreview> {
  const found = await findByToken(db, token);
  if (!found) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
  return {
    organizationName: found.organizationName,
    invitedByName: found.inviterName || found.inviterEmail || null,
    email: found.invitation.email,
    role: found.invitation.role,
    expiresAt: found.invitation.expiresAt.toISOString(),
    status: statusOf(found.invitation, now),
  };
}

function refusal(status: InvitationStatus): AppError {
  if (status === 'revoked') return new AppError('GONE', TEAM_MESSAGES.invitationRevoked);
  if (status === 'accepted') return new AppError('GONE', TEAM_MESSAGES.invitationUsed);
  return new AppError('GONE', TEAM_MESSAGES.invitationExpired);
}

/**
 * The signed-in user accepts: the invitation must be pending and addressed to their e-mail (any case). It is used
 * up in the same transaction that adds the membership, so a link works once even when clicked twice at once.
 */
export async function acceptInvitation(db: Db, user: { id: string; email: string }, token: string, now = new Date()): Promise<AcceptInvitationResponse> {
  const found = await findByToken(db, token);
  if (!found) throw new AppError('NOT_FOUND', TEAM_MESSAGES.invitationNotFound);
  const invitation = found.invitation;
  const status = statusOf(invitation, now);
  if (status !== 'pending') throw refusal(status);
  if (normalizeEmail(user.email) !== invitation.email) throw new AppError('FORBIDDEN', TEAM_MESSAGES.invitationWrongEmail(invitation.email));

  const joined = await db.transaction(async (tx) => {
    // Under the organization's seat lock: two people accepting into the last seat at once cannot both get it.
    await lockSeats(tx, invitation.organizationId);
    const used = await tx
      .update(organizationInvitations)
      .set({ acceptedAt: now, acceptedBy: user.id })
      .where(and(eq(organizationInvitations.id, invitation.id), isNull(organizationInvitations.acceptedAt), isNull(organizationInvitations.revokedAt)))
      .returning({ id: organizationInvitations.id });
    if (used.length === 0) return null;
    const [already] = await tx
      .select({ role: organizationMembers.role })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, invitation.organizationId), eq(organizationMembers.userId, user.id)));
    if (already) return { alreadyMember: true };
    // The invitation held a seat, but the members alone may have filled them since; it then stays usable.
    if ((await memberCount(tx, invitation.organizationId)) >= ORGANIZATION_SEATS_MAX) {
      throw new AppError('CONFLICT', TEAM_MESSAGES.seatsFullOnAccept(ORGANIZATION_SEATS_MAX));
    }
    await assertCanJoin(tx, user.id, { asOwner: false });
    await tx.insert(organizationMembers).values({ organizationId: invitation.organizationId, userId: user.id, role: invitation.role });
    await recordMembershipEvent(tx, {
      organizationId: invitation.organizationId,
      actorId: user.id,
      action: 'member_joined',
      subject: invitation.email,
      details: { role: invitation.role },
    });
    return { alreadyMember: false };
  });
  if (!joined) {
    // Someone used or withdrew it between the read and the write: say which.
    const again = await findByToken(db, token);
    throw refusal(again ? statusOf(again.invitation, now) : 'revoked');
  }
  const organization = await getOrganization(db, { organizationId: invitation.organizationId, role: invitation.role }, user.id);
  return { organization, alreadyMember: joined.alreadyMember };
}
