import {
  N8N_ENDPOINT_DEFAULTS,
  N8N_ENDPOINTS_MAX,
  N8N_MESSAGES,
  N8N_WORKFLOW_DEFAULTS,
  N8N_WORKFLOWS_MAX,
  type createN8nWebhookEndpointBodySchema,
  type createN8nWorkflowBodySchema,
  type N8nWebhookEndpoint,
  type N8nWorkflow,
  type updateN8nWebhookEndpointBodySchema,
  type updateN8nWorkflowBodySchema,
} from '@parley/shared/contracts/n8n';
import { count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { n8nRoutingRules, n8nWebhookEndpoints, n8nWorkflows } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logAdminActivity } from '../../services/activity-log';
import type { RequestContext } from '../../services/activity-log';
import type { Executor } from './shared';

type WorkflowRow = typeof n8nWorkflows.$inferSelect;
type EndpointRow = typeof n8nWebhookEndpoints.$inferSelect;
type Actor = { actorId: string };

/** Spec §3 Workflow. */
export function toWorkflow(row: WorkflowRow): N8nWorkflow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    n8nWorkflowId: row.n8nWorkflowId,
    status: row.status,
    triggerType: row.triggerType,
    endpointUrl: row.endpointUrl,
    scheduleExpression: row.scheduleExpression,
    executionCount: row.executionCount,
    lastExecution: row.lastExecution?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Spec §3 Webhook endpoint. */
