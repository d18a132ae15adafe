import {
  ACTION_CATEGORIES_MAX,
  AI_ACTION_MESSAGES,
  type ActionCategory,
  type createActionCategoryBodySchema,
  type updateActionCategoryBodySchema,
} from '@parley/shared/contracts/ai-actions';
import { and, asc, count, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { aiActionCategories, aiActionTemplates } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity } from '../../services/activity-log';
import { toActionCategory } from './mapping';
import { isUniqueViolation } from '../../lib/database-errors';
import type { Tx } from '../../db/client';
import type { RequestContext } from '../../services/activity-log';

type CreateInput = z.output<typeof createActionCategoryBodySchema>;
type UpdateInput = z.output<typeof updateActionCategoryBodySchema>;

const DUPLICATE_NAME = 'A category with this name already exists.';
const NOT_FOUND = 'Action category not found.';

const categoryWithCount = { ...getTableColumns(aiActionCategories), templateCount: count(aiActionTemplates.id) };

async function readCategory(db: Db | Tx, id: string): Promise<ActionCategory | null> {
  const [row] = await db
    .select(categoryWithCount)
    .from(aiActionCategories)
    .leftJoin(aiActionTemplates, eq(aiActionTemplates.categoryId, aiActionCategories.id))
    .where(eq(aiActionCategories.id, id))
    .groupBy(aiActionCategories.id);
  return row ? toActionCategory(row) : null;
}

/** Spec §7: active categories ordered by sort_order (then name); the manage dialog also asks for inactive ones. */
export async function listActionCategories(db: Db, { includeInactive }: { includeInactive: boolean }): Promise<ActionCategory[]> {
  const rows = await db
    .select(categoryWithCount)
    .from(aiActionCategories)
    .leftJoin(aiActionTemplates, eq(aiActionTemplates.categoryId, aiActionCategories.id))
    .where(includeInactive ? undefined : eq(aiActionCategories.isActive, true))
    .groupBy(aiActionCategories.id)
    .orderBy(asc(aiActionCategories.sortOrder), asc(aiActionCategories.name));
  return rows.map(toActionCategory);
}

/** Names are unique regardless of letter case, so two cards never read the same. */
async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  const conditions = [sql`lower(${aiActionCategories.name}) = lower(${name})`];
  if (exceptId) conditions.push(ne(aiActionCategories.id, exceptId));
  const [taken] = await tx
    .select({ id: aiActionCategories.id })
    .from(aiActionCategories)
    .where(and(...conditions));
  if (taken) throw new AppError('CONFLICT', DUPLICATE_NAME);
}

async function withUniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', DUPLICATE_NAME);
    throw error;
  }
}

export async function createActionCategory(db: Db, input: CreateInput & { actorId: string }, context: RequestContext): Promise<ActionCategory> {
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${aiActionCategories} IN SHARE ROW EXCLUSIVE MODE`);
      const [total] = await tx.select({ n: count() }).from(aiActionCategories);
      if (Number(total?.n ?? 0) >= ACTION_CATEGORIES_MAX) throw new AppError('CONFLICT', AI_ACTION_MESSAGES.tooManyCategories);
      await assertNameFree(tx, input.name);
      const [created] = await tx
        .insert(aiActionCategories)
        .values({ name: input.name, description: input.description, icon: input.icon, isActive: input.isActive, sortOrder: input.sortOrder })
        .returning({ id: aiActionCategories.id });
      await logAdminActivity(
        tx,
        {
          action: 'action_category_created',
          resourceType: 'ai_action_category',
          resourceId: created!.id,
          adminUserId: input.actorId,
          details: { name: input.name },
        },
        context,
      );
      return (await readCategory(tx, created!.id))!;
    }),
  );
}

export async function updateActionCategory(db: Db, input: UpdateInput & { id: string; actorId: string }, context: RequestContext): Promise<ActionCategory> {
  const { id, actorId, expectedUpdatedAt, ...changes } = input;
  return withUniqueName(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(aiActionCategories).where(eq(aiActionCategories.id, id)).for('update');
      if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
      assertUnchangedSince(current.updatedAt, expectedUpdatedAt, 'this category');
      if (changes.name !== undefined) await assertNameFree(tx, changes.name, id);
      await tx
        .update(aiActionCategories)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(aiActionCategories.id, id));
      await logAdminActivity(
        tx,
        {
          action: 'action_category_updated',
          resourceType: 'ai_action_category',
          resourceId: id,
          adminUserId: actorId,
          details: { name: changes.name ?? current.name, fields: Object.keys(changes), is_active: changes.isActive },
        },
        context,
      );
      return (await readCategory(tx, id))!;
    }),
  );
}

/** Only an empty category can be deleted; one in use is deactivated instead (its templates keep it). */
export async function deleteActionCategory(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(aiActionCategories).where(eq(aiActionCategories.id, input.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
    const [used] = await tx.select({ n: count() }).from(aiActionTemplates).where(eq(aiActionTemplates.categoryId, input.id));
    const inUse = Number(used?.n ?? 0);
    if (inUse > 0) {
      throw new AppError(
        'CONFLICT',
        `${inUse === 1 ? 'One action template uses' : `${inUse} action templates use`} this category. Move them to another category first, or deactivate the category instead.`,
      );
    }
    await tx.delete(aiActionCategories).where(eq(aiActionCategories.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'action_category_deleted',
        resourceType: 'ai_action_category',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: current.name },
      },
      context,
    );
  });
}
