import { ACCOUNT_DELETION_CONFIRM_WORD, ACCOUNT_DELETION_GRACE_DAYS } from '@parley/shared/constants';
import { blockedDeletionAdvice, isDeletionConfirmed, type AccountDeletionStatus, type DeletionOrganization } from '@parley/shared/contracts/account-deletion';
import { and, asc, count, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  accountDeletions,
  adminUsers,
  chatbots,
  conversations,
  organizationMembers,
  organizations,
  profiles,
  sessions,
  users,
  type AccountDeletionSummary,
} from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { isPersonalSlug } from '../organizations/index';

type Reader = Db | Tx;

const OTHER_MEMBERS_SHOWN = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What deleting the account does to each organization the user belongs to: the only member's
 * organization is deleted with it; the only owner of an organization with other members must
 * transfer ownership first; anywhere else the membership just ends.
 */
export async function organizationsOnDeletion(db: Reader, userId: string): Promise<DeletionOrganization[]> {
  const memberships = await db
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug, role: organizationMembers.role })
    .from(organizationMembers)
    .innerJoin(organizations, eq(organizations.id, organizationMembers.organizationId))
    .where(eq(organizationMembers.userId, userId))
    .orderBy(asc(organizationMembers.createdAt));
  const result: DeletionOrganization[] = [];
  for (const membership of memberships) {
    const others = await db
      .select({ name: profiles.fullName, email: users.email, role: organizationMembers.role })
      .from(organizationMembers)
      .innerJoin(users, eq(users.id, organizationMembers.userId))
      .leftJoin(profiles, eq(profiles.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, membership.id), ne(organizationMembers.userId, userId)))
      .orderBy(asc(organizationMembers.createdAt));
    const hasOtherOwner = others.some((o) => o.role === 'owner');
    const outcome = others.length === 0 ? 'delete' : membership.role === 'owner' && !hasOtherOwner ? 'blocked' : 'leave';
    const [bots] = await db.select({ n: count() }).from(chatbots).where(eq(chatbots.organizationId, membership.id));
    const [convs] = await db.select({ n: count() }).from(conversations).where(eq(conversations.organizationId, membership.id));
    result.push({
      id: membership.id,
      name: membership.name,
      role: membership.role,
      isPersonal: isPersonalSlug(membership.slug),
      outcome,
      chatbotCount: Number(bots?.n ?? 0),
      conversationCount: Number(convs?.n ?? 0),
      otherMembers: others.slice(0, OTHER_MEMBERS_SHOWN),
      otherMemberCount: others.length,
    });
  }
  return result;
}

function blockersOf(organizationsList: DeletionOrganization[]): string[] {
  return organizationsList
    .filter((o) => o.outcome === 'blocked')
    .map((o) => {
      const names = o.otherMembers.slice(0, 5).map((m) => m.name || m.email);
      const more = o.otherMemberCount > names.length ? ` and ${o.otherMemberCount - names.length} more` : '';
      const members = `${o.otherMemberCount} other member${o.otherMemberCount === 1 ? '' : 's'} (${names.join(', ')}${more})`;
      const situation = o.isPersonal ? `Your personal workspace “${o.name}” has ${members}.` : `You are the only owner of “${o.name}”, which has ${members}.`;
      return `${situation} ${blockedDeletionAdvice(o)}`;
    });
}

async function isStaff(db: Reader, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.userId, userId));
  return Boolean(row);
}

const STAFF_BLOCKER = 'This account belongs to the operator’s staff: a system administrator removes staff accounts in the admin console.';

export async function getDeletionStatus(db: Db, userId: string): Promise<AccountDeletionStatus> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
  const [scheduled] = await db
    .select()
    .from(accountDeletions)
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'scheduled')));
  const orgs = await organizationsOnDeletion(db, userId);
  const blockers = [...((await isStaff(db, userId)) ? [STAFF_BLOCKER] : []), ...blockersOf(orgs)];
  return {
    email: user.email,
    graceDays: ACCOUNT_DELETION_GRACE_DAYS,
    scheduled: scheduled ? { id: scheduled.id, requestedAt: scheduled.requestedAt.toISOString(), scheduledFor: scheduled.scheduledFor.toISOString() } : null,
    organizations: orgs,
    blockers,
  };
}

/**
 * Schedules the deletion ACCOUNT_DELETION_GRACE_DAYS from now and signs the user out everywhere.
 * Until then the account is kept as it is, and signing in cancels the deletion.
 */
