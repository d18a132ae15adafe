import {
  N8N_MESSAGES,
  N8N_TEMPLATES_MAX,
  type createN8nWorkflowTemplateBodySchema,
  type N8nTemplateDefinition,
  type N8nWorkflowTemplate,
  templateCredentials,
} from '@parley/shared/contracts/n8n';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { n8nWorkflowTemplates } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity } from '../../services/activity-log';
import { BUILT_IN_TEMPLATES } from './builtin-templates';
import type { RequestContext } from '../../services/activity-log';

type TemplateRow = typeof n8nWorkflowTemplates.$inferSelect;

const toTemplate = (row: TemplateRow): N8nWorkflowTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  category: row.category,
  template: row.template as N8nTemplateDefinition,
  variables: row.variables,
  credentials: templateCredentials(row.template as N8nTemplateDefinition),
  isPublic: row.isPublic,
  isBuiltIn: false,
  createdAt: row.createdAt.toISOString(),
});

/** Visible to a caller: public templates and their own private ones. */
const visibleTo = (userId: string) => or(eq(n8nWorkflowTemplates.isPublic, true), eq(n8nWorkflowTemplates.createdBy, userId));

/** The built-in templates first, then the saved ones the caller may see, newest first. */
export async function listTemplates(db: Db, userId: string): Promise<N8nWorkflowTemplate[]> {
  const rows = await db.select().from(n8nWorkflowTemplates).where(visibleTo(userId)).orderBy(desc(n8nWorkflowTemplates.createdAt)).limit(N8N_TEMPLATES_MAX);
  return [...BUILT_IN_TEMPLATES, ...rows.map(toTemplate)];
}

export async function createTemplate(
  db: Db,
  input: z.output<typeof createN8nWorkflowTemplateBodySchema> & { actorId: string },
  context: RequestContext,
): Promise<N8nWorkflowTemplate> {
  if (BUILT_IN_TEMPLATES.some((t) => t.name.toLowerCase() === input.name.toLowerCase())) {
    throw new AppError('CONFLICT', `"${input.name}" is the name of a built-in template. Choose another name.`);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('n8n_template_create'))`);
    if (Number((await tx.select({ n: count() }).from(n8nWorkflowTemplates))[0]?.n ?? 0) >= N8N_TEMPLATES_MAX) {
      throw new AppError('CONFLICT', `You can save at most ${N8N_TEMPLATES_MAX} templates. Delete one you no longer use first.`);
    }
    const [row] = await tx
      .insert(n8nWorkflowTemplates)
      .values({
        name: input.name,
        description: input.description,
        category: input.category,
        template: input.template,
        variables: input.variables,
        isPublic: input.isPublic,
        createdBy: input.actorId,
      })
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'n8n_template_created',
        resourceType: 'n8n_workflow_template',
        resourceId: row!.id,
        adminUserId: input.actorId,
        details: { name: row!.name, category: row!.category, is_public: row!.isPublic, nodes: input.template.nodes.length },
      },
      context,
    );
    return toTemplate(row!);
  });
}

/** Built-in templates stay; a saved one can be deleted by anyone who can see it. */
export async function deleteTemplate(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<void> {
  if (BUILT_IN_TEMPLATES.some((t) => t.id === input.id)) throw new AppError('VALIDATION_ERROR', 'Built-in templates cannot be deleted.');
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(n8nWorkflowTemplates)
      .where(and(eq(n8nWorkflowTemplates.id, input.id), visibleTo(input.actorId)))
      .returning({ name: n8nWorkflowTemplates.name });
    if (!removed) throw new AppError('NOT_FOUND', N8N_MESSAGES.templateNotFound);
    await logAdminActivity(
      tx,
      {
        action: 'n8n_template_deleted',
        resourceType: 'n8n_workflow_template',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: removed.name },
      },
      context,
    );
  });
}
