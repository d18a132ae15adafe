import { PRICING_FAQ_MESSAGES, PRICING_FAQS_MAX, type PricingFaq } from '@parley/shared/contracts/pricing-faqs';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pricingFaqs } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';

type FaqInput = { question: string; answer: string; displayOrder: number; isActive: boolean };

const toFaq = (row: typeof pricingFaqs.$inferSelect): PricingFaq => ({
  id: row.id,
  question: row.question,
  answer: row.answer,
  displayOrder: row.displayOrder,
  isActive: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
});

/** Spec §7: every FAQ by display order (oldest first among equals). At most PRICING_FAQS_MAX exist. */
export async function listFaqs(db: Db, options: { activeOnly?: boolean } = {}): Promise<PricingFaq[]> {
  const rows = await db
    .select()
    .from(pricingFaqs)
    .where(options.activeOnly ? eq(pricingFaqs.isActive, true) : undefined)
    .orderBy(asc(pricingFaqs.displayOrder), asc(pricingFaqs.createdAt))
    .limit(PRICING_FAQS_MAX);
  return rows.map(toFaq);
}

export async function createFaq(db: Db, input: FaqInput, actorId: string, context: RequestContext): Promise<PricingFaq> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('pricing_faqs:create'))`);
    const [existing] = await tx.select({ n: count() }).from(pricingFaqs);
    if (Number(existing?.n ?? 0) >= PRICING_FAQS_MAX) throw new AppError('CONFLICT', PRICING_FAQ_MESSAGES.tooMany);
    const [created] = await tx.insert(pricingFaqs).values(input).returning();
    await logAdminActivity(
      tx,
      { action: 'pricing_faq_created', resourceType: 'pricing_faq', resourceId: created!.id, adminUserId: actorId, details: { question: input.question } },
      context,
    );
    return toFaq(created!);
  });
}

/** Spec §7 "upsert with updated_at": an edit stamps the time. */
export async function updateFaq(
  db: Db,
  id: string,
  { expectedUpdatedAt, ...input }: FaqInput & { expectedUpdatedAt?: string },
  actorId: string,
  context: RequestContext,
): Promise<PricingFaq> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ updatedAt: pricingFaqs.updatedAt }).from(pricingFaqs).where(eq(pricingFaqs.id, id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', PRICING_FAQ_MESSAGES.notFound);
    assertUnchangedSince(current.updatedAt, expectedUpdatedAt, 'this FAQ');
    const [updated] = await tx
      .update(pricingFaqs)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(pricingFaqs.id, id))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'pricing_faq_updated',
        resourceType: 'pricing_faq',
        resourceId: id,
        adminUserId: actorId,
        details: { question: input.question, display_order: input.displayOrder, is_active: input.isActive },
      },
      context,
    );
    return toFaq(updated!);
  });
}

export async function deleteFaq(db: Db, id: string, actorId: string, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(pricingFaqs).where(eq(pricingFaqs.id, id)).returning();
    if (!deleted) throw new AppError('NOT_FOUND', PRICING_FAQ_MESSAGES.notFound);
    await logAdminActivity(
      tx,
      { action: 'pricing_faq_deleted', resourceType: 'pricing_faq', resourceId: id, adminUserId: actorId, details: { question: deleted.question } },
      context,
    );
  });
}
