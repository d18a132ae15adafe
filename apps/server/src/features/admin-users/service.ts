import type { AdminRole } from '@parley/shared/access';
import { and, count, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { adminUsers, profiles } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { containsPattern } from '../../lib/like';

export async function getAdminStatus(db: Db, userId: string) {
  const [row] = await db.select({ role: adminUsers.role, isActive: adminUsers.isActive }).from(adminUsers).where(eq(adminUsers.userId, userId));
  return {
    userId,
    isAdmin: Boolean(row?.isActive),
    role: row?.isActive ? row.role : null,
    isActive: row?.isActive ?? false,
    noAdminsExist: await noAdminsExist(db),
  };
}

/** The spec's no_admins_exist procedure. */
export async function noAdminsExist(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return Number(row?.n ?? 0) === 0;
}

/**
 * Makes the caller the first system_admin, only while there is no admin at all.
 * The table lock makes concurrent calls wait for each other: exactly one wins.
 */
export async function bootstrapFirstAdmin(db: Db, userId: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    await lockAdminUsers(tx);
    const [existing] = await tx.select({ n: count() }).from(adminUsers);
    if (Number(existing?.n ?? 0) > 0) throw new AppError('CONFLICT', 'An administrator already exists: bootstrap is closed.');
    const [created] = await tx.insert(adminUsers).values({ userId, role: 'system_admin', isActive: true }).returning({ id: adminUsers.id });
    await logAdminActivity(
      tx,
      {
        action: 'admin_user_created',
        resourceType: 'admin_user',
        resourceId: created!.id,
        adminUserId: userId,
        details: { role: 'system_admin', bootstrap: true },
      },
      context,
    );
  });
}

const adminRow = {
  id: adminUsers.id,
  userId: adminUsers.userId,
  role: adminUsers.role,
  isActive: adminUsers.isActive,
  createdAt: adminUsers.createdAt,
  updatedAt: adminUsers.updatedAt,
  userEmail: profiles.email,
};

