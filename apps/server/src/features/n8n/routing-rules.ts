import {
  N8N_MESSAGES,
  N8N_ROUTING_RULES_MAX,
  type createN8nRoutingRuleBodySchema,
  type N8nRoutingRule,
  type updateN8nRoutingRuleBodySchema,
} from '@parley/shared/contracts/n8n';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { n8nRoutingRules } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity } from '../../services/activity-log';
import type { RequestContext } from '../../services/activity-log';
import { percent, type Executor } from './shared';
import { ruleOutcomes, type DocumentOutcome } from './handoffs';
import { findWorkflow } from './workflows';

type RuleRow = typeof n8nRoutingRules.$inferSelect;
type Actor = { actorId: string };

async function workflowName(db: Executor, id: string | null): Promise<string | null> {
  if (!id) return null;
  return (await findWorkflow(db, id))?.name ?? null;
}

/** A rule as the screen shows it, with the documents it routed by outcome (read when not given). */
async function toRule(db: Executor, row: RuleRow, outcomes?: Map<string, Record<DocumentOutcome, number>>): Promise<N8nRoutingRule> {
  const counts = (outcomes ?? (await ruleOutcomes(db, [row.id]))).get(row.id) ?? { n8n: 0, fallback: 0, failed: 0, built_in: 0 };
  const routed = counts.n8n + counts.fallback + counts.failed + counts.built_in;
  // Processed by the route the rule chose: n8n's chunks for an n8n or hybrid rule, the built-in pipeline's for edge_function.
  const processed = counts.n8n + counts.built_in;
  return {
    id: row.id,
    name: row.name,
    condition: row.condition,
    priority: row.priority,
    action: row.action,
    workflowId: row.workflowId,
    workflowName: await workflowName(db, row.workflowId),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    executionCount: routed,
    successRate: percent(processed, routed),
    outcomes: { n8n: counts.n8n, fallback: counts.fallback, failed: counts.failed, builtIn: counts.built_in },
  };
}

/** Rules in the order they are tried: priority ascending (spec §4), then oldest first. */
export async function ruleRowsInOrder(db: Executor): Promise<RuleRow[]> {
  return db.select().from(n8nRoutingRules).orderBy(asc(n8nRoutingRules.priority), asc(n8nRoutingRules.createdAt)).limit(N8N_ROUTING_RULES_MAX);
}

export async function listRoutingRules(db: Db): Promise<N8nRoutingRule[]> {
  const rows = await ruleRowsInOrder(db);
  const outcomes = await ruleOutcomes(
    db,
    rows.map((row) => row.id),
  );
  return Promise.all(rows.map((row) => toRule(db, row, outcomes)));
}

async function assertWorkflow(db: Executor, action: string, workflowId: string | null): Promise<void> {
  if (action !== 'edge_function' && !workflowId) throw new AppError('VALIDATION_ERROR', 'Choose the workflow that handles these documents.');
  if (workflowId && !(await findWorkflow(db, workflowId))) throw new AppError('VALIDATION_ERROR', 'The chosen workflow does not exist.');
}

/** Spec §4: a new rule is active with zero counts. */
export async function createRoutingRule(
  db: Db,
  input: z.output<typeof createN8nRoutingRuleBodySchema> & Actor,
  context: RequestContext,
): Promise<N8nRoutingRule> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('n8n_routing_rule_create'))`);
    if (Number((await tx.select({ n: count() }).from(n8nRoutingRules))[0]?.n ?? 0) >= N8N_ROUTING_RULES_MAX) {
      throw new AppError('CONFLICT', `You can have at most ${N8N_ROUTING_RULES_MAX} routing rules.`);
    }
    const workflowId = input.action === 'edge_function' ? null : input.workflowId;
    await assertWorkflow(tx, input.action, workflowId);
    const [row] = await tx
      .insert(n8nRoutingRules)
      .values({
        name: input.name,
        condition: input.condition,
        priority: input.priority,
        action: input.action,
        workflowId,
        isActive: input.isActive,
        createdBy: input.actorId,
      })
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'n8n_routing_rule_created',
        resourceType: 'n8n_routing_rule',
        resourceId: row!.id,
        adminUserId: input.actorId,
        details: { name: row!.name, condition: row!.condition, priority: row!.priority, action: row!.action },
      },
      context,
    );
    return toRule(tx, row!);
  });
}

export async function updateRoutingRule(
  db: Db,
  input: z.output<typeof updateN8nRoutingRuleBodySchema> & Actor & { id: string },
  context: RequestContext,
): Promise<N8nRoutingRule> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(n8nRoutingRules).where(eq(n8nRoutingRules.id, input.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.ruleNotFound);
    const action = input.action ?? current.action;
    const workflowId = action === 'edge_function' ? null : input.workflowId !== undefined ? input.workflowId : current.workflowId;
    await assertWorkflow(tx, action, workflowId);
    const next = {
      name: input.name ?? current.name,
      condition: input.condition ?? current.condition,
      priority: input.priority ?? current.priority,
      action,
      workflowId,
      isActive: input.isActive ?? current.isActive,
    };
    const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => next[field] !== current[field]);
    if (changed.length === 0) return toRule(tx, current);
    const [row] = await tx
      .update(n8nRoutingRules)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(n8nRoutingRules.id, input.id))
      .returning();
    await logAdminActivity(
      tx,
      {
        action: 'n8n_routing_rule_updated',
        resourceType: 'n8n_routing_rule',
        resourceId: row!.id,
        adminUserId: input.actorId,
        details: { name: row!.name, changed_fields: changed.map((f) => f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) },
      },
      context,
    );
    return toRule(tx, row!);
  });
}

export async function deleteRoutingRule(db: Db, input: Actor & { id: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(n8nRoutingRules).where(eq(n8nRoutingRules.id, input.id)).returning({ name: n8nRoutingRules.name });
    if (!removed) throw new AppError('NOT_FOUND', N8N_MESSAGES.ruleNotFound);
    await logAdminActivity(
      tx,
      {
        action: 'n8n_routing_rule_deleted',
        resourceType: 'n8n_routing_rule',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: removed.name },
      },
      context,
    );
  });
}
