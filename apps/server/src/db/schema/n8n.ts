import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { N8N_DOCUMENT_OUTCOMES } from '@parley/shared/contracts/n8n';
import { users } from './auth';
import { knowledgeSources } from './knowledge-sources';

/**
 * n8n Integration Management (spec part 2 §3). The spec keeps workflows and webhook endpoints as `usage_analytics` rows
 * (a usage_type, quantity = executions / requests, the rest in a metadata object); Parley gives each a table of its own
 * with typed columns under the spec's field names (decisions/0043-n8n-tables-and-feature-names.md, migration 0032).
 * Beyond the spec: routing rules, saved workflow templates, the advanced settings and a record of every request Parley
 * sends n8n (Monitoring's figures) are tables of their own too.
 */

/** Spec §3 Workflow. */
export const n8nWorkflows = pgTable(
  'n8n_workflows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who created it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull().default('Unnamed Workflow'),
    description: text('description').notNull().default(''),
    n8nWorkflowId: text('n8n_workflow_id').notNull().default(''),
    status: text('status', { enum: ['active', 'inactive', 'error'] })
      .notNull()
      .default('inactive'),
    triggerType: text('trigger_type', { enum: ['webhook', 'schedule', 'manual'] })
      .notNull()
      .default('webhook'),
    /** An http(s) address, or a path under the n8n webhook base URL. */
    endpointUrl: text('endpoint_url').notNull().default(''),
    scheduleExpression: text('schedule_expression').notNull().default(''),
    /** Requests Parley sent the workflow (webhook tests through its endpoints, document hand-offs). */
    executionCount: integer('execution_count').notNull().default(0),
    lastExecution: timestamp('last_execution', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('n8n_workflows_created_idx').on(t.createdAt)],
);

/** Spec §3 Webhook endpoint: a path under the n8n webhook base URL that Parley can test. */
export const n8nWebhookEndpoints = pgTable(
  'n8n_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Who created it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull().default('Unnamed Endpoint'),
    endpointPath: text('endpoint_path').notNull().default(''),
    method: text('method', { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] })
      .notNull()
      .default('POST'),
    /** Deleting the workflow leaves the endpoint without one. */
    workflowId: uuid('workflow_id').references(() => n8nWorkflows.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    /** Webhook tests sent to it. */
    requestCount: integer('request_count').notNull().default(0),
    lastRequest: timestamp('last_request', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('n8n_webhook_endpoints_created_idx').on(t.createdAt)],
);

export const n8nRoutingRules = pgTable(
  'n8n_routing_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    condition: text('condition').notNull(),
    priority: integer('priority').notNull().default(5),
    action: text('action', { enum: ['edge_function', 'n8n', 'hybrid'] }).notNull(),
    workflowId: uuid('workflow_id').references(() => n8nWorkflows.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('n8n_routing_rules_priority_idx').on(t.priority, t.createdAt)],
);

/**
 * Each document processing handed to n8n's routing, once, with how it ended (decisions/0045-n8n-document-outcomes.md):
 * n8n made its chunks, the built-in pipeline made them instead (n8n failed, or auto fallback skipped it), the
 * processing failed (n8n failed and fallback is off), or a rule sent it to the built-in pipeline. A job attempt of the
 * same processing (source and version) replaces the row: auto fallback and the routing rules count documents, not
 * attempts.
 */
export const n8nDocumentHandoffs = pgTable(
  'n8n_document_handoffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sourceId: uuid('source_id').references(() => knowledgeSources.id, { onDelete: 'set null' }),
    sourceVersion: integer('source_version').notNull(),
    documentName: text('document_name').notNull(),
    routingRuleId: uuid('routing_rule_id').references(() => n8nRoutingRules.id, { onDelete: 'set null' }),
    workflowId: uuid('workflow_id').references(() => n8nWorkflows.id, { onDelete: 'set null' }),
    outcome: text('outcome', { enum: N8N_DOCUMENT_OUTCOMES }).notNull(),
    /** n8n was asked for the chunks (not when a rule or auto fallback sent the document to the built-in pipeline). */
    sentToN8n: boolean('sent_to_n8n').notNull(),
    /** Why n8n was not used: its failure, or auto fallback's figures. */
    reason: text('reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('n8n_document_handoffs_processing_idx').on(t.sourceId, t.sourceVersion),
    index('n8n_document_handoffs_decided_idx').on(t.decidedAt),
    index('n8n_document_handoffs_rule_idx').on(t.routingRuleId),
  ],
);

/** Saved templates; the built-in ones live in code (features/n8n/builtin-templates.ts). */
export const n8nWorkflowTemplates = pgTable('n8n_workflow_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  template: jsonb('template').$type<{ nodes: Record<string, unknown>[]; connections: Record<string, unknown> }>().notNull(),
  variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
  isPublic: boolean('is_public').notNull().default(false),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The advanced n8n settings: one row (id 1), created with the spec's defaults when first read. */
export const n8nSettings = pgTable('n8n_settings', {
  id: integer('id').primaryKey().default(1),
  n8nEnabled: boolean('n8n_enabled').notNull().default(true),
  n8nPrimaryMode: boolean('n8n_primary_mode').notNull().default(true),
  n8nFallbackEnabled: boolean('n8n_fallback_enabled').notNull().default(true),
  n8nWorkflowTimeoutSeconds: integer('n8n_workflow_timeout_seconds').notNull().default(30),
  webhookRetryCount: integer('webhook_retry_count').notNull().default(3),
  intelligentRoutingEnabled: boolean('intelligent_routing_enabled').notNull().default(false),
  autoFallbackThreshold: integer('auto_fallback_threshold').notNull().default(85),
  performanceMonitoringEnabled: boolean('performance_monitoring_enabled').notNull().default(true),
  alertThresholdErrorRate: integer('alert_threshold_error_rate').notNull().default(10),
  alertThresholdResponseTime: integer('alert_threshold_response_time').notNull().default(5000),
  /** The bearer secret sent to n8n, sealed with lib/secrets (purpose n8n-webhook-secret). */
  webhookSecretEncrypted: text('webhook_secret_encrypted'),
  webhookSecretHint: text('webhook_secret_hint'),
  webhookSecretCreatedAt: timestamp('webhook_secret_created_at', { withTimezone: true }),
  /** An n8n API key (n8n → Settings → n8n API), sealed with lib/secrets (purpose n8n-api-key): Parley reads n8n's own workflow states with it. */
  apiKeyEncrypted: text('api_key_encrypted'),
  apiKeyHint: text('api_key_hint'),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/** Every request Parley sent n8n: webhook tests, document hand-offs, connection tests and chatbots' n8n actions. */
export const n8nRequests = pgTable(
  'n8n_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['webhook_test', 'ingestion', 'connection_test', 'action'] }).notNull(),
    workflowId: uuid('workflow_id').references(() => n8nWorkflows.id, { onDelete: 'set null' }),
    endpointId: uuid('endpoint_id').references(() => n8nWebhookEndpoints.id, { onDelete: 'set null' }),
    routingRuleId: uuid('routing_rule_id').references(() => n8nRoutingRules.id, { onDelete: 'set null' }),
    method: text('method').notNull(),
    /** Origin and path only: a query string may hold credentials. */
    url: text('url').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
    status: text('status', { enum: ['success', 'error'] }).notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('n8n_requests_started_idx').on(t.startedAt), index('n8n_requests_workflow_started_idx').on(t.workflowId, t.startedAt)],
);