const toAdminUser = (r: { id: string; userId: string; role: AdminRole; isActive: boolean; createdAt: Date; updatedAt: Date; userEmail: string | null }) => ({
  ...r,
  userEmail: r.userEmail ?? 'Unknown',
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listAdminUsers(db: Db) {
  const rows = await db.select(adminRow).from(adminUsers).leftJoin(profiles, eq(profiles.id, adminUsers.userId)).orderBy(desc(adminUsers.createdAt));
  return rows.map(toAdminUser);
}

/** Case-insensitive substring of the e-mail, at most 10 (spec §5); blank finds nothing. */
export async function searchProfilesByEmail(db: Db, email: string) {
  const term = email.trim();
  if (!term) return [];
  const rows = await db
    .select({ id: profiles.id, email: profiles.email, createdAt: profiles.createdAt })
    .from(profiles)
    .where(ilike(profiles.email, containsPattern(term)))
    .orderBy(profiles.email)
    .limit(10);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * System admins who can still sign in and act: the admin row is active AND the account (profile)
 * is active. A deactivated account's admin row does not count, or the last usable admin could
 * demote themselves while only a signed-out admin "remained".
 */
export async function usableSystemAdminCount(tx: Tx, exceptId?: string): Promise<number> {
  const conditions = [eq(adminUsers.role, 'system_admin'), eq(adminUsers.isActive, true), eq(profiles.isActive, true)];
  if (exceptId) conditions.push(ne(adminUsers.id, exceptId));
  const [row] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .innerJoin(profiles, eq(profiles.id, adminUsers.userId))
    .where(and(...conditions));
  return Number(row?.n ?? 0);
}

/**
 * Serialises every change that can remove a usable system admin (admin rows and account
 * deactivation), so two admins acting at once cannot each remove the other.
 */
export async function lockAdminUsers(tx: Tx): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${adminUsers} IN SHARE ROW EXCLUSIVE MODE`);
}

/** Refuses to deactivate the account of the last usable system admin (spec part 1 §6: the console always keeps one). */
export async function assertNotLastSystemAdminAccount(tx: Tx, userId: string): Promise<void> {
  await lockAdminUsers(tx);
  const [own] = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(and(eq(adminUsers.userId, userId), eq(adminUsers.role, 'system_admin'), eq(adminUsers.isActive, true)));
  if (own && (await usableSystemAdminCount(tx, own.id)) === 0) {
    throw new AppError('CONFLICT', 'This account belongs to the last active system admin and cannot be deactivated.');
  }
}

const ALREADY_ADMIN = 'This user is already an admin.';

/** Two simultaneous "make admin" requests both pass the existence check; admin_users_user_id_unique stops the second. */
export async function createAdminUser(db: Db, input: { userId: string; role: AdminRole; actorId: string }, context: RequestContext) {
  try {
    return await insertAdminUser(db, input, context);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', ALREADY_ADMIN);
    throw error;
  }
}

async function insertAdminUser(db: Db, input: { userId: string; role: AdminRole; actorId: string }, context: RequestContext) {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, input.userId));
    if (!profile) throw new AppError('NOT_FOUND', 'No user with this id.');
    const [exists] = await tx.select({ id: adminUsers.id }).from(adminUsers).where(eq(adminUsers.userId, input.userId));
    if (exists) throw new AppError('CONFLICT', ALREADY_ADMIN);
    const [created] = await tx.insert(adminUsers).values({ userId: input.userId, role: input.role, isActive: true }).returning({ id: adminUsers.id });
    await logAdminActivity(
      tx,
      {
        action: 'admin_user_created',
        resourceType: 'admin_user',
        resourceId: created!.id,
        adminUserId: input.actorId,
        details: { user_id: input.userId, role: input.role },
      },
      context,
    );
    const [row] = await tx.select(adminRow).from(adminUsers).leftJoin(profiles, eq(profiles.id, adminUsers.userId)).where(eq(adminUsers.id, created!.id));
    return toAdminUser(row!);
  });
}

export async function updateAdminUser(db: Db, input: { id: string; role?: AdminRole; isActive?: boolean; actorId: string }, context: RequestContext) {
  return db.transaction(async (tx) => {
    await lockAdminUsers(tx);
    const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.id, input.id));
    if (!current) throw new AppError('NOT_FOUND', 'Admin user not found.');
    if (current.userId === input.actorId && input.role !== undefined && input.role !== current.role) {
      throw new AppError('FORBIDDEN', 'You cannot change your own role.');
    }
    const losesSystemAdmin =
      current.role === 'system_admin' && current.isActive && ((input.role !== undefined && input.role !== 'system_admin') || input.isActive === false);
    if (losesSystemAdmin && (await usableSystemAdminCount(tx, current.id)) === 0) {
      throw new AppError('CONFLICT', 'The last active system admin cannot be deactivated or demoted.');
    }
    await tx
      .update(adminUsers)
      .set({
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
        updatedAt: new Date(),
      })
      .where(eq(adminUsers.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'admin_user_updated',
        resourceType: 'admin_user',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { role: input.role, is_active: input.isActive, previous_role: current.role, previous_is_active: current.isActive },
      },
      context,
    );
    const [row] = await tx.select(adminRow).from(adminUsers).leftJoin(profiles, eq(profiles.id, adminUsers.userId)).where(eq(adminUsers.id, input.id));
    return toAdminUser(row!);
  });
}

export async function deleteAdminUser(db: Db, input: { id: string; actorId: string }, context: RequestContext) {
  await db.transaction(async (tx) => {
    await lockAdminUsers(tx);
    const [current] = await tx.select().from(adminUsers).where(eq(adminUsers.id, input.id));
    if (!current) throw new AppError('NOT_FOUND', 'Admin user not found.');
    if (current.role === 'system_admin' && current.isActive && (await usableSystemAdminCount(tx, current.id)) === 0) {
      throw new AppError('CONFLICT', 'The last active system admin cannot be removed.');
    }
    await tx.delete(adminUsers).where(eq(adminUsers.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'admin_user_deleted',
        resourceType: 'admin_user',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { user_id: current.userId, role: current.role },
      },
      context,
    );
  });
}
