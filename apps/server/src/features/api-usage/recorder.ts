import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertRows } from '../../db/insert-rows';
import { apiRequests, rateLimitHits, widgetEmbeds } from '../../db/schema/index';
import type { RateLimiter } from '../../lib/rate-limiter';
import { detectRateLimitStorms } from '../../services/security-alerts';
import { countKeyUses } from '../api-keys/index';
import { createBatchWriter, type BatchWriter } from './batch-writer';
import { currentRequestUsage, logRowOf, runWithRequestUsage, type RequestUsage } from './request-usage';
import { requestLogTurns } from './turn-log';

type ApiRequestRow = typeof apiRequests.$inferInsert & { embed?: { chatbotId: string; origin: string } };
type RateLimitHitRow = typeof rateLimitHits.$inferInsert;

export interface ApiUsageRecorder {
  requests: BatchWriter<ApiRequestRow>;
  rateLimitHits: BatchWriter<RateLimitHitRow>;
  /** Writes everything this process has buffered (the monitoring screens call it before they count). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's buffers of API requests and rate-limit refusals (features/api-usage). */
    apiUsage: ApiUsageRecorder;
  }
}

/** The widget's config request: where it comes from tells where the widget is embedded. */
const WIDGET_CONFIG_ROUTE = '/api/public/chatbots/:id/config';

/** API paths (the OpenAI-compatible /v1 and the chatbots' MCP servers included), less the health probe: load balancers poll it every few seconds, and it is not use of the API. */
const isApiPath = (url: string) => (url.startsWith('/api/') && url !== '/api/health') || url.startsWith('/v1/') || url.startsWith('/mcp/');

/** A limiter key's limit and subject: `signin:ip:1.2.3.4` → signin:ip + 1.2.3.4; `csp:::1` → csp + ::1. */
export function splitLimiterKey(key: string): { bucket: string; subject: string } {
  const parts = key.split(':');
  if (parts.length > 2 && /^[a-z][a-z-]*$/.test(parts[1]!)) return { bucket: `${parts[0]}:${parts[1]}`, subject: parts.slice(2).join(':') };
  return { bucket: parts[0]!, subject: parts.slice(1).join(':') };
}

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function createApiUsageRecorder(db: Db, log: FastifyBaseLogger): ApiUsageRecorder {
  const requests = createBatchWriter<ApiRequestRow>({
    name: 'api usage',
    log,
    write: async (rows) => {
      await insertRows(
        db,
        apiRequests,
        rows.map(({ embed: _embed, ...row }) => row),
      );
      // The keys these requests were made with: each use counted once, with its request's row (decisions/0057-api-key-reads.md).
      await countKeyUses(
        db,
        rows.flatMap((row) => (row.apiKeyId ? [{ keyId: row.apiKeyId, at: row.createdAt as Date }] : [])),
      );
      const embeds = new Map<string, { chatbotId: string; origin: string; count: number; at: Date }>();
      for (const row of rows) {
        if (!row.embed) continue;
        const key = `${row.embed.chatbotId} ${row.embed.origin}`;
        const seen = embeds.get(key);
        if (seen) {
          seen.count += 1;
          seen.at = row.createdAt as Date;
        } else embeds.set(key, { ...row.embed, count: 1, at: row.createdAt as Date });
      }
      for (const embed of embeds.values()) {
        await db
          .insert(widgetEmbeds)
          .values({ chatbotId: embed.chatbotId, origin: embed.origin, requestCount: embed.count, firstSeenAt: embed.at, lastSeenAt: embed.at })
          .onConflictDoUpdate({
            target: [widgetEmbeds.chatbotId, widgetEmbeds.origin],
            set: { requestCount: sql`${widgetEmbeds.requestCount} + ${embed.count}`, lastSeenAt: embed.at },
          })
          // The chatbot may have been deleted since: its embeds go with it.
          .catch((error: unknown) => log.debug({ err: error }, 'widget embed not recorded'));
      }
    },
  });
  const rateLimitWriter = createBatchWriter<RateLimitHitRow>({
    name: 'rate-limit hits',
    log,
    write: async (rows) => {
      await insertRows(db, rateLimitHits, rows);
      await detectRateLimitStorms(db, [...new Set(rows.map((r) => r.bucket))]).catch((error: unknown) =>
        log.warn({ err: error }, 'rate-limit storm detection failed'),
      );
    },
  });
  return {
    requests,
    rateLimitHits: rateLimitWriter,
    async flush() {
      await Promise.all([requests.flush(), rateLimitWriter.flush()]);
    },
    async close() {
      await Promise.all([requests.close(), rateLimitWriter.close()]);
    },
  };
}

/** The limiter, with every refusal recorded (one place for every limit the server applies). */
export function withRefusalRecording(limiter: RateLimiter, recorder: ApiUsageRecorder): RateLimiter {
  return {
    async hit(key, limit, windowSeconds, weight) {
      const result = await limiter.hit(key, limit, windowSeconds, weight);
      if (!result.allowed) {
        const usage = currentRequestUsage();
        const { bucket, subject } = splitLimiterKey(key);
        recorder.rateLimitHits.push({
          bucket: bucket.slice(0, 100),
          subject: subject.slice(0, 300),
          limit,
          windowSeconds,
          route: usage ? `${usage.method} ${usage.route}` : null,
          ipAddress: usage?.ipAddress ?? null,
          createdAt: new Date(),
        });
      }
      return result;
    },
    get shared() {
      return limiter.shared;
    },
    close: () => limiter.close(),
  };
}

/**
 * Records every API request (/api/*, /v1/*, /mcp/*; not the health probe): route pattern, method, status, duration, caller (user, API key or
 * anonymous visitor with IP), and a chat answer's tokens and estimated cost — buffered, written in batches.
 */
export const apiUsagePlugin = fp(
  async (app: FastifyInstance, { recorder, ownOrigins }: { recorder: ApiUsageRecorder; ownOrigins: string[] }) => {
    app.decorate('apiUsage', recorder);
    app.chatTurns.subscribe(requestLogTurns);
    const own = new Set(ownOrigins);

    app.addHook('onRequest', (request, _reply, done) => {
      const path = request.url.split('?')[0]!;
      if (!isApiPath(path)) return done();
      const usage: RequestUsage = {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        ipAddress: request.ip || null,
        apiKeyId: null,
        visitorId: null,
        chatbotId: null,
        tokens: 0,
        costMicros: 0,
        provider: null,
        model: null,
        startedAt: performance.now(),
        written: false,
      };
      runWithRequestUsage(usage, done);
    });

    app.addHook('onResponse', async (request, reply) => {
      const usage = currentRequestUsage();
      // A chat turn writes its own row with its other rows (requestLogRow): durable, and no round trip of its own.
      if (!usage || usage.written || !isApiPath(request.url.split('?')[0]!)) return;
      let embed: ApiRequestRow['embed'];
      if (usage.route === WIDGET_CONFIG_ROUTE && reply.statusCode === 200) {
        const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
        const chatbotId = (request.params as { id?: string } | undefined)?.id;
        if (origin && chatbotId && !own.has(origin)) embed = { chatbotId, origin: origin.slice(0, 300) };
      }
      recorder.requests.push({
        ...logRowOf(usage, { statusCode: reply.statusCode, durationMs: reply.elapsedTime, userId: request.identity?.user.id ?? null }),
        embed,
      });
    });

    app.addHook('onClose', async () => recorder.close());
  },
  { name: 'api-usage', dependencies: ['database'] },
);
