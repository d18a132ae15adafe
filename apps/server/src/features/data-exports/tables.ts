import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  analyticsExports,
  analyticsExportSchedules,
  billingEvents,
  chatbotActions,
  chatbots,
  evaluationQuestions,
  evaluationResults,
  evaluationRuns,
  invoices,
  messageActionCalls,
  organizationAlerts,
  organizationInvitations,
  organizationMembershipEvents,
  organizationSubscriptions,
  sandboxCheckoutSessions,
  sandboxCustomers,
  sandboxInvoices,
  sandboxSubscriptions,
  subscribers,
  tokenCredits,
  tokenPurchases,
  usageLedger,
  webhookConfigs,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEvents,
  widgetEmbeds,
} from '../../db/schema/index';

/**
 * Which of the organization's tables the export archive holds, and which it leaves out and why
 * (decisions/0019-organizations-teams-and-roles.md). data-exports.test.ts finds every organization-scoped table in the schema (an
 * organization_id column, or a required reference to such a table) and fails when one is in none of these lists.
 */

/** Written by writeOrganizationArchive's own sections (organization.json, chatbots/…, handoffs, api-keys.json, analytics). */
export const TABLES_IN_ARCHIVE_SECTIONS = [
  'organization_members',
  'chatbots',
  'knowledge_sources',
  'conversations',
  'messages',
  'handoffs',
  'customer_api_keys',
  'chat_stats_hourly',
  'question_stats_daily',
] as const;

/** Organization tables deliberately not in the archive. */
export const TABLES_NOT_EXPORTED: Record<string, string> = {
  document_chunks: 'the search index made from each document (its original and extracted text are exported; a web page’s indexed text too)',
  chunk_term_counts: 'a search statistic derived from the documents',
  organization_usage_months: 'the month totals of the usage ledger, which is exported',
  analytics_export_parts: 'the files of analytics reports, made from the conversations and analytics already in the archive',
  data_exports: 'the export archives themselves',
  data_export_parts: 'the export archives themselves',
};

interface TableExport {
  table: PgTable;
  /** The archive path without part number and extension: `billing/invoices` → billing/invoices-0001.jsonl. */
  file: string;
  /** The organization's rows. */
  where: (organizationId: string) => SQL;
  /** Properties left out of each row: secrets (hashes, sealed keys) and bulky derived content. organizationId always is. */
  omit?: string[];
  /** Last changes to a row (after `omit`). */
  transform?: (row: Record<string, unknown>) => Record<string, unknown>;
}

const orgColumn = (table: PgTable) => (table as unknown as { organizationId: PgColumn }).organizationId;
const ofOrganization = (table: PgTable) => (organizationId: string) => eq(orgColumn(table), organizationId);

const eventIdsOf = (db: Db, organizationId: string) =>
  db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.organizationId, organizationId));

/** The tables written as JSON Lines, one file per ROWS_PER_FILE rows, ordered by primary key. */
export function tableExports(db: Db): TableExport[] {
  const direct = (table: PgTable, file: string, extra: Partial<TableExport> = {}): TableExport => ({ table, file, where: ofOrganization(table), ...extra });
  return [
    direct(organizationInvitations, 'team/invitations', { omit: ['tokenHash'] }),
    direct(organizationMembershipEvents, 'team/membership-events'),
    direct(organizationAlerts, 'team/alerts'),
    direct(usageLedger, 'usage/usage-ledger'),
    direct(tokenCredits, 'usage/token-credits'),
    direct(tokenPurchases, 'billing/token-purchases'),
    direct(organizationSubscriptions, 'billing/subscriptions'),
    direct(subscribers, 'billing/subscribers'),
    direct(invoices, 'billing/invoices'),
    direct(billingEvents, 'billing/billing-events'),
    direct(sandboxCustomers, 'billing/sandbox-customers'),
    direct(sandboxCheckoutSessions, 'billing/sandbox-checkout-sessions'),
    direct(sandboxSubscriptions, 'billing/sandbox-subscriptions'),
    direct(sandboxInvoices, 'billing/sandbox-invoices'),
    direct(analyticsExportSchedules, 'analytics/report-schedules'),
    direct(analyticsExports, 'analytics/reports', { omit: ['content'] }),
    direct(webhookConfigs, 'webhooks/webhook-configs', {
      // The signing secrets are sealed keys; custom header values are often credentials: only their names are kept.
      omit: ['secretEncrypted', 'previousSecretEncrypted', 'secretHint'],
      transform: (row) => ({ ...row, headers: Object.keys((row.headers as Record<string, string> | null) ?? {}) }),
    }),
    direct(webhookEvents, 'webhooks/webhook-events'),
    {
      table: webhookDeliveries,
      file: 'webhooks/webhook-deliveries',
      where: (organizationId) => inArray(webhookDeliveries.eventId, eventIdsOf(db, organizationId)),
    },
    {
      table: webhookDeliveryAttempts,
      file: 'webhooks/webhook-delivery-attempts',
      where: (organizationId) =>
        inArray(
          webhookDeliveryAttempts.deliveryId,
          db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .where(inArray(webhookDeliveries.eventId, eventIdsOf(db, organizationId))),
        ),
    },
    direct(evaluationQuestions, 'chatbots/evaluation-questions'),
    direct(evaluationRuns, 'chatbots/evaluation-runs'),
    {
      table: evaluationResults,
      file: 'chatbots/evaluation-results',
      where: (organizationId) =>
        inArray(evaluationResults.runId, db.select({ id: evaluationRuns.id }).from(evaluationRuns).where(eq(evaluationRuns.organizationId, organizationId))),
    },
    direct(chatbotActions, 'chatbots/actions', {
      // The signing secret is a sealed key; header values may be credentials: only their names are kept.
      omit: ['signingSecretEncrypted'],
      transform: (row) => ({ ...row, headers: Object.keys((row.headers as Record<string, string> | null) ?? {}) }),
    }),
    {
      table: messageActionCalls,
      file: 'chatbots/action-calls',
      where: (organizationId) =>
        inArray(messageActionCalls.chatbotId, db.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.organizationId, organizationId))),
    },
    {
      table: widgetEmbeds,
      file: 'chatbots/widget-embeds',
      where: (organizationId) =>
        inArray(widgetEmbeds.chatbotId, db.select({ id: chatbots.id }).from(chatbots).where(eq(chatbots.organizationId, organizationId))),
    },
  ];
}

export const tableName = (table: PgTable) => getTableConfig(table).name;

/** One page of a table's rows for the archive, ordered by its primary key. */
export async function tableRows(db: Db, spec: TableExport, organizationId: string, limit: number, offset: number): Promise<Record<string, unknown>[]> {
  const config = getTableConfig(spec.table);
  const keyColumns = config.primaryKeys[0]?.columns ?? config.columns.filter((column) => column.primary);
  const rows = (await db
    .select()
    .from(spec.table)
    .where(spec.where(organizationId))
    .orderBy(...keyColumns.map((column) => asc(column)))
    .limit(limit)
    .offset(offset)) as Record<string, unknown>[];
  const omitted = new Set(['organizationId', ...(spec.omit ?? [])]);
  return rows.map((row) => {
    const kept = Object.fromEntries(Object.entries(row).filter(([key]) => !omitted.has(key)));
    return spec.transform ? spec.transform(kept) : kept;
  });
}
