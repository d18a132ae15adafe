import {
  N8N_ENDPOINT_DEFAULTS,
  N8N_ENDPOINTS_MAX,
  N8N_MESSAGES,
  N8N_WORKFLOW_DEFAULTS,
  N8N_WORKFLOWS_MAX,
  type createN8nWebhookEndpointBodySchema,
  type createN8nWorkflowBodySchema,
  type N8nEndpointMethod,
  type N8nTriggerType,
  type N8nWebhookEndpoint,
  type N8nWorkflow,
  type N8nWorkflowStatus,
  type updateN8nWebhookEndpointBodySchema,
  type updateN8nWorkflowBodySchema,
} from '@parley/shared/contracts/n8n';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { n8nRoutingRules, usageAnalytics } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity } from '../../services/activity-log';
import { ENDPOINT_TYPE, WORKFLOW_TYPE, type Executor, type RequestContext } from './shared';

type Row = typeof usageAnalytics.$inferSelect;
type Actor = { actorId: string };

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/** Spec §3 Workflow: the usage_analytics row with its metadata, defaults filled in for rows written elsewhere. */
export function toWorkflow(row: Row): N8nWorkflow {
  const m = row.metadata;
  return {
    id: row.id,
    name: str(m.name) || N8N_WORKFLOW_DEFAULTS.name,
    description: str(m.description),
    n8nWorkflowId: str(m.n8n_workflow_id),
    status: (['active', 'inactive', 'error'].includes(str(m.status)) ? m.status : N8N_WORKFLOW_DEFAULTS.status) as N8nWorkflowStatus,
    triggerType: (['webhook', 'schedule', 'manual'].includes(str(m.trigger_type)) ? m.trigger_type : N8N_WORKFLOW_DEFAULTS.triggerType) as N8nTriggerType,
    endpointUrl: str(m.endpoint_url),
    scheduleExpression: str(m.schedule_expression),
    executionCount: row.quantity,
    lastExecution: str(m.last_execution) || null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Spec §3 Webhook endpoint. */
export function toEndpoint(row: Row, workflowNames: Map<string, string>): N8nWebhookEndpoint {
  const m = row.metadata;
  const workflowId = str(m.workflow_id) || null;
  return {
    id: row.id,
    name: str(m.name) || N8N_ENDPOINT_DEFAULTS.name,
    endpointPath: str(m.endpoint_path),
    method: (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(str(m.method)) ? m.method : N8N_ENDPOINT_DEFAULTS.method) as N8nEndpointMethod,
    workflowId,
    workflowName: workflowId ? (workflowNames.get(workflowId) ?? null) : null,
    isActive: typeof m.is_active === 'boolean' ? m.is_active : N8N_ENDPOINT_DEFAULTS.isActive,
    requestCount: row.quantity,
    lastRequest: str(m.last_request) || null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function rowsOfType(db: Executor, usageType: string, limit: number): Promise<Row[]> {
  return db.select().from(usageAnalytics).where(eq(usageAnalytics.usageType, usageType)).orderBy(desc(usageAnalytics.createdAt)).limit(limit);
}

export async function findRow(db: Executor, id: string, usageType: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(usageAnalytics)
    .where(and(eq(usageAnalytics.id, id), eq(usageAnalytics.usageType, usageType)));
  return row;
}

async function countOfType(db: Executor, usageType: string): Promise<number> {
  return Number((await db.select({ n: count() }).from(usageAnalytics).where(eq(usageAnalytics.usageType, usageType)))[0]?.n ?? 0);
}

async function workflowNameMap(db: Executor): Promise<Map<string, string>> {
  return new Map((await rowsOfType(db, WORKFLOW_TYPE, N8N_WORKFLOWS_MAX)).map((row) => [row.id, toWorkflow(row).name]));
}

/** Spec §7: usage_analytics rows of usage_type n8n_workflow, newest first. */
export async function listWorkflows(db: Db): Promise<N8nWorkflow[]> {
  return (await rowsOfType(db, WORKFLOW_TYPE, N8N_WORKFLOWS_MAX)).map(toWorkflow);
}

/**
 * Spec §7 "Create workflow": user_id of the caller, quantity 0, the metadata with status inactive; then
 * n8n_workflow_created in the same transaction.
 */
export async function createWorkflow(db: Db, input: z.output<typeof createN8nWorkflowBodySchema> & Actor, context: RequestContext): Promise<N8nWorkflow> {
  return db.transaction(async (tx) => {
    // Serialises creations so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('n8n_workflow_create'))`);
    if ((await countOfType(tx, WORKFLOW_TYPE)) >= N8N_WORKFLOWS_MAX) {
      throw new AppError('CONFLICT', `You can have at most ${N8N_WORKFLOWS_MAX} workflows. Delete one you no longer use first.`);
    }
    const [row] = await tx
      .insert(usageAnalytics)
      .values({
        userId: input.actorId,
        usageType: WORKFLOW_TYPE,
        quantity: 0,
        metadata: {
          name: input.name || N8N_WORKFLOW_DEFAULTS.name,
          description: input.description,
          n8n_workflow_id: input.n8nWorkflowId,
          trigger_type: input.triggerType,
          endpoint_url: input.endpointUrl,
          schedule_expression: input.scheduleExpression,
          status: N8N_WORKFLOW_DEFAULTS.status,
        },
      })
      .returning();
    const workflow = toWorkflow(row!);
    await logAdminActivity(
      tx,
      {
        action: 'n8n_workflow_created',
        resourceType: 'n8n_workflow',
        resourceId: workflow.id,
        adminUserId: input.actorId,
        details: { name: workflow.name, trigger_type: workflow.triggerType },
      },
      context,
    );
    return workflow;
  });
}

const WORKFLOW_KEYS = {
  name: 'name',
  description: 'description',
  n8nWorkflowId: 'n8n_workflow_id',
  triggerType: 'trigger_type',
  endpointUrl: 'endpoint_url',
  scheduleExpression: 'schedule_expression',
  status: 'status',
} as const;

export async function updateWorkflow(
  db: Db,
  input: z.output<typeof updateN8nWorkflowBodySchema> & Actor & { id: string },
  context: RequestContext,
): Promise<N8nWorkflow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(usageAnalytics)
      .where(and(eq(usageAnalytics.id, input.id), eq(usageAnalytics.usageType, WORKFLOW_TYPE)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.workflowNotFound);
    const metadata = { ...current.metadata };
    const changed: string[] = [];
    for (const [field, key] of Object.entries(WORKFLOW_KEYS) as [keyof typeof WORKFLOW_KEYS, string][]) {
      const next = input[field];
      if (next === undefined) continue;
      const value = field === 'name' && !next ? N8N_WORKFLOW_DEFAULTS.name : next;
      if (metadata[key] !== value) {
        metadata[key] = value;
        changed.push(key);
      }
    }
    if (changed.length === 0) return toWorkflow(current);
    const [row] = await tx.update(usageAnalytics).set({ metadata, updatedAt: new Date() }).where(eq(usageAnalytics.id, input.id)).returning();
    const workflow = toWorkflow(row!);
    await logAdminActivity(
      tx,
      {
        action: 'n8n_workflow_updated',
        resourceType: 'n8n_workflow',
        resourceId: workflow.id,
        adminUserId: input.actorId,
        details: { name: workflow.name, changed_fields: changed },
      },
      context,
    );
    return workflow;
  });
}

/** A workflow a routing rule uses is kept (the rule would lose its target); endpoints simply forget it. */
export async function deleteWorkflow(db: Db, input: Actor & { id: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findRow(tx, input.id, WORKFLOW_TYPE);
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.workflowNotFound);
    const [rule] = await tx.select({ name: n8nRoutingRules.name }).from(n8nRoutingRules).where(eq(n8nRoutingRules.workflowId, input.id)).limit(1);
    if (rule) throw new AppError('CONFLICT', `The routing rule "${rule.name}" sends documents to this workflow. Change or remove that rule first.`);
    await tx
      .update(usageAnalytics)
      .set({ metadata: sql`${usageAnalytics.metadata} - 'workflow_id'` })
      .where(and(eq(usageAnalytics.usageType, ENDPOINT_TYPE), sql`${usageAnalytics.metadata}->>'workflow_id' = ${input.id}`));
    await tx.delete(usageAnalytics).where(eq(usageAnalytics.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'n8n_workflow_deleted',
        resourceType: 'n8n_workflow',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: toWorkflow(current).name },
      },
      context,
    );
  });
}

