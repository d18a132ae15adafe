import { randomBytes } from 'node:crypto';
import type { OrganizationRole } from '@parley/shared/access';
import { ORGANIZATION_MEMBERSHIPS_MAX, ORGANIZATIONS_OWNED_MAX } from '@parley/shared/constants';
import { TEAM_MESSAGES, type AssignableRole, type Member, type Organization } from '@parley/shared/contracts/organizations';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { organizationMembers, organizations, profiles, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Membership } from '../../plugins/access';
import { cancelSubscriptionsBeforeDeletion, type BillingContext } from '../billing/index';
import { recordMembershipEvent } from './events';

/** Personal workspaces are `personal-{first 8 of the user id}`; organizations created later never start so. */
const PERSONAL_PREFIX = 'personal-';
export const isPersonalSlug = (slug: string) => slug.startsWith(PERSONAL_PREFIX);

const ROLE_ORDER = sql`case ${organizationMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`;

/** The people in an organization, counted in a subquery. */
const memberCount = sql<number>`(select count(*) from ${organizationMembers} m where m.organization_id = ${organizations.id})`.mapWith(Number);

const organizationColumns = {
  id: organizations.id,
  name: organizations.name,
  slug: organizations.slug,
  createdAt: organizations.createdAt,
  role: organizationMembers.role,
  memberCount,
};

type OrganizationRow = { id: string; name: string; slug: string; createdAt: Date; role: OrganizationRole; memberCount: number };
const toOrganization = (row: OrganizationRow): Organization => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  role: row.role,
  isPersonal: isPersonalSlug(row.slug),
  memberCount: Number(row.memberCount),
  createdAt: row.createdAt.toISOString(),
});

/** Every organization the user belongs to with their role there, in the order they joined (the personal one first). */
export async function listMyOrganizations(db: Db, userId: string): Promise<Organization[]> {
  const rows = await db
    .select(organizationColumns)
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt), asc(organizations.createdAt));
  return rows.map(toOrganization);
}

