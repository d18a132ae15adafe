import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { adminUsers, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { Auth } from '../../plugins/better-auth';
import { logAdminActivity } from '../../services/activity-log';

/** Development only (the route checks): a confirmed user with system_admin. */
export async function createTestAdmin(
  db: Db,
  auth: Auth,
  input: { email: string; password: string },
  context: { ipAddress: string; userAgent: string | null },
  requestedByUserId: string,
) {
  const email = input.email.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) throw new AppError('CONFLICT', 'A user with this e-mail already exists.');
  const created = await auth.api.signUpEmail({ body: { email, password: input.password, name: 'Test Admin', firstName: 'Test', lastName: 'Admin' } });
  const userId = created.user.id;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
    const [row] = await tx.insert(adminUsers).values({ userId, role: 'system_admin', isActive: true }).returning({ id: adminUsers.id });
    await logAdminActivity(
      tx,
      {
        action: 'admin_user_created',
        resourceType: 'admin_user',
        resourceId: row!.id,
        adminUserId: null,
        details: { role: 'system_admin', source: 'debug_console', requestedByUserId },
      },
      context,
    );
  });
  return { userId, email };
}
