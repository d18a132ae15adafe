import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import { chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { countLimits, RATE_LIMIT_EXPOSED_HEADERS, rateLimitHeaders, tierRateLimits } from '../tier-limits/index';

/**
 * A chatbot's row by id from the read cache (a change to any chatbot drops it on every node); undefined when there is
 * none. The caller checks its status, organization and origins. The row is shared: nobody changes it.
 */
export async function cachedChatbot(db: Db, cache: ReadCache, id: string): Promise<typeof chatbots.$inferSelect | undefined> {
  return cache.read([chatbots], `chatbot:${id}`, async () => (await db.select().from(chatbots).where(eq(chatbots.id, id)))[0]);
}

/**
 * What every public (widget) route shares: the live chatbot reachable from the caller's origin (a draft answers
 * only in the test chat), CORS headers on every answer, and the per-chatbot and per-visitor-IP rate limits of the
 * chatbot's organization's tier.
 */
export function createPublicAccess(app: FastifyInstance, rateLimiter: RateLimiter) {
  const ownOrigins = new Set(app.config.trustedOrigins);

  /** A live chatbot, reachable from this origin (its allowed origins, or Parley's own pages). */
  async function publicChatbot(id: string, origin: string | undefined) {
    const chatbot = await cachedChatbot(app.db, app.readCache, id);
    if (chatbot?.status !== 'live') throw new AppError('NOT_FOUND', 'Chatbot not found.');
    if (origin && !ownOrigins.has(origin) && !chatbot.allowedOrigins.includes(origin)) {
      throw new AppError('FORBIDDEN', 'This website is not allowed to use this chatbot.');
    }
    return chatbot;
  }

  const corsHeaders = (origin: string | undefined): Record<string, string> =>
    origin ? { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': RATE_LIMIT_EXPOSED_HEADERS } : {};

  // Every public answer carries CORS headers — refusals and validation errors too — so the
  // widget on a customer's page can read the status and show a message instead of a network error.
  const withCors = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(corsHeaders(request.headers.origin));
  };

  /**
   * Counts one visitor action against the visitor IP's and then the chatbot's per-minute limits, those of the
   * organization's tier (429 past either, with x-ratelimit-limit, x-ratelimit-remaining and retry-after).
   * In that order, and the chatbot's only for what the IP's let through: a request refused per IP uses none of the
   * chatbot's allowance, so one address sending fast cannot spend it and shut every other visitor out.
   * Returns the rate-limit headers of the answer (set on the reply too, for answers that are not streams).
   */
  async function limitVisitor(
    request: FastifyRequest,
    reply: FastifyReply,
    chatbot: { id: string; organizationId: string },
    kind = 'chat',
  ): Promise<Record<string, string>> {
    const limits = await tierRateLimits(app.db, chatbot.organizationId, app.readCache);
    const { counted, refused } = await countLimits(rateLimiter, [
      { key: `${kind}:ip:${chatbot.id}:${request.ip}`, limit: limits.visitorMessagesPerMinute },
      { key: `${kind}:bot:${chatbot.id}`, limit: limits.chatbotMessagesPerMinute },
    ]);
    const headers = rateLimitHeaders(counted, refused);
    if (refused) throw new AppError('RATE_LIMITED', 'Too many messages. Please wait a moment and try again.', headers);
    reply.headers(headers);
    return headers;
  }

  return { publicChatbot, corsHeaders, withCors, limitVisitor };
}
