import type { AdminRole } from '@parley/shared/access';
import { adminUsers } from '../db/schema/index';
import { createSignedInUser, type TestContext } from './harness';

/** A signed-in user holding an admin role (inserted directly: the test arranges, the API acts). */
export async function createAdmin(ctx: TestContext, role: AdminRole, isActive = true) {
  const user = await createSignedInUser(ctx);
  const [row] = await ctx.database.db.insert(adminUsers).values({ userId: user.userId, role, isActive }).returning({ id: adminUsers.id });
  return { ...user, adminId: row!.id };
}
