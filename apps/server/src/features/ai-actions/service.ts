import {
  ACTION_TEMPLATE_LIST_LIMIT,
  ACTION_TEMPLATES_MAX,
  AI_ACTION_MESSAGES,
  ACTION_TYPES,
  type ActionAnalytics,
  type ActionTemplate,
  type ActionTemplateList,
  type actionTemplateListQuerySchema,
  type createActionTemplateBodySchema,
  type updateActionTemplateBodySchema,
} from '@parley/shared/contracts/ai-actions';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { aiActionCategories, aiActionTemplates } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity } from '../../services/activity-log';
import { toActionTemplate, toStoredEventHandler, toStoredWebhook } from './mapping';
import { containsPattern } from '../../lib/like';
import type { Tx } from '../../db/client';
import type { RequestContext } from '../../services/activity-log';
import { stableJson } from './shared';

type ListQuery = z.output<typeof actionTemplateListQuerySchema>;
type CreateInput = z.output<typeof createActionTemplateBodySchema>;
type UpdateInput = z.output<typeof updateActionTemplateBodySchema>;

const NOT_FOUND = 'Action template not found.';

/**
 * The admin screen lists every template, active or not (the switch turns them back on), newest first, searched in
 * name and description and filtered by category. At most ACTION_TEMPLATE_LIST_LIMIT rows; `total` counts them all.
 */
export async function listActionTemplates(db: Db, query: ListQuery): Promise<ActionTemplateList> {
  const conditions: SQL[] = [];
  const term = query.search.trim();
  if (term) conditions.push(or(ilike(aiActionTemplates.name, containsPattern(term)), ilike(aiActionTemplates.description, containsPattern(term)))!);
  if (query.category === 'uncategorized') conditions.push(isNull(aiActionTemplates.categoryId));
  else if (query.category) conditions.push(eq(aiActionTemplates.categoryId, query.category));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select()
    .from(aiActionTemplates)
    .where(where)
    .orderBy(desc(aiActionTemplates.createdAt), desc(aiActionTemplates.id))
    .limit(ACTION_TEMPLATE_LIST_LIMIT);
  const [total] = await db.select({ n: count() }).from(aiActionTemplates).where(where);
  return { items: rows.map(toActionTemplate), total: Number(total?.n ?? 0), limit: ACTION_TEMPLATE_LIST_LIMIT };
}

async function assertCategoryExists(tx: Tx, categoryId: string | null | undefined): Promise<void> {
  if (!categoryId) return;
  const [found] = await tx.select({ id: aiActionCategories.id }).from(aiActionCategories).where(eq(aiActionCategories.id, categoryId));
  if (!found) throw new AppError('VALIDATION_ERROR', 'categoryId: the chosen category does not exist.');
}

async function readTemplate(tx: Tx, id: string): Promise<ActionTemplate> {
  const [row] = await tx.select().from(aiActionTemplates).where(eq(aiActionTemplates.id, id));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return toActionTemplate(row);
}

export async function createActionTemplate(db: Db, input: CreateInput & { actorId: string }, context: RequestContext): Promise<ActionTemplate> {
  return db.transaction(async (tx) => {
    // Serialises creators so the bound holds under concurrent requests too.
    await tx.execute(sql`LOCK TABLE ${aiActionTemplates} IN SHARE ROW EXCLUSIVE MODE`);
    const [total] = await tx.select({ n: count() }).from(aiActionTemplates);
    if (Number(total?.n ?? 0) >= ACTION_TEMPLATES_MAX) throw new AppError('CONFLICT', AI_ACTION_MESSAGES.tooManyTemplates);
    await assertCategoryExists(tx, input.categoryId);
    const [created] = await tx
      .insert(aiActionTemplates)
      .values({
        name: input.name,
        description: input.description,
        actionType: input.actionType,
        categoryId: input.categoryId,
        templateConfig: input.templateConfig,
        instructionsTemplate: input.instructionsTemplate,
        icon: input.icon,
        isFeatured: input.isFeatured,
        isActive: input.isActive,
        webhooks: input.webhooks.map(toStoredWebhook),
        eventHandlers: input.eventHandlers.map(toStoredEventHandler),
        createdBy: input.actorId,
      })
      .returning({ id: aiActionTemplates.id });
    await logAdminActivity(
      tx,
      {
        action: 'action_template_created',
        resourceType: 'ai_action_template',
        resourceId: created!.id,
        adminUserId: input.actorId,
        details: { name: input.name, action_type: input.actionType, webhooks: input.webhooks.length, event_handlers: input.eventHandlers.length },
      },
      context,
    );
    return readTemplate(tx, created!.id);
  });
}

/** The activity name says what happened: a lone switch is a toggle, anything else an update. */
function activityFor(changes: UpdateInput): string {
  const fields = Object.keys(changes).filter((key) => changes[key as keyof UpdateInput] !== undefined);
  if (fields.length === 1 && changes.isActive !== undefined) return changes.isActive ? 'action_template_activated' : 'action_template_deactivated';
  if (fields.length === 1 && changes.isFeatured !== undefined) return changes.isFeatured ? 'action_template_featured' : 'action_template_unfeatured';
  return 'action_template_updated';
}

