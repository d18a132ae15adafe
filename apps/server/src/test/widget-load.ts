import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { documentChunks, knowledgeSources, subscriptionTierLimits } from '../db/schema/index';
import { vectorLiteral, type VectorSearchMode } from '../db/vector';
import { insertChatbotRows } from './chatbot-rows';
import { chunkText } from '../rag/chunkers';
import { createLocalEmbedder } from '../rag/embedders/local';

/**
 * The widget load test (issue 10: "200 concurrent widget conversations for 60 seconds against one node: no errors
 * other than designed 429s, p95 latency recorded"), shared by bench/load-widget.ts (the 60-second run against the
 * built server) and the shorter check in the test suite. Loopback only; bounded in time; stops by itself.
 */

const TOPICS = ['refunds', 'shipping', 'passwords', 'invoices', 'exports', 'opening hours', 'warranty', 'returns'];
const TRAINING = TOPICS.map(
  (topic, i) =>
    `## ${topic[0]!.toUpperCase()}${topic.slice(1)}\n\nOur ${topic} policy: requests about ${topic} are handled within ${i + 2} business days. ` +
    `Contact the ${topic} desk by e-mail; the team answers questions about ${topic} on weekdays between 9:00 and 17:00.`,
).join('\n\n');
const QUESTIONS = TOPICS.flatMap((topic) => [`How long does ${topic} take?`, `Who answers questions about ${topic}?`, `When is the ${topic} desk open?`]);

/**
 * Live chatbots for the load, each trained on a short document, in organizations on a tier whose token allowance the
 * load cannot exhaust (an operator would create such a tier in the admin console). Returns the chatbot ids.
 */
export async function seedLoadChatbots(db: Db, vectorSearch: VectorSearchMode, count: number): Promise<string[]> {
  await db
    .insert(subscriptionTierLimits)
    .values({
      tier: 'load-test',
      displayName: 'Load test',
      description: 'Unbounded',
      monthlyTokenLimit: 2_000_000_000,
      maxHandoffsPerMonth: 1000,
      maxChatbots: 1000,
      sortOrder: 99,
    })
    .onConflictDoNothing();
  const embedder = createLocalEmbedder({ dimensions: 384 });
  const chunks = chunkText(TRAINING, { strategy: 'semantic', chunkSize: 120, chunkOverlap: 0 });
  const vectors = await embedder.embed(chunks.map((c) => c.text));
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { organizationId, chatbot: bot } = await insertChatbotRows(db, {
      organization: { name: `Load ${i}`, tier: 'load-test' },
      chatbot: { name: `Support ${i}`, status: 'live', embeddingDimensions: 384 },
    });
    const [source] = await db
      .insert(knowledgeSources)
      .values({ chatbotId: bot.id, organizationId, kind: 'text', name: 'policies', status: 'ready', chunkCount: chunks.length })
      .returning();
    await db.insert(documentChunks).values(
      chunks.map((chunk, j) => ({
        sourceId: source!.id,
        chatbotId: bot.id,
        chunkIndex: chunk.index,
        content: chunk.text,
        tokenCount: chunk.tokenCount,
        embedding: vectorLiteral(vectorSearch, vectors[j]!) as unknown as number[],
        embeddingDimensions: 384,
      })),
    );
    ids.push(bot.id);
  }
  return ids;
}

export interface WidgetLoadOptions {
  baseUrl: string;
  chatbotIds: string[];
  visitors: number;
  durationMs: number;
  /** A visitor reads the answer and thinks this long (uniformly between the two) before the next question. */
  thinkMs?: [number, number];
  /** Each visitor's address in X-Forwarded-For (the server must trust the proxy: TRUSTED_PROXY=127.0.0.1). */
  forwardedFor?: boolean;
  /** A visitor leaves after this many questions, answered or refused (by default it asks until the time is up). */
  questionsPerVisitor?: number;
  /** How long a visitor waits for an answer before counting it an error (default 30 s, what a person would). */
  requestTimeoutMs?: number;
}

export interface WidgetLoadResult {
  visitors: number;
  durationMs: number;
  /** Questions answered (200, stream read to its end with a done event). */
  answered: number;
  /** Designed refusals: 429 with Retry-After. */
  rateLimited: number;
  /** Anything else: other statuses, a 429 without Retry-After, stream errors, network errors, time-outs. */
  errors: { what: string; count: number }[];
  errorCount: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  /** Time to the first event of the answer stream. */
  firstEventMs: { p50: number; p95: number };
}