export async function requestAccountDeletion(
  db: Db,
  input: { userId: string; confirmation: string },
  now = new Date(),
): Promise<{ id: string; email: string; scheduledFor: Date; organizations: DeletionOrganization[] }> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new AppError('NOT_FOUND', 'Account not found.');
  if (!isDeletionConfirmed(input.confirmation, user.email)) {
    throw new AppError('VALIDATION_ERROR', `Type your e-mail address or ${ACCOUNT_DELETION_CONFIRM_WORD} exactly to confirm.`);
  }
  if (await isStaff(db, input.userId)) throw new AppError('FORBIDDEN', STAFF_BLOCKER);
  return db.transaction(async (tx) => {
    const orgs = await organizationsOnDeletion(tx, input.userId);
    const blockers = blockersOf(orgs);
    if (blockers.length > 0) throw new AppError('CONFLICT', blockers.join(' '));
    const scheduledFor = new Date(now.getTime() + ACCOUNT_DELETION_GRACE_DAYS * DAY_MS);
    const [row] = await tx
      .insert(accountDeletions)
      .values({ userId: input.userId, email: user.email, requestedAt: now, scheduledFor })
      .onConflictDoNothing()
      .returning({ id: accountDeletions.id });
    if (!row) throw new AppError('CONFLICT', 'Your account is already scheduled for deletion.');
    await tx.delete(sessions).where(eq(sessions.userId, input.userId));
    return { id: row.id, email: user.email, scheduledFor, organizations: orgs };
  });
}

/** Cancels a scheduled deletion (the user signed in during the grace period). Returns it, or null if none was scheduled. */
export async function cancelAccountDeletion(db: Db, userId: string, reason: string, now = new Date()) {
  const [row] = await db
    .update(accountDeletions)
    .set({ status: 'cancelled', cancelledAt: now, summary: { cancelReason: reason } })
    .where(and(eq(accountDeletions.userId, userId), eq(accountDeletions.status, 'scheduled')))
    .returning();
  return row ?? null;
}

/** Deletions whose grace period is over. */
export async function dueDeletionIds(db: Db, now = new Date(), limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: accountDeletions.id })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.scheduledFor, now)))
    .orderBy(asc(accountDeletions.scheduledFor))
    .limit(limit);
  return rows.map((r) => r.id);
}

export type DeletionOutcome =
  | { outcome: 'skipped' }
  | { outcome: 'cancelled'; userId: string; email: string; name: string | null; reason: string }
  | { outcome: 'deleted'; email: string; name: string | null; summary: AccountDeletionSummary };

/** The organizations a due, scheduled deletion would delete (those the user is the only member of). */
export async function organizationsToDelete(db: Db, deletionId: string, now = new Date()): Promise<string[]> {
  const [request] = await db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(and(eq(accountDeletions.id, deletionId), eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.scheduledFor, now)));
  if (!request?.userId) return [];
  const orgs = await organizationsOnDeletion(db, request.userId);
  // A blocked deletion is cancelled rather than carried out: nothing of it may end before.
  if (blockersOf(orgs).length > 0 || (await isStaff(db, request.userId))) return [];
  return orgs.filter((o) => o.outcome === 'delete').map((o) => o.id);
}

/**
 * Carries out one due deletion, in one transaction: the organizations the user is the only member
 * of are deleted (with their chatbots, documents and conversations), then the user (sessions,
 * sign-in methods, profile and memberships go with it). If meanwhile the user became the only
 * owner of an organization with other members, nothing is deleted and the request is cancelled.
 * Safe to run twice: only a scheduled, due request is acted on.
 */
export async function carryOutAccountDeletion(db: Db, deletionId: string, now = new Date()): Promise<DeletionOutcome> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(accountDeletions)
      .where(and(eq(accountDeletions.id, deletionId), eq(accountDeletions.status, 'scheduled'), lte(accountDeletions.scheduledFor, now)))
      .for('update', { skipLocked: true });
    if (!request?.userId) return { outcome: 'skipped' as const };
    const userId = request.userId;
    const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
    if (!user) {
      await tx.update(accountDeletions).set({ status: 'completed', completedAt: now }).where(eq(accountDeletions.id, deletionId));
      return { outcome: 'skipped' as const };
    }
    const orgs = await organizationsOnDeletion(tx, userId);
    const blockers = blockersOf(orgs);
    const staff = await isStaff(tx, userId);
    if (blockers.length > 0 || staff) {
      const reason = staff ? STAFF_BLOCKER : blockers.join(' ');
      await tx
        .update(accountDeletions)
        .set({ status: 'cancelled', cancelledAt: now, summary: { cancelReason: reason } })
        .where(eq(accountDeletions.id, deletionId));
      return { outcome: 'cancelled' as const, userId, email: user.email, name: user.name, reason };
    }
    const deleted = orgs.filter((o) => o.outcome === 'delete');
    if (deleted.length > 0) {
      await tx.delete(organizations).where(
        inArray(
          organizations.id,
          deleted.map((o) => o.id),
        ),
      );
    }
    await tx.delete(users).where(eq(users.id, userId));
    const summary: AccountDeletionSummary = {
      deletedOrganizations: deleted.map((o) => ({ id: o.id, name: o.name, chatbots: o.chatbotCount, conversations: o.conversationCount })),
      leftOrganizations: orgs.filter((o) => o.outcome === 'leave').map((o) => o.id),
    };
    await tx.update(accountDeletions).set({ status: 'completed', completedAt: now, summary }).where(eq(accountDeletions.id, deletionId));
    return { outcome: 'deleted' as const, email: user.email, name: user.name, summary };
  });
}
