import {
  CHATBOT_TEMPLATE_MESSAGES as MESSAGES,
  CHATBOT_TEMPLATES_MAX,
  DEFAULT_AGENT_TYPE,
  type ChatbotTemplate,
  type ChatbotTemplateConfiguration,
  type ChatbotTemplateOption,
} from '@parley/shared/contracts/chatbot-templates';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { globalAiAgents } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { assertUnchangedSince } from '../../lib/edit-conflict';
import { logAdminActivity, type RequestContext } from '../../services/activity-log';

type Row = typeof globalAiAgents.$inferSelect;

const RESOURCE_TYPE = 'chatbot_template';
/** This screen manages chatbot templates only; rows of the other agent types are not its to see or change. */
const isTemplate = eq(globalAiAgents.agentType, DEFAULT_AGENT_TYPE);

/** Stored configurations written before the contract (or by hand) may lack keys: fill the spec's defaults. */
function normalised(configuration: Row['configuration'] | null): ChatbotTemplate['configuration'] {
  const value = (configuration ?? {}) as Record<string, unknown>;
  const text = (key: string, fallback: string) => (typeof value[key] === 'string' && value[key] ? (value[key] as string) : fallback);
  const list = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]).filter((v): v is string => typeof v === 'string') : []);
  const optionalText = (key: string) => (typeof value[key] === 'string' && value[key] ? (value[key] as string) : undefined);
  const questions = value.suggestedQuestions;
  return {
    ...value,
    category: text('category', 'General'),
    industry: text('industry', 'General'),
    features: list('features'),
    difficulty: text('difficulty', 'Beginner'),
    setupTime: text('setupTime', '10 mins'),
    useCases: list('useCases'),
    templateId: optionalText('templateId'),
    systemPrompt: optionalText('systemPrompt'),
    welcomeMessage: optionalText('welcomeMessage'),
    suggestedQuestions: Array.isArray(questions) ? list('suggestedQuestions') : undefined,
  };
}

const toTemplate = (row: Row): ChatbotTemplate => ({
  id: row.id,
  name: row.name,
  description: row.description,
  agentType: row.agentType,
  configuration: normalised(row.configuration),
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

async function findOrThrow(tx: Tx, id: string, options: { forUpdate?: boolean } = {}): Promise<Row> {
  const query = tx
    .select()
    .from(globalAiAgents)
    .where(and(eq(globalAiAgents.id, id), isTemplate));
  // An edit reads the row it checks the version of under a row lock, so the version checked is the version replaced.
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound);
  return row;
}

/** Spec §7: the chatbot_template entries, newest first (bounded by CHATBOT_TEMPLATES_MAX). */
export async function listChatbotTemplates(db: Db): Promise<ChatbotTemplate[]> {
  const rows = await db
    .select()
    .from(globalAiAgents)
    .where(isTemplate)
    .orderBy(desc(globalAiAgents.createdAt), asc(globalAiAgents.id))
    .limit(CHATBOT_TEMPLATES_MAX);
  return rows.map(toTemplate);
}

/** The customer's gallery: active chatbot templates by name. */
export async function listActiveChatbotTemplates(db: Db): Promise<ChatbotTemplateOption[]> {
  const rows = await db
    .select()
    .from(globalAiAgents)
    .where(and(isTemplate, eq(globalAiAgents.isActive, true)))
    .orderBy(asc(globalAiAgents.name), asc(globalAiAgents.id))
    .limit(CHATBOT_TEMPLATES_MAX);
  return rows.map((row) => ({ id: row.id, name: row.name, description: row.description, configuration: normalised(row.configuration) }));
}

export interface ChatbotTemplateInput {
  name: string;
  description: string;
  configuration: ChatbotTemplateConfiguration;
  isActive: boolean;
}

export async function createChatbotTemplate(db: Db, input: ChatbotTemplateInput & { actorId: string }, context: RequestContext) {
  return db.transaction(async (tx) => {
    // Serialises creators so the bound below holds under concurrent requests too.
    await tx.execute(sql`LOCK TABLE ${globalAiAgents} IN SHARE ROW EXCLUSIVE MODE`);
    const [total] = await tx.select({ n: count() }).from(globalAiAgents).where(isTemplate);
    if (Number(total?.n ?? 0) >= CHATBOT_TEMPLATES_MAX) throw new AppError('CONFLICT', MESSAGES.tooMany);
    const [created] = await tx
      .insert(globalAiAgents)
      .values({
        name: input.name,
        description: input.description,
        agentType: DEFAULT_AGENT_TYPE,
        configuration: input.configuration,
        isActive: input.isActive,
        createdBy: input.actorId,
      })
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'chatbot_template_created',
        resourceType: RESOURCE_TYPE,
        resourceId: created!.id,
        adminUserId: input.actorId,
        details: { name: created!.name, category: input.configuration.category, is_active: created!.isActive },
      },
      context,
    );
    return toTemplate(created!);
  });
}

export async function updateChatbotTemplate(
  db: Db,
  input: Partial<ChatbotTemplateInput> & { id: string; actorId: string; expectedUpdatedAt?: string },
  context: RequestContext,
) {
  return db.transaction(async (tx) => {
    const current = await findOrThrow(tx, input.id, { forUpdate: true });
    assertUnchangedSince(current.updatedAt, input.expectedUpdatedAt, 'this template');
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.configuration !== undefined ? { configuration: input.configuration } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    };
    const [updated] = await tx
      .update(globalAiAgents)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(globalAiAgents.id, input.id), isTemplate))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'chatbot_template_updated',
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

export async function deleteChatbotTemplate(db: Db, input: { id: string; actorId: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findOrThrow(tx, input.id);
    await tx.delete(globalAiAgents).where(and(eq(globalAiAgents.id, input.id), isTemplate));
    await logAdminActivity(
      tx,
      { action: 'chatbot_template_deleted', resourceType: RESOURCE_TYPE, resourceId: input.id, adminUserId: input.actorId, details: { name: current.name } },
      context,
    );
  });
}
