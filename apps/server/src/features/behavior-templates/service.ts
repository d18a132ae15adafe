import { BEHAVIOR_TEMPLATE_MESSAGES as MESSAGES, BEHAVIOR_TEMPLATES_MAX, type BehaviorTemplate } from '@parley/shared/contracts/behavior-templates';
import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { behaviorTemplates } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/database-errors';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';

type Row = typeof behaviorTemplates.$inferSelect;

const RESOURCE_TYPE = 'behavior_template';

const toTemplate = (row: Row): BehaviorTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  systemPrompt: row.systemPrompt,
  isDefault: row.isDefault,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Every change to the catalogue runs in one transaction that first takes this lock. It conflicts with itself, so
 * writers (on any server process) go one after another while readers carry on: "exactly one default" holds at every
 * commit, and concurrent set-default calls all succeed in turn. The partial unique index
 * behavior_templates_one_default is the last line of defence; should it ever fire, the caller gets a clean 409.
 */
async function writeTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE ${behaviorTemplates} IN SHARE ROW EXCLUSIVE MODE`);
      return work(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', MESSAGES.concurrentChange);
    throw error;
  }
}

async function findOrThrow(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx.select().from(behaviorTemplates).where(eq(behaviorTemplates.id, id));
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return row;
}

/** Spec §7: all templates, the default first, then newest first. */
export async function listBehaviorTemplates(db: Db): Promise<BehaviorTemplate[]> {
  const rows = await db
    .select()
    .from(behaviorTemplates)
    .orderBy(desc(behaviorTemplates.isDefault), desc(behaviorTemplates.createdAt), asc(behaviorTemplates.id))
    .limit(BEHAVIOR_TEMPLATES_MAX);
  return rows.map(toTemplate);
}

/** What the chatbot builder offers: active templates, the default first, then by name. */
export async function listActiveBehaviorTemplates(db: Db) {
  const rows = await db
    .select()
    .from(behaviorTemplates)
    .where(eq(behaviorTemplates.isActive, true))
    .orderBy(desc(behaviorTemplates.isDefault), asc(behaviorTemplates.name), asc(behaviorTemplates.id))
    .limit(BEHAVIOR_TEMPLATES_MAX);
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, systemPrompt: row.systemPrompt, isDefault: row.isDefault }));
}

export interface BehaviorTemplateInput {
  name: string;
  description: string;
  systemPrompt: string;
  isActive: boolean;
}

/** Creates a template; when no default exists (the migration seeds one, so only after manual surgery) it becomes the default. */
export async function createBehaviorTemplate(db: Db, input: BehaviorTemplateInput & { actorId: string }, context: RequestContext) {
  return writeTransaction(db, async (tx) => {
    const [total] = await tx.select({ n: count() }).from(behaviorTemplates);
    if (Number(total?.n ?? 0) >= BEHAVIOR_TEMPLATES_MAX) throw new AppError('CONFLICT', MESSAGES.tooMany);
    const [existingDefault] = await tx.select({ id: behaviorTemplates.id }).from(behaviorTemplates).where(eq(behaviorTemplates.isDefault, true));
    const becomesDefault = !existingDefault;
    const [created] = await tx
      .insert(behaviorTemplates)
      .values({
        name: input.name,
        description: input.description,
        systemPrompt: input.systemPrompt,
        // The default is what new chatbots start from, so it is always active.
        isActive: becomesDefault ? true : input.isActive,
        isDefault: becomesDefault,
        createdBy: input.actorId,
      })
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'behavior_template_created',
        resourceType: RESOURCE_TYPE,
        resourceId: created!.id,
        adminUserId: input.actorId,
        details: { name: created!.name, is_active: created!.isActive, is_default: created!.isDefault },
      },
      context,
    );
    return toTemplate(created!);
  });
}

export async function updateBehaviorTemplate(
  db: Db,
  input: Partial<BehaviorTemplateInput> & { id: string; actorId: string; expectedUpdatedAt?: string },
  context: RequestContext,
) {
  return writeTransaction(db, async (tx) => {
    const current = await findOrThrow(tx, input.id);
    assertUnchangedSince(current.updatedAt, input.expectedUpdatedAt, 'this template');
    if (current.isDefault && input.isActive === false) throw new AppError('CONFLICT', MESSAGES.defaultNotDeactivatable);
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.systemPrompt !== undefined ? { systemPrompt: input.systemPrompt } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    };
    const [updated] = await tx
      .update(behaviorTemplates)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(behaviorTemplates.id, input.id))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'behavior_template_updated',
        resourceType: RESOURCE_TYPE,
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: updated!.name, changed: Object.keys(changes) },
      },
      context,
    );
    return toTemplate(updated!);
  });
}

export async function deleteBehaviorTemplate(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const current = await findOrThrow(tx, input.id);
    if (current.isDefault) throw new AppError('CONFLICT', MESSAGES.defaultNotDeletable);
    await tx.delete(behaviorTemplates).where(eq(behaviorTemplates.id, input.id));
    await logAdminActivity(
      tx,
      { action: 'behavior_template_deleted', resourceType: RESOURCE_TYPE, resourceId: input.id, adminUserId: input.actorId, details: { name: current.name } },
      context,
    );
  });
}

/**
 * Spec §4: setting a default clears the flag everywhere else, then sets it on the chosen template — in one
 * transaction under the writers' lock, so no moment (and no concurrent call) sees zero or two defaults.
 */
export async function setDefaultBehaviorTemplate(db: Db, input: { id: string; actorId: string }, context: RequestContext) {
  return writeTransaction(db, async (tx) => {
    const target = await findOrThrow(tx, input.id);
    if (!target.isActive) throw new AppError('CONFLICT', MESSAGES.inactiveNotDefault);
    if (target.isDefault) return toTemplate(target);
    // The default flag is not content: updated_at (the version an edit is checked against) stays, so an admin editing
    // either template while another sets the default is not refused.
    const previous = await tx
      .update(behaviorTemplates)
      .set({ isDefault: false })
      .where(and(eq(behaviorTemplates.isDefault, true), ne(behaviorTemplates.id, input.id)))
      .returning({ id: behaviorTemplates.id });
    const [updated] = await tx.update(behaviorTemplates).set({ isDefault: true }).where(eq(behaviorTemplates.id, input.id)).returning();
    await logAdminActivity(
      tx,
      {
        action: 'behavior_template_set_default',
        resourceType: RESOURCE_TYPE,
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: updated!.name, previous_default_id: previous[0]?.id ?? null },
      },
      context,
    );
    return toTemplate(updated!);
  });
}
