import {
  N8N_RECENT_DOCUMENTS,
  N8N_RECENT_REQUESTS,
  N8N_TIME_RANGE_HOURS,
  N8N_WORKFLOWS_MAX,
  type N8nFigures,
  type N8nHealth,
  type N8nMonitoring,
  type N8nTimeRange,
} from '@parley/shared/contracts/n8n';
import { and, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { n8nDocumentHandoffs, n8nRequests, n8nRoutingRules, n8nWebhookEndpoints, n8nWorkflows } from '../../db/schema/index';
import { autoFallbackState } from './handoffs';
import { loadN8nSettings, type N8nSettingsRow } from './settings';
import { percent } from './shared';
import { toWorkflow } from './workflows';

interface Totals {
  executions: number;
  successes: number;
  avgMs: number | null;
}

export function figuresOf(totals: Totals, hours: number): N8nFigures {
  const { executions, successes } = totals;
  return {
    executions,
    successes,
    errors: executions - successes,
    successRate: percent(successes, executions),
    errorRate: percent(executions - successes, executions),
    avgResponseTimeMs: executions > 0 && totals.avgMs !== null ? Math.round(totals.avgMs) : null,
    throughputPerHour: Math.round((executions / hours) * 100) / 100,
  };
}

/**
 * Health from the advanced settings' thresholds: critical when the error rate is above the error-rate alert
 * threshold, warning when the average response time is above the response-time threshold, healthy otherwise;
 * none without executions or with performance monitoring off.
 */
export function healthOf(
  figures: Pick<N8nFigures, 'executions' | 'errorRate' | 'avgResponseTimeMs'>,
  settings: Pick<N8nSettingsRow, 'alertThresholdErrorRate' | 'alertThresholdResponseTime' | 'performanceMonitoringEnabled'>,
): N8nHealth | null {
  if (!settings.performanceMonitoringEnabled || figures.executions === 0) return null;
  if ((figures.errorRate ?? 0) > settings.alertThresholdErrorRate) return 'critical';
  if ((figures.avgResponseTimeMs ?? 0) > settings.alertThresholdResponseTime) return 'warning';
  return 'healthy';
}

const totalsColumns = {
  executions: sql<number>`count(*)::int`,
  successes: sql<number>`(count(*) filter (where ${n8nRequests.status} = 'success'))::int`,
  avgMs: sql<string | null>`avg(${n8nRequests.durationMs})`,
};
const toTotals = (row: { executions: number; successes: number; avgMs: string | number | null } | undefined): Totals => ({
  executions: Number(row?.executions ?? 0),
  successes: Number(row?.successes ?? 0),
  avgMs: row?.avgMs === null || row?.avgMs === undefined ? null : Number(row.avgMs),
});

/**
 * Monitoring (beyond the spec's sample data): figures of the recorded requests to n8n in the range — webhook
 * tests and document hand-offs; connection tests only appear in the recent list — overall and per workflow.
 */
export async function n8nMonitoring(db: Db, range: N8nTimeRange, now = new Date()): Promise<N8nMonitoring> {
  const hours = N8N_TIME_RANGE_HOURS[range];
  const from = new Date(now.getTime() - hours * 60 * 60 * 1000);
  const settings = await loadN8nSettings(db);
  const inRange = and(gte(n8nRequests.startedAt, from), lte(n8nRequests.startedAt, now), ne(n8nRequests.kind, 'connection_test'));

  const [overallRow] = await db.select(totalsColumns).from(n8nRequests).where(inRange);
  const overall = figuresOf(toTotals(overallRow), hours);
  const perWorkflow = await db
    .select({ workflowId: n8nRequests.workflowId, ...totalsColumns })
    .from(n8nRequests)
    .where(inRange)
    .groupBy(n8nRequests.workflowId);
  const byWorkflow = new Map(perWorkflow.map((row) => [row.workflowId, toTotals(row)]));

  const workflowRows = await db.select().from(n8nWorkflows).orderBy(desc(n8nWorkflows.createdAt)).limit(N8N_WORKFLOWS_MAX);
  const workflows = workflowRows.map((row) => {
    const workflow = toWorkflow(row);
    const figures = figuresOf(byWorkflow.get(row.id) ?? { executions: 0, successes: 0, avgMs: null }, hours);
    return { workflowId: workflow.id, name: workflow.name, status: workflow.status, ...figures, health: healthOf(figures, settings) };
  });
  // Most used first: the table is read for the workflows that matter.
  workflows.sort((a, b) => b.executions - a.executions || a.name.localeCompare(b.name));

  const [workflowSums] = await db
    .select({
      activeWorkflows: sql<number>`(count(*) filter (where ${n8nWorkflows.status} = 'active'))::int`,
      totalWorkflows: sql<number>`count(*)::int`,
      totalExecutions: sql<number>`(coalesce(sum(${n8nWorkflows.executionCount}), 0))::int`,
    })
    .from(n8nWorkflows);
  const [endpointSums] = await db
    .select({ webhookRequests: sql<number>`(coalesce(sum(${n8nWebhookEndpoints.requestCount}), 0))::int` })
    .from(n8nWebhookEndpoints);

  const recentRows = await db
    .select({
      id: n8nRequests.id,
      kind: n8nRequests.kind,
      workflowName: n8nWorkflows.name,
      endpointName: n8nWebhookEndpoints.name,
      method: n8nRequests.method,
      url: n8nRequests.url,
      startedAt: n8nRequests.startedAt,
      durationMs: n8nRequests.durationMs,
      status: n8nRequests.status,
      httpStatus: n8nRequests.httpStatus,
      error: n8nRequests.error,
    })
    .from(n8nRequests)
    .leftJoin(n8nWorkflows, eq(n8nWorkflows.id, n8nRequests.workflowId))
    .leftJoin(n8nWebhookEndpoints, eq(n8nWebhookEndpoints.id, n8nRequests.endpointId))
    .orderBy(desc(n8nRequests.startedAt))
    .limit(N8N_RECENT_REQUESTS);

  const recentDocuments = await db
    .select({
      id: n8nDocumentHandoffs.id,
      documentName: n8nDocumentHandoffs.documentName,
      outcome: n8nDocumentHandoffs.outcome,
      sentToN8n: n8nDocumentHandoffs.sentToN8n,
      reason: n8nDocumentHandoffs.reason,
      ruleName: n8nRoutingRules.name,
      decidedAt: n8nDocumentHandoffs.decidedAt,
    })
    .from(n8nDocumentHandoffs)
    .leftJoin(n8nRoutingRules, eq(n8nRoutingRules.id, n8nDocumentHandoffs.routingRuleId))
    .orderBy(desc(n8nDocumentHandoffs.decidedAt))
    .limit(N8N_RECENT_DOCUMENTS);

  return {
    range,
    from: from.toISOString(),
    to: now.toISOString(),
    overall,
    overallHealth: healthOf(overall, settings),
    cards: {
      activeWorkflows: Number(workflowSums?.activeWorkflows ?? 0),
      totalWorkflows: Number(workflowSums?.totalWorkflows ?? 0),
      totalExecutions: Number(workflowSums?.totalExecutions ?? 0),
      webhookRequests: Number(endpointSums?.webhookRequests ?? 0),
    },
    workflows,
    unassigned: figuresOf(byWorkflow.get(null) ?? { executions: 0, successes: 0, avgMs: null }, hours),
    thresholds: {
      errorRate: settings.alertThresholdErrorRate,
      responseTimeMs: settings.alertThresholdResponseTime,
      autoFallback: settings.autoFallbackThreshold,
    },
    monitoringEnabled: settings.performanceMonitoringEnabled,
    autoFallback: await autoFallbackState(db, settings, now),
    recent: recentRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      workflowName: row.workflowName,
      endpointName: row.endpointName,
      method: row.method,
      url: row.url,
      startedAt: row.startedAt.toISOString(),
      durationMs: row.durationMs,
      status: row.status,
      httpStatus: row.httpStatus,
      error: row.error,
    })),
    recentDocuments: recentDocuments.map((row) => ({ ...row, decidedAt: row.decidedAt.toISOString() })),
  };
}