// ---------------------------------------------------------------- webhook endpoints

export async function listEndpoints(db: Db): Promise<N8nWebhookEndpoint[]> {
  const names = await workflowNameMap(db);
  return (await rowsOfType(db, ENDPOINT_TYPE, N8N_ENDPOINTS_MAX)).map((row) => toEndpoint(row, names));
}

async function assertWorkflow(db: Executor, workflowId: string | null | undefined): Promise<void> {
  if (workflowId && !(await findRow(db, workflowId, WORKFLOW_TYPE))) throw new AppError('VALIDATION_ERROR', 'The chosen workflow does not exist.');
}

export async function createEndpoint(
  db: Db,
  input: z.output<typeof createN8nWebhookEndpointBodySchema> & Actor,
  context: RequestContext,
): Promise<N8nWebhookEndpoint> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('n8n_endpoint_create'))`);
    if ((await countOfType(tx, ENDPOINT_TYPE)) >= N8N_ENDPOINTS_MAX) {
      throw new AppError('CONFLICT', `You can have at most ${N8N_ENDPOINTS_MAX} webhook endpoints. Delete one you no longer use first.`);
    }
    await assertWorkflow(tx, input.workflowId);
    const [row] = await tx
      .insert(usageAnalytics)
      .values({
        userId: input.actorId,
        usageType: ENDPOINT_TYPE,
        quantity: 0,
        metadata: {
          name: input.name || N8N_ENDPOINT_DEFAULTS.name,
          endpoint_path: input.endpointPath,
          method: input.method,
          ...(input.workflowId ? { workflow_id: input.workflowId } : {}),
          is_active: input.isActive,
        },
      })
      .returning();
    const endpoint = toEndpoint(row!, await workflowNameMap(tx));
    await logAdminActivity(
      tx,
      {
        action: 'n8n_webhook_endpoint_created',
        resourceType: 'n8n_webhook_endpoint',
        resourceId: endpoint.id,
        adminUserId: input.actorId,
        details: { name: endpoint.name, method: endpoint.method, endpoint_path: endpoint.endpointPath },
      },
      context,
    );
    return endpoint;
  });
}

const ENDPOINT_KEYS = { name: 'name', endpointPath: 'endpoint_path', method: 'method', workflowId: 'workflow_id', isActive: 'is_active' } as const;

export async function updateEndpoint(
  db: Db,
  input: z.output<typeof updateN8nWebhookEndpointBodySchema> & Actor & { id: string },
  context: RequestContext,
): Promise<N8nWebhookEndpoint> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(usageAnalytics)
      .where(and(eq(usageAnalytics.id, input.id), eq(usageAnalytics.usageType, ENDPOINT_TYPE)))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.webhookNotFound);
    await assertWorkflow(tx, input.workflowId);
    const metadata = { ...current.metadata };
    const changed: string[] = [];
    for (const [field, key] of Object.entries(ENDPOINT_KEYS) as [keyof typeof ENDPOINT_KEYS, string][]) {
      const next = input[field];
      if (next === undefined) continue;
      const value = field === 'name' && !next ? N8N_ENDPOINT_DEFAULTS.name : next;
      if ((metadata[key] ?? null) === value) continue;
      if (value === null) delete metadata[key];
      else metadata[key] = value;
      changed.push(key);
    }
    const names = await workflowNameMap(tx);
    if (changed.length === 0) return toEndpoint(current, names);
    const [row] = await tx.update(usageAnalytics).set({ metadata, updatedAt: new Date() }).where(eq(usageAnalytics.id, input.id)).returning();
    const endpoint = toEndpoint(row!, names);
    await logAdminActivity(
      tx,
      {
        action: 'n8n_webhook_endpoint_updated',
        resourceType: 'n8n_webhook_endpoint',
        resourceId: endpoint.id,
        adminUserId: input.actorId,
        details: { name: endpoint.name, changed_fields: changed },
      },
      context,
    );
    return endpoint;
  });
}

export async function deleteEndpoint(db: Db, input: Actor & { id: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findRow(tx, input.id, ENDPOINT_TYPE);
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.webhookNotFound);
    await tx.delete(usageAnalytics).where(eq(usageAnalytics.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'n8n_webhook_endpoint_deleted',
        resourceType: 'n8n_webhook_endpoint',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: str(current.metadata.name) || N8N_ENDPOINT_DEFAULTS.name },
      },
      context,
    );
  });
}
