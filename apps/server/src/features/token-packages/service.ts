import { TOKEN_PACKAGE_MESSAGES, TOKEN_PACKAGES_MAX, type TokenPackage } from '@parley/shared/contracts/token-packages';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tokenPackages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';
import { assertChargeablePrice } from '../billing/index';
import { readBillingSettings } from '../../services/billing-settings';

type PackageInput = { name: string; tokens: number; priceCents: number; isActive: boolean };

const toTokenPackage = (row: typeof tokenPackages.$inferSelect): TokenPackage => ({
  id: row.id,
  name: row.name,
  tokens: row.tokens,
  priceCents: row.priceCents,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Spec §7: ordered by tokens (then name, so equal sizes keep a stable order). At most TOKEN_PACKAGES_MAX exist. */
export async function listTokenPackages(db: Db, options: { activeOnly?: boolean } = {}): Promise<TokenPackage[]> {
  const rows = await db
    .select()
    .from(tokenPackages)
    .where(options.activeOnly ? eq(tokenPackages.isActive, true) : undefined)
    .orderBy(asc(tokenPackages.tokens), asc(tokenPackages.name), asc(tokenPackages.createdAt))
    .limit(TOKEN_PACKAGES_MAX);
  return rows.map(toTokenPackage);
}

export async function createTokenPackage(db: Db, input: PackageInput, actorId: string, context: RequestContext): Promise<TokenPackage> {
  return db.transaction(async (tx) => {
    // One creation at a time, so concurrent adds cannot pass the cap together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('token_packages:create'))`);
    const [existing] = await tx.select({ n: count() }).from(tokenPackages);
    if (Number(existing?.n ?? 0) >= TOKEN_PACKAGES_MAX) throw new AppError('CONFLICT', TOKEN_PACKAGE_MESSAGES.tooMany);
    assertChargeablePrice(input.priceCents, (await readBillingSettings(tx)).currency, 'Price', 'not on sale');
    const [created] = await tx.insert(tokenPackages).values(input).returning();
    await logAdminActivity(
      tx,
      {
        action: 'token_package_created',
        resourceType: 'token_package',
        resourceId: created!.id,
        adminUserId: actorId,
        details: { name: input.name, tokens: input.tokens, price_cents: input.priceCents, is_active: input.isActive },
      },
      context,
    );
    return toTokenPackage(created!);
  });
}

export async function updateTokenPackage(
  db: Db,
  id: string,
  { expectedUpdatedAt, ...input }: PackageInput & { expectedUpdatedAt?: string },
  actorId: string,
  context: RequestContext,
): Promise<TokenPackage> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(tokenPackages).where(eq(tokenPackages.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', TOKEN_PACKAGE_MESSAGES.notFound);
    assertUnchangedSince(current.updatedAt, expectedUpdatedAt, 'this package');
    assertChargeablePrice(input.priceCents, (await readBillingSettings(tx)).currency, 'Price', 'not on sale');
    const [updated] = await tx
      .update(tokenPackages)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(tokenPackages.id, id))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'token_package_updated',
        resourceType: 'token_package',
        resourceId: id,
        adminUserId: actorId,
        details: {
          name: input.name,
          tokens: input.tokens,
          price_cents: input.priceCents,
          is_active: input.isActive,
          previous: { name: current.name, tokens: current.tokens, price_cents: current.priceCents, is_active: current.isActive },
        },
      },
      context,
    );
    return toTokenPackage(updated!);
  });
}

export async function deleteTokenPackage(db: Db, id: string, actorId: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(tokenPackages).where(eq(tokenPackages.id, id)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', TOKEN_PACKAGE_MESSAGES.notFound);
    await logAdminActivity(
      tx,
      {
        action: 'token_package_deleted',
        resourceType: 'token_package',
        resourceId: id,
        adminUserId: actorId,
        details: { name: deleted.name, tokens: deleted.tokens, price_cents: deleted.priceCents },
      },
      context,
    );
  });
}
