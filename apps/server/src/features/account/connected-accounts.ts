import type { ConnectedAccount } from '@parley/shared/contracts/account';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema/index';

/** The user's sign-in methods: at most one per provider, so the list is short. */
export async function listConnectedAccounts(db: Db, userId: string, providerNames: Record<string, string>): Promise<ConnectedAccount[]> {
  const rows = await db
    .select({ id: accounts.id, providerId: accounts.providerId, password: accounts.password, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.createdAt))
    .limit(50);
  const methods = rows.filter((r) => r.providerId !== 'credential' || r.password).length;
  return rows.map((row) => {
    const isCredential = row.providerId === 'credential';
    return {
      id: row.id,
      providerId: row.providerId,
      providerName: isCredential ? 'E-mail and password' : (providerNames[row.providerId] ?? row.providerId),
      kind: isCredential ? ('credential' as const) : ('oauth' as const),
      createdAt: row.createdAt.toISOString(),
      // Only single sign-on links are disconnected here, and only while another way in remains.
      canUnlink: !isCredential && methods > 1,
    };
  });
}

export async function findConnectedAccount(db: Db, userId: string, accountId: string) {
  const [row] = await db.select({ id: accounts.id, providerId: accounts.providerId, userId: accounts.userId }).from(accounts).where(eq(accounts.id, accountId));
  return row && row.userId === userId ? row : null;
}