export function toEndpoint(row: EndpointRow, workflowNames: Map<string, string>): N8nWebhookEndpoint {
  return {
    id: row.id,
    name: row.name,
    endpointPath: row.endpointPath,
    method: row.method,
    workflowId: row.workflowId,
    workflowName: row.workflowId ? (workflowNames.get(row.workflowId) ?? null) : null,
    isActive: row.isActive,
    requestCount: row.requestCount,
    lastRequest: row.lastRequest?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function workflowRows(db: Executor): Promise<WorkflowRow[]> {
  return db.select().from(n8nWorkflows).orderBy(desc(n8nWorkflows.createdAt)).limit(N8N_WORKFLOWS_MAX);
}

export async function findWorkflow(db: Executor, id: string): Promise<WorkflowRow | undefined> {
  const [row] = await db.select().from(n8nWorkflows).where(eq(n8nWorkflows.id, id));
  return row;
}

export async function findEndpoint(db: Executor, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(n8nWebhookEndpoints).where(eq(n8nWebhookEndpoints.id, id));
  return row;
}

async function workflowNameMap(db: Executor): Promise<Map<string, string>> {
  return new Map((await workflowRows(db)).map((row) => [row.id, row.name]));
}

/** Spec §7 "List workflows", newest first. */
export async function listWorkflows(db: Db): Promise<N8nWorkflow[]> {
  return (await workflowRows(db)).map(toWorkflow);
}

/**
 * Spec §7 "Create workflow": user_id of the caller, no executions, status inactive; then n8n_workflow_created in the
 * same transaction.
 */
export async function createWorkflow(db: Db, input: z.output<typeof createN8nWorkflowBodySchema> & Actor, context: RequestContext): Promise<N8nWorkflow> {
  return db.transaction(async (tx) => {
    // Serialises creations so the cap holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('n8n_workflow_create'))`);
    if (Number((await tx.select({ n: count() }).from(n8nWorkflows))[0]?.n ?? 0) >= N8N_WORKFLOWS_MAX) {
      throw new AppError('CONFLICT', `You can have at most ${N8N_WORKFLOWS_MAX} workflows. Delete one you no longer use first.`);
    }
    const [row] = await tx
      .insert(n8nWorkflows)
      .values({
        userId: input.actorId,
        name: input.name || N8N_WORKFLOW_DEFAULTS.name,
        description: input.description,
        n8nWorkflowId: input.n8nWorkflowId,
        triggerType: input.triggerType,
        endpointUrl: input.endpointUrl,
        scheduleExpression: input.scheduleExpression,
        status: N8N_WORKFLOW_DEFAULTS.status,
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

/** The fields an edit may change, and their column names (the activity log's changed_fields). */
const WORKFLOW_COLUMNS = {
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
    const [current] = await tx.select().from(n8nWorkflows).where(eq(n8nWorkflows.id, input.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.workflowNotFound);
    const changes: Partial<WorkflowRow> = {};
    const changed: string[] = [];
    for (const [field, column] of Object.entries(WORKFLOW_COLUMNS) as [keyof typeof WORKFLOW_COLUMNS, string][]) {
      const next = input[field];
      if (next === undefined) continue;
      const value = field === 'name' && !next ? N8N_WORKFLOW_DEFAULTS.name : next;
      if (current[field] !== value) {
        Object.assign(changes, { [field]: value });
        changed.push(column);
      }
    }
    if (changed.length === 0) return toWorkflow(current);
    const [row] = await tx
      .update(n8nWorkflows)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(n8nWorkflows.id, input.id))
      .returning();
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

/** A workflow a routing rule uses is kept (the rule would lose its target); endpoints simply forget it (their key sets it null). */
export async function deleteWorkflow(db: Db, input: Actor & { id: string }, context: RequestContext): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findWorkflow(tx, input.id);
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.workflowNotFound);
    const [rule] = await tx.select({ name: n8nRoutingRules.name }).from(n8nRoutingRules).where(eq(n8nRoutingRules.workflowId, input.id)).limit(1);
    if (rule) throw new AppError('CONFLICT', `The routing rule "${rule.name}" sends documents to this workflow. Change or remove that rule first.`);
    await tx.delete(n8nWorkflows).where(eq(n8nWorkflows.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'n8n_workflow_deleted',
        resourceType: 'n8n_workflow',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: current.name },
      },
      context,
    );
  });
}

// ---------------------------------------------------------------- webhook endpoints

export async function listEndpoints(db: Db): Promise<N8nWebhookEndpoint[]> {
  const names = await workflowNameMap(db);
  const rows = await db.select().from(n8nWebhookEndpoints).orderBy(desc(n8nWebhookEndpoints.createdAt)).limit(N8N_ENDPOINTS_MAX);
  return rows.map((row) => toEndpoint(row, names));
}

async function assertWorkflow(db: Executor, workflowId: string | null | undefined): Promise<void> {
  if (workflowId && !(await findWorkflow(db, workflowId))) throw new AppError('VALIDATION_ERROR', 'The chosen workflow does not exist.');
}

export async function createEndpoint(
  db: Db,
  input: z.output<typeof createN8nWebhookEndpointBodySchema> & Actor,
  context: RequestContext,
): Promise<N8nWebhookEndpoint> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('n8n_endpoint_create'))`);
    if (Number((await tx.select({ n: count() }).from(n8nWebhookEndpoints))[0]?.n ?? 0) >= N8N_ENDPOINTS_MAX) {
      throw new AppError('CONFLICT', `You can have at most ${N8N_ENDPOINTS_MAX} webhook endpoints. Delete one you no longer use first.`);
    }
    await assertWorkflow(tx, input.workflowId);
    const [row] = await tx
      .insert(n8nWebhookEndpoints)
      .values({
        userId: input.actorId,
        name: input.name || N8N_ENDPOINT_DEFAULTS.name,
        endpointPath: input.endpointPath,
        method: input.method,
        workflowId: input.workflowId,
        isActive: input.isActive,
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

/** The fields an edit may change, and their column names (the activity log's changed_fields). */
const ENDPOINT_COLUMNS = { name: 'name', endpointPath: 'endpoint_path', method: 'method', workflowId: 'workflow_id', isActive: 'is_active' } as const;

export async function updateEndpoint(
  db: Db,
  input: z.output<typeof updateN8nWebhookEndpointBodySchema> & Actor & { id: string },
  context: RequestContext,
): Promise<N8nWebhookEndpoint> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(n8nWebhookEndpoints).where(eq(n8nWebhookEndpoints.id, input.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.webhookNotFound);
    await assertWorkflow(tx, input.workflowId);
    const changes: Partial<EndpointRow> = {};
    const changed: string[] = [];
    for (const [field, column] of Object.entries(ENDPOINT_COLUMNS) as [keyof typeof ENDPOINT_COLUMNS, string][]) {
      const next = input[field];
      if (next === undefined) continue;
      const value = field === 'name' && !next ? N8N_ENDPOINT_DEFAULTS.name : next;
      if (current[field] === value) continue;
      Object.assign(changes, { [field]: value });
      changed.push(column);
    }
    const names = await workflowNameMap(tx);
    if (changed.length === 0) return toEndpoint(current, names);
    const [row] = await tx
      .update(n8nWebhookEndpoints)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(n8nWebhookEndpoints.id, input.id))
      .returning();
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
    const current = await findEndpoint(tx, input.id);
    if (!current) throw new AppError('NOT_FOUND', N8N_MESSAGES.webhookNotFound);
    await tx.delete(n8nWebhookEndpoints).where(eq(n8nWebhookEndpoints.id, input.id));
    await logAdminActivity(
      tx,
      {
        action: 'n8n_webhook_endpoint_deleted',
        resourceType: 'n8n_webhook_endpoint',
        resourceId: input.id,
        adminUserId: input.actorId,
        details: { name: current.name },
      },
      context,
    );
  });
}