export async function getOrganization(db: Db, membership: Membership, userId: string): Promise<Organization> {
  const [row] = await db
    .select(organizationColumns)
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(and(eq(organizationMembers.organizationId, membership.organizationId), eq(organizationMembers.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found.');
  return toOrganization(row);
}

/** `acme-support-3f9a1c`: readable, unique, and never mistaken for a personal workspace. */
function newSlug(name: string): string {
  let base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  if (!base) base = 'organization';
  if (isPersonalSlug(`${base}-`)) base = `org-${base}`;
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * Refuses one more membership (or one more owned organization) beyond the limits. Call it in the transaction that
 * inserts the membership: it holds a lock on the user's memberships until that transaction ends, so two joins at once
 * (two organizations created in two tabs, two invitations accepted together) count one after the other.
 */
export async function assertCanJoin(tx: Db, userId: string, { asOwner }: { asOwner: boolean }): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`parley:memberships:${userId}`}))`);
  const [totals] = await tx
    .select({ all: count(), owned: sql<number>`count(*) filter (where ${organizationMembers.role} = 'owner')`.mapWith(Number) })
    .from(organizationMembers)
    .where(eq(organizationMembers.userId, userId));
  if (Number(totals?.all ?? 0) >= ORGANIZATION_MEMBERSHIPS_MAX)
    throw new AppError('LIMIT_REACHED', TEAM_MESSAGES.tooManyMemberships(ORGANIZATION_MEMBERSHIPS_MAX));
  if (asOwner && Number(totals?.owned ?? 0) >= ORGANIZATIONS_OWNED_MAX)
    throw new AppError('LIMIT_REACHED', TEAM_MESSAGES.tooManyOwned(ORGANIZATIONS_OWNED_MAX));
}

/** A new organization with the caller as its owner. */
export async function createOrganization(db: Db, userId: string, input: { name: string }): Promise<Organization> {
  const id = await db.transaction(async (tx) => {
    await assertCanJoin(tx, userId, { asOwner: true });
    const [org] = await tx
      .insert(organizations)
      .values({ name: input.name, slug: newSlug(input.name) })
      .returning({ id: organizations.id });
    await tx.insert(organizationMembers).values({ organizationId: org!.id, userId, role: 'owner' });
    await recordMembershipEvent(tx, { organizationId: org!.id, actorId: userId, action: 'organization_created', subject: input.name });
    return org!.id;
  });
  return getOrganization(db, { organizationId: id, role: 'owner' }, userId);
}

export async function renameOrganization(db: Db, membership: Membership, userId: string, input: { name: string }): Promise<Organization> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, membership.organizationId));
    if (!before) throw new AppError('NOT_FOUND', 'Organization not found.');
    if (before.name === input.name) return;
    await tx.update(organizations).set({ name: input.name, updatedAt: new Date() }).where(eq(organizations.id, membership.organizationId));
    await recordMembershipEvent(tx, {
      organizationId: membership.organizationId,
      actorId: userId,
      action: 'organization_renamed',
      subject: input.name,
      details: { from: before.name },
    });
  });
  return getOrganization(db, membership, userId);
}

/**
 * Deletes the organization with everything in it (chatbots, training data, conversations, keys, exports:
 * foreign keys cascade). The owner types its name to confirm; a personal workspace cannot be deleted.
 */
export async function deleteOrganization(
  deps: { db: Db; billing: BillingContext; log?: FastifyBaseLogger },
  membership: Membership,
  input: { confirmName: string },
): Promise<void> {
  const { db } = deps;
  const [org] = await db.select().from(organizations).where(eq(organizations.id, membership.organizationId));
  if (!org) throw new AppError('NOT_FOUND', 'Organization not found.');
  if (isPersonalSlug(org.slug)) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.personalNotDeletable);
  if (input.confirmName.trim() !== org.name) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.confirmNameMismatch);
  // Its paid plan ends at the provider first: a provider failure leaves the organization (and the plan) as they were.
  await cancelSubscriptionsBeforeDeletion(deps.billing, [org.id], deps.log);
  await db.delete(organizations).where(eq(organizations.id, org.id));
}

export async function listMembers(db: Db, organizationId: string, userId: string): Promise<Member[]> {
  const rows = await db
    .select({
      userId: organizationMembers.userId,
      role: organizationMembers.role,
      joinedAt: organizationMembers.createdAt,
      email: users.email,
      name: profiles.fullName,
    })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .leftJoin(profiles, eq(profiles.id, organizationMembers.userId))
    .where(eq(organizationMembers.organizationId, organizationId))
    .orderBy(ROLE_ORDER, asc(organizationMembers.createdAt));
  return rows.map((r) => ({
    userId: r.userId,
    role: r.role,
    email: r.email,
    name: r.name || null,
    joinedAt: r.joinedAt.toISOString(),
    isYou: r.userId === userId,
  }));
}

async function findMember(db: Pick<Db, 'select'>, organizationId: string, userId: string) {
  const [row] = await db
    .select({ role: organizationMembers.role, email: users.email })
    .from(organizationMembers)
    .innerJoin(users, eq(users.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  return row;
}

const changedMeanwhile = () => new AppError('CONFLICT', 'The team changed meanwhile. Reload and try again.');

/** The membership row as it was read: a change made meanwhile (another role, removed) matches nothing. */
const stillMember = (organizationId: string, userId: string, role: OrganizationRole) =>
  and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId), eq(organizationMembers.role, role));

/**
 * Admins and the owner change roles between admin and member. Nobody changes their own role, the owner's
 * changes only by a transfer, and only the owner demotes an admin (an admin may promote a member).
 */
export async function changeMemberRole(db: Db, actor: Membership & { userId: string }, targetUserId: string, role: AssignableRole): Promise<Member> {
  if (targetUserId === actor.userId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.ownRole);
  await db.transaction(async (tx) => {
    const target = await findMember(tx, actor.organizationId, targetUserId);
    if (target.role === 'owner') throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.ownerRole);
    if (target.role === role) return;
    if (target.role === 'admin' && actor.role !== 'owner') throw new AppError('FORBIDDEN', TEAM_MESSAGES.onlyOwnerManagesAdmins);
    const updated = await tx
      .update(organizationMembers)
      .set({ role })
      .where(stillMember(actor.organizationId, targetUserId, target.role))
      .returning({ userId: organizationMembers.userId });
    if (updated.length === 0) throw changedMeanwhile();
    await recordMembershipEvent(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'member_role_changed',
      subject: target.email,
      details: { from: target.role, to: role },
    });
  });
  const member = (await listMembers(db, actor.organizationId, actor.userId)).find((m) => m.userId === targetUserId);
  if (!member) throw new AppError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
  return member;
}

/** Admins remove members; only the owner removes an admin; the owner cannot be removed, nor can you remove yourself. */
export async function removeMember(db: Db, actor: Membership & { userId: string }, targetUserId: string): Promise<void> {
  if (targetUserId === actor.userId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.removeSelf);
  await db.transaction(async (tx) => {
    const target = await findMember(tx, actor.organizationId, targetUserId);
    if (target.role === 'owner') throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.removeOwner);
    if (target.role === 'admin' && actor.role !== 'owner') throw new AppError('FORBIDDEN', TEAM_MESSAGES.onlyOwnerManagesAdmins);
    const removed = await tx
      .delete(organizationMembers)
      .where(stillMember(actor.organizationId, targetUserId, target.role))
      .returning({ userId: organizationMembers.userId });
    if (removed.length === 0) throw changedMeanwhile();
    await recordMembershipEvent(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'member_removed',
      subject: target.email,
      details: { role: target.role },
    });
  });
}

/** Anyone but the owner may leave (the owner transfers ownership first). */
export async function leaveOrganization(db: Db, actor: Membership & { userId: string; email: string }): Promise<void> {
  if (actor.role === 'owner') throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.ownerLeaves);
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(organizationMembers)
      .where(
        and(
          eq(organizationMembers.organizationId, actor.organizationId),
          eq(organizationMembers.userId, actor.userId),
          sql`${organizationMembers.role} <> 'owner'`,
        ),
      )
      .returning({ role: organizationMembers.role });
    if (removed.length === 0) throw changedMeanwhile();
    await recordMembershipEvent(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'member_left',
      subject: actor.email,
      details: { role: removed[0]!.role },
    });
  });
}

/** The owner hands the organization to an existing member and becomes an admin. */
export async function transferOwnership(db: Db, actor: Membership & { userId: string }, targetUserId: string): Promise<void> {
  if (targetUserId === actor.userId) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.transferToSelf);
  await db.transaction(async (tx) => {
    const [org] = await tx.select({ slug: organizations.slug }).from(organizations).where(eq(organizations.id, actor.organizationId));
    if (!org) throw new AppError('NOT_FOUND', 'Organization not found.');
    if (isPersonalSlug(org.slug)) throw new AppError('VALIDATION_ERROR', TEAM_MESSAGES.personalNotTransferable);
    const target = await findMember(tx, actor.organizationId, targetUserId);
    // The old owner steps down first: a concurrent second transfer finds no owner row and stops.
    const steppedDown = await tx
      .update(organizationMembers)
      .set({ role: 'admin' })
      .where(
        and(eq(organizationMembers.organizationId, actor.organizationId), eq(organizationMembers.userId, actor.userId), eq(organizationMembers.role, 'owner')),
      )
      .returning({ userId: organizationMembers.userId });
    if (steppedDown.length === 0) throw changedMeanwhile();
    const promoted = await tx
      .update(organizationMembers)
      .set({ role: 'owner' })
      .where(and(eq(organizationMembers.organizationId, actor.organizationId), eq(organizationMembers.userId, targetUserId)))
      .returning({ userId: organizationMembers.userId });
    if (promoted.length === 0) throw changedMeanwhile();
    await recordMembershipEvent(tx, {
      organizationId: actor.organizationId,
      actorId: actor.userId,
      action: 'ownership_transferred',
      subject: target.email,
      details: { from: target.role },
    });
  });
}
