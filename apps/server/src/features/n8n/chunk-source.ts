import { matchesRoutingCondition, parseRoutingCondition, type RoutingFacts } from '@parley/shared/contracts/n8n-routing-condition';
import { N8N_INGEST_PATH, type N8nRoutingAction } from '@parley/shared/contracts/n8n';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { countTokens } from '../../rag/tokens';
import { readSystemConfiguration } from '../../services/system-configuration';
import { autoFallbackState, recordDocumentHandoff, type DocumentOutcome } from './handoffs';
import { exchangeAndRecord, failureWithReason, type N8nAnswer } from './requests';
import { ruleRowsInOrder } from './routing-rules';
import { loadN8nSettings, n8nBearerSecret } from './settings';
import { joinBaseUrl, resolveWorkflowUrl } from './shared';
import { findWorkflow, toWorkflow } from './workflows';

/** What ingestion knows about a document once its text is extracted. */
export interface ChunkSourceInput {
  text: string;
  filename: string;
  mimeType: string | undefined;
  sizeBytes: number;
  /** The document and its processing's version: a job attempt of the same version is the same hand-off. */
  source: { id: string; name: string; kind: string; version: number };
  chatbot: { id: string; organizationId: string; chunkingStrategy: string; chunkSize: number; chunkOverlap: number };
}

export interface ExternalChunk {
  index: number;
  text: string;
  tokenCount: number;
}

/** Chunks made elsewhere, or null to let the built-in chunker make them. Throws when the document must wait for a retry. */
export type ChunkSource = (input: ChunkSourceInput) => Promise<ExternalChunk[] | null>;

/** docs/n8n.md: n8n answers with at most this many chunks of at most this many characters. */
const MAX_CHUNKS = 10_000;
const MAX_CHUNK_CHARS = 100_000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

/** n8n failed the document and fallback is off: the processing fails now, naming n8n's answer (no job retry). */
export class N8nIngestError extends Error {
  override name = 'N8nIngestError';
}

/** The chunks of n8n's answer: `{"chunks": [{"content": "…"}, …]}`, or the bare array. Or why they cannot be used. */
export function chunksFromAnswer(body: Buffer, isTruncated: boolean): { chunks: string[] } | { error: string } {
  if (isTruncated) return { error: `n8n's answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MB` };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return { error: "n8n's answer is not JSON" };
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { chunks?: unknown } | null)?.chunks;
  if (!Array.isArray(list)) return { error: 'n8n answered without a "chunks" list' };
  if (list.length > MAX_CHUNKS) return { error: `n8n answered with more than ${MAX_CHUNKS} chunks` };
  const chunks: string[] = [];
  for (const [i, item] of list.entries()) {
    const content = (item as { content?: unknown } | null)?.content;
    if (typeof content !== 'string') return { error: `chunk ${i + 1} of n8n's answer has no "content" text` };
    if (content.length > MAX_CHUNK_CHARS) return { error: `chunk ${i + 1} of n8n's answer is longer than ${MAX_CHUNK_CHARS} characters` };
    if (content.trim()) chunks.push(content.trim());
  }
  if (chunks.length === 0) return { error: 'n8n answered with no chunks' };
  return { chunks };
}

export function routingFacts(input: ChunkSourceInput): RoutingFacts {
  return {
    file_type: /\.([a-z0-9]+)$/i.exec(input.filename)?.[1]?.toLowerCase() ?? '',
    mime_type: input.mimeType ?? '',
    source_kind: input.source.kind,
    size_kb: input.sizeBytes / 1024,
    name: input.source.name,
    chatbot_id: input.chatbot.id,
    organization_id: input.chatbot.organizationId,
  };
}

interface Route {
  action: N8nRoutingAction;
  rule: { id: string; name: string } | null;
  workflow: { id: string; endpointUrl: string } | null;
}

/** The first active rule (priority order) whose condition holds and whose workflow is active; else the default route. */
async function chooseRoute(db: Db, input: ChunkSourceInput, settings: { intelligentRoutingEnabled: boolean; n8nPrimaryMode: boolean }): Promise<Route> {
  if (settings.intelligentRoutingEnabled) {
    const facts = routingFacts(input);
    for (const rule of await ruleRowsInOrder(db)) {
      if (!rule.isActive) continue;
      let matches = false;
      try {
        matches = matchesRoutingCondition(parseRoutingCondition(rule.condition), facts);
      } catch {
        continue; // Saved conditions are validated; one written before a grammar change is skipped, not fatal.
      }
      if (!matches) continue;
      if (rule.action === 'edge_function') return { action: rule.action, rule, workflow: null };
      const row = rule.workflowId ? await findWorkflow(db, rule.workflowId) : undefined;
      const workflow = row ? toWorkflow(row) : null;
      if (!workflow || workflow.status !== 'active') continue;
      return { action: rule.action, rule, workflow: { id: workflow.id, endpointUrl: workflow.endpointUrl } };
    }
  }
  return { action: settings.n8nPrimaryMode ? 'n8n' : 'edge_function', rule: null, workflow: null };
}

