import type { N8N_DOCUMENT_OUTCOMES, N8nMonitoring } from '@parley/shared/contracts/n8n';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { n8nDocumentHandoffs } from '../../db/schema/index';
import { percent, type Executor } from './shared';

export type DocumentOutcome = (typeof N8N_DOCUMENT_OUTCOMES)[number];

/** Auto fallback looks at the documents sent to n8n in this window, and needs this many before it judges. */
export const AUTO_FALLBACK_WINDOW_MINUTES = 15;
export const AUTO_FALLBACK_MIN_DOCUMENTS = 5;

/**
 * How one document processing went, written once per source version (decisions/0045-n8n-document-outcomes.md): a later
 * job attempt of the same processing replaces it, so a document counts once, with its last outcome.
 */
export async function recordDocumentHandoff(
  db: Db,
  input: {
    source: { id: string; name: string; version: number };
    routingRuleId: string | null;
    workflowId: string | null;
    outcome: DocumentOutcome;
    sentToN8n: boolean;
    reason: string | null;
  },
): Promise<void> {
  const row = {
    sourceId: input.source.id,
    sourceVersion: input.source.version,
    documentName: input.source.name.slice(0, 300),
    routingRuleId: input.routingRuleId,
    workflowId: input.workflowId,
    outcome: input.outcome,
    sentToN8n: input.sentToN8n,
    reason: input.reason?.slice(0, 1000) ?? null,
    decidedAt: new Date(),
  };
  await db
    .insert(n8nDocumentHandoffs)
    .values(row)
    .onConflictDoUpdate({ target: [n8nDocumentHandoffs.sourceId, n8nDocumentHandoffs.sourceVersion], set: row });
}

const WINDOW_MS = AUTO_FALLBACK_WINDOW_MINUTES * 60_000;

/** Whether these documents (n8n's outcomes in the window, oldest first) make auto fallback skip n8n. */
function isFailing(succeeded: readonly boolean[], threshold: number): boolean {
  if (succeeded.length < AUTO_FALLBACK_MIN_DOCUMENTS) return false;
  const rate = percent(succeeded.filter(Boolean).length, succeeded.length);
  return rate !== null && rate < threshold;
}

/**
 * Whether ingestion skips n8n right now: fallback is on, and of the documents sent to n8n in the last
 * AUTO_FALLBACK_WINDOW_MINUTES (at least AUTO_FALLBACK_MIN_DOCUMENTS of them) fewer than `threshold` % came back with
 * chunks. Each document counts once, whatever its retries. While it holds no document is sent, so the window only
 * loses documents: n8n is tried again when enough of them have left it (`retryAt`), computed here exactly.
 */
export async function autoFallbackState(
  db: Db,
  settings: { n8nFallbackEnabled: boolean; autoFallbackThreshold: number },
  now = new Date(),
): Promise<N8nMonitoring['autoFallback']> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const rows = await db
    .select({ outcome: n8nDocumentHandoffs.outcome, decidedAt: n8nDocumentHandoffs.decidedAt })
    .from(n8nDocumentHandoffs)
    .where(and(eq(n8nDocumentHandoffs.sentToN8n, true), gte(n8nDocumentHandoffs.decidedAt, since)))
    .orderBy(n8nDocumentHandoffs.decidedAt);
  const succeeded = rows.map((row) => row.outcome === 'n8n');
  const successes = succeeded.filter(Boolean).length;
  const active = settings.n8nFallbackEnabled && isFailing(succeeded, settings.autoFallbackThreshold);
  let retryAt: Date | null = null;
  if (active) {
    // The first moment a document leaves the window and the rest no longer fail.
    for (let gone = 1; gone <= rows.length; gone += 1) {
      if (!isFailing(succeeded.slice(gone), settings.autoFallbackThreshold)) {
        retryAt = new Date(rows[gone - 1]!.decidedAt.getTime() + WINDOW_MS);
        break;
      }
    }
  }
  return {
    active,
    recentSuccessRate: percent(successes, rows.length),
    recentDocuments: rows.length,
    recentSuccesses: successes,
    windowMinutes: AUTO_FALLBACK_WINDOW_MINUTES,
    // Nothing is sent while it holds: the newest document sent is the one that tipped it.
    since: active ? rows.at(-1)!.decidedAt.toISOString() : null,
    retryAt: retryAt?.toISOString() ?? null,
  };
}

/** Per routing rule: the documents it routed, by outcome. */
export async function ruleOutcomes(db: Executor, ruleIds: readonly string[]): Promise<Map<string, Record<DocumentOutcome, number>>> {
  const counts = new Map<string, Record<DocumentOutcome, number>>();
  if (ruleIds.length === 0) return counts;
  const rows = await db
    .select({ ruleId: n8nDocumentHandoffs.routingRuleId, outcome: n8nDocumentHandoffs.outcome, n: sql<number>`count(*)::int` })
    .from(n8nDocumentHandoffs)
    .where(inArray(n8nDocumentHandoffs.routingRuleId, [...ruleIds]))
    .groupBy(n8nDocumentHandoffs.routingRuleId, n8nDocumentHandoffs.outcome);
  for (const row of rows) {
    const entry = counts.get(row.ruleId!) ?? { n8n: 0, fallback: 0, failed: 0, built_in: 0 };
    entry[row.outcome] = Number(row.n);
    counts.set(row.ruleId!, entry);
  }
  return counts;
}