export async function updateActionTemplate(db: Db, input: UpdateInput & { id: string; actorId: string }, context: RequestContext): Promise<ActionTemplate> {
  const { id, actorId, webhooks, eventHandlers, expectedUpdatedAt, ...fields } = input;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(aiActionTemplates).where(eq(aiActionTemplates.id, id)).for('update');
    if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
    assertUnchangedSince(row.updatedAt, expectedUpdatedAt, 'this action template');
    await assertCategoryExists(tx, fields.categoryId);
    await tx
      .update(aiActionTemplates)
      .set({
        ...fields,
        ...(webhooks !== undefined ? { webhooks: webhooks.map(toStoredWebhook) } : {}),
        ...(eventHandlers !== undefined ? { eventHandlers: eventHandlers.map(toStoredEventHandler) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(aiActionTemplates.id, id));
    // The log names the fields whose value changed, not every field the dialog sent.
    const before = toActionTemplate(row);
    const changes: Omit<UpdateInput, 'expectedUpdatedAt'> = { ...fields, webhooks, eventHandlers };
    const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter(
      (key) => changes[key] !== undefined && stableJson(changes[key]) !== stableJson(before[key]),
    );
    await logAdminActivity(
      tx,
      {
        action: activityFor(changes),
        resourceType: 'ai_action_template',
        resourceId: id,
        adminUserId: actorId,
        details: { name: fields.name ?? row.name, fields: changed },
      },
      context,
    );
    return readTemplate(tx, id);
  });
}

export async function deleteActionTemplate(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(aiActionTemplates).where(eq(aiActionTemplates.id, input.id)).returning({ name: aiActionTemplates.name });
    if (!deleted) throw new AppError('NOT_FOUND', NOT_FOUND);
    await logAdminActivity(
      tx,
      {
        action: 'action_template_deleted',
        resourceType: 'ai_action_template',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: deleted.name },
      },
      context,
    );
  });
}

export async function templateExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: aiActionTemplates.id }).from(aiActionTemplates).where(eq(aiActionTemplates.id, id));
  return Boolean(row);
}

/** Analytics tab: the spec's four counts over all templates, and the split by category and by action type (usage.ts: the calls). */
export async function actionAnalytics(db: Db): Promise<Omit<ActionAnalytics, 'usage'>> {
  const [totals] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${aiActionTemplates.isActive})`,
      featured: sql<number>`count(*) filter (where ${aiActionTemplates.isFeatured})`,
      webhooks: sql<number>`coalesce(sum(jsonb_array_length(${aiActionTemplates.webhooks})), 0)`,
      eventHandlers: sql<number>`coalesce(sum(jsonb_array_length(${aiActionTemplates.eventHandlers})), 0)`,
    })
    .from(aiActionTemplates);
  const [categories] = await db.select({ n: count() }).from(aiActionCategories).where(eq(aiActionCategories.isActive, true));
  const perCategory = await db
    .select({
      categoryId: aiActionTemplates.categoryId,
      total: count(),
      active: sql<number>`count(*) filter (where ${aiActionTemplates.isActive})`,
    })
    .from(aiActionTemplates)
    .groupBy(aiActionTemplates.categoryId);
  const categoryRows = await db
    .select({ id: aiActionCategories.id, name: aiActionCategories.name, isActive: aiActionCategories.isActive, sortOrder: aiActionCategories.sortOrder })
    .from(aiActionCategories)
    .orderBy(aiActionCategories.sortOrder, aiActionCategories.name);
  const perType = await db
    .select({ actionType: aiActionTemplates.actionType, total: count(), active: sql<number>`count(*) filter (where ${aiActionTemplates.isActive})` })
    .from(aiActionTemplates)
    .groupBy(aiActionTemplates.actionType);

  const countsFor = (categoryId: string | null) => perCategory.find((row) => row.categoryId === categoryId);
  // Active categories always show (even empty); inactive ones only while templates still use them.
  const byCategory: ActionAnalytics['byCategory'] = categoryRows
    .filter((category) => category.isActive || countsFor(category.id))
    .map((category) => ({
      categoryId: category.id,
      name: category.name,
      total: Number(countsFor(category.id)?.total ?? 0),
      active: Number(countsFor(category.id)?.active ?? 0),
    }));
  const uncategorized = countsFor(null);
  if (uncategorized) byCategory.push({ categoryId: null, name: 'Uncategorized', total: Number(uncategorized.total), active: Number(uncategorized.active) });

  return {
    total: Number(totals?.total ?? 0),
    active: Number(totals?.active ?? 0),
    categories: Number(categories?.n ?? 0),
    featured: Number(totals?.featured ?? 0),
    webhooks: Number(totals?.webhooks ?? 0),
    eventHandlers: Number(totals?.eventHandlers ?? 0),
    byCategory,
    byActionType: ACTION_TYPES.map((actionType) => {
      const row = perType.find((entry) => entry.actionType === actionType);
      return { actionType, total: Number(row?.total ?? 0), active: Number(row?.active ?? 0) };
    }),
  };
}