export interface N8nChunkSourceOptions {
  db: Db;
  secretKey: string;
  allowPrivateNetworks: boolean;
  log: FastifyBaseLogger;
  /** Wait before retry number `attempt` (1-based); tests pass a short one. */
  retryDelayMs?: (attempt: number) => number;
}

const defaultRetryDelay = (attempt: number) => Math.min(10_000, 1000 * 2 ** (attempt - 1));

/**
 * The n8n processing mode (System Configuration processing_mode n8n_integration): the extracted text goes to
 * n8n, which answers with the chunks (contract in docs/n8n.md). The built-in pipeline takes over when n8n is
 * off, a routing rule says edge_function, the recent success rate is below the auto fallback threshold, or n8n
 * fails and fallback is enabled (always for a hybrid rule). Every request is recorded for Monitoring.
 */
export function createN8nChunkSource(options: N8nChunkSourceOptions): ChunkSource {
  const { db, log } = options;
  const retryDelay = options.retryDelayMs ?? defaultRetryDelay;
  return async (input) => {
    const system = await readSystemConfiguration(db);
    if (system.processingMode !== 'n8n_integration' || !system.n8nWebhookBaseUrl) return null;
    const settings = await loadN8nSettings(db);
    if (!settings.n8nEnabled) return null;

    const route = await chooseRoute(db, input, settings);
    const decided = (outcome: DocumentOutcome, sentToN8n: boolean, reason: string | null) =>
      recordDocumentHandoff(db, {
        source: input.source,
        routingRuleId: route.rule?.id ?? null,
        workflowId: route.workflow?.id ?? null,
        outcome,
        sentToN8n,
        reason,
      });
    if (route.action === 'edge_function') {
      await decided('built_in', false, null);
      return null;
    }
    const mayFallBack = settings.n8nFallbackEnabled || route.action === 'hybrid';
    if (mayFallBack) {
      const fallback = await autoFallbackState(db, { ...settings, n8nFallbackEnabled: true });
      if (fallback.active) {
        const reason = `auto fallback: n8n made the chunks of ${fallback.recentSuccesses} of the last ${fallback.recentDocuments} documents (${fallback.recentSuccessRate}%), below ${settings.autoFallbackThreshold}%`;
        log.warn(
          { sourceId: input.source.id, recentSuccessRate: fallback.recentSuccessRate },
          'n8n success rate below the auto fallback threshold: built-in processing',
        );
        await decided('fallback', false, reason);
        return null;
      }
    }

    const base = system.n8nWebhookBaseUrl;
    const url = route.workflow?.endpointUrl ? resolveWorkflowUrl(route.workflow.endpointUrl, base) : joinBaseUrl(base, N8N_INGEST_PATH);
    const payload = {
      event: 'document.ingest',
      sent_at: new Date().toISOString(),
      document: {
        id: input.source.id,
        name: input.source.name,
        kind: input.source.kind,
        filename: input.filename,
        mime_type: input.mimeType ?? null,
        size_bytes: input.sizeBytes,
      },
      chatbot: { id: input.chatbot.id, organization_id: input.chatbot.organizationId },
      chunking: { strategy: input.chatbot.chunkingStrategy, chunk_size: input.chatbot.chunkSize, chunk_overlap: input.chatbot.chunkOverlap },
      routing_rule: route.rule ? { id: route.rule.id, name: route.rule.name } : null,
      text: input.text,
    };
    const bearer = await n8nBearerSecret(db, options.secretKey);
    const maxBytes = Math.min(MAX_ANSWER_BYTES, Buffer.byteLength(input.text) * 4 + 1024 * 1024);

    let chunks: string[] | null = null;
    let failure = 'n8n did not answer';
    for (let attempt = 0; attempt <= settings.webhookRetryCount; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      // Filled in by the judge below, which sees the answer before it is recorded.
      const read: { chunks: string[] | null } = { chunks: null };
      const answer: N8nAnswer = await exchangeAndRecord(
        db,
        {
          url,
          method: 'POST',
          body: payload,
          bearer,
          timeoutMs: settings.n8nWorkflowTimeoutSeconds * 1000,
          maxBytes,
          allowPrivateNetworks: options.allowPrivateNetworks,
        },
        { kind: 'ingestion', workflowId: route.workflow?.id ?? null, routingRuleId: route.rule?.id ?? null },
        (a) => {
          if (a.error) return failureWithReason(a);
          const parsed = chunksFromAnswer(a.body, a.isTruncated);
          if ('error' in parsed) return parsed.error;
          read.chunks = parsed.chunks;
          return null;
        },
      );
      if (answer.ok && read.chunks) {
        chunks = read.chunks;
        break;
      }
      failure = answer.error ?? failure;
      // A refused address stays refused: nothing was sent, and retrying would not change that.
      if (answer.isBlocked) break;
    }

    if (chunks) {
      await decided('n8n', true, null);
      return chunks.map((text, index) => ({ index, text, tokenCount: countTokens(text) }));
    }
    if (mayFallBack) {
      log.warn({ sourceId: input.source.id, reason: failure }, 'n8n processing failed: built-in processing');
      await decided('fallback', true, failure);
      return null;
    }
    await decided('failed', true, failure);
    throw new N8nIngestError(`n8n could not process this document: ${failure}. Fallback to the built-in processing is off (n8n settings).`);
  };
}