const REQUEST_TIMEOUT_MS = 30_000;
const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

/**
 * Runs `visitors` simulated widget visitors until `durationMs` has passed (or each has asked `questionsPerVisitor`
 * questions); every loop is bounded by the deadline.
 */
export async function runWidgetLoad(options: WidgetLoadOptions): Promise<WidgetLoadResult> {
  const { baseUrl, chatbotIds, visitors, durationMs, thinkMs = [1000, 4000], questionsPerVisitor = Infinity, requestTimeoutMs = REQUEST_TIMEOUT_MS } = options;
  const started = performance.now();
  const deadline = started + durationMs;
  const latencies: number[] = [];
  const firstEvents: number[] = [];
  const errors = new Map<string, number>();
  let answered = 0;
  let rateLimited = 0;
  const fail = (what: string) => errors.set(what, (errors.get(what) ?? 0) + 1);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, Math.min(ms, deadline - performance.now()))));

  const visitor = async (n: number) => {
    const chatbotId = chatbotIds[n % chatbotIds.length]!;
    const visitorId = `visitor-${randomBytes(8).toString('hex')}`;
    const headers: Record<string, string> = options.forwardedFor ? { 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } : {};
    const url = (path: string) => `${baseUrl}/api/public/chatbots/${chatbotId}/${path}`;
    // Visitors arrive over the first seconds, as the widget loads on pages.
    await sleep(Math.random() * Math.min(3000, durationMs / 4));
    try {
      const config = await fetch(url('config'), { headers, signal: AbortSignal.timeout(requestTimeoutMs) });
      await config.arrayBuffer();
      if (config.status !== 200 && config.status !== 429) fail(`config ${config.status}`);
    } catch (error) {
      fail(`config: ${error instanceof Error ? error.name : 'error'}`);
    }
    let conversationId: string | undefined;
    for (let asked = 1; asked <= questionsPerVisitor && performance.now() < deadline; asked += 1) {
      const leaving = asked === questionsPerVisitor;
      const question = QUESTIONS[Math.floor(Math.random() * QUESTIONS.length)]!;
      const sent = performance.now();
      try {
        const response = await fetch(url('messages'), {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
          body: JSON.stringify({ message: question, visitorId, ...(conversationId ? { conversationId } : {}) }),
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
        if (response.status === 429) {
          await response.arrayBuffer();
          const retryAfter = Number(response.headers.get('retry-after'));
          if (!(retryAfter > 0)) fail('429 without Retry-After');
          else rateLimited += 1;
          // The widget says "please wait"; the visitor tries again after the time it was given.
          if (!leaving) await sleep((retryAfter > 0 ? retryAfter : 5) * 1000);
          continue;
        }
        if (response.status !== 200 || !response.body) {
          fail(`messages ${response.status}`);
          await response.arrayBuffer().catch(() => undefined);
        } else {
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let text = '';
          let first = 0;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (!first) first = performance.now() - sent;
            text += decoder.decode(value, { stream: true });
          }
          const meta = /"conversationId":"([0-9a-f-]{36})"/.exec(text);
          if (meta) conversationId = meta[1];
          if (/"type":"error"/.test(text)) fail('stream error event');
          else if (!/"type":"(done|handoff)"/.test(text)) fail('stream ended without done');
          else {
            answered += 1;
            latencies.push(performance.now() - sent);
            firstEvents.push(first);
          }
        }
      } catch (error) {
        fail(`messages: ${error instanceof Error ? error.name : 'error'}`);
      }
      if (!leaving) await sleep(thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0]));
    }
  };

  await Promise.all(Array.from({ length: visitors }, (_, n) => visitor(n)));
  latencies.sort((a, b) => a - b);
  firstEvents.sort((a, b) => a - b);
  const errorList = [...errors].map(([what, count]) => ({ what, count }));
  return {
    visitors,
    durationMs: Math.round(performance.now() - started),
    answered,
    rateLimited,
    errors: errorList,
    errorCount: errorList.reduce((sum, e) => sum + e.count, 0),
    latencyMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), max: latencies.at(-1) ?? 0 },
    firstEventMs: { p50: percentile(firstEvents, 50), p95: percentile(firstEvents, 95) },
  };
}
