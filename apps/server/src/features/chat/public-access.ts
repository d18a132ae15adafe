import { PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, PUBLIC_CHAT_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';

/**
 * What every public (widget) route shares: the live chatbot reachable from the caller's origin,
 * CORS headers on every answer, and the per-chatbot and per-visitor-IP rate limits.
 */
export function createPublicAccess(app: FastifyInstance, rateLimiter: RateLimiter) {
  const ownOrigins = new Set(app.config.trustedOrigins);

  /** A live chatbot, reachable from this origin (its allowed origins, or Parley's own pages). */
  async function publicChatbot(id: string, origin: string | undefined) {
    const [chatbot] = await app.db
      .select()
      .from(chatbots)
      .where(and(eq(chatbots.id, id), eq(chatbots.status, 'live')));
    if (!chatbot) throw new AppError('NOT_FOUND', 'Chatbot not found.');
    if (origin && !ownOrigins.has(origin) && !chatbot.allowedOrigins.includes(origin)) {
      throw new AppError('FORBIDDEN', 'This website is not allowed to use this chatbot.');
    }
    return chatbot;
  }

  const corsHeaders = (origin: string | undefined): Record<string, string> =>
    origin ? { 'access-control-allow-origin': origin, vary: 'Origin', 'access-control-expose-headers': 'retry-after' } : {};

  // Every public answer carries CORS headers — refusals and validation errors too — so the
  // widget on a customer's page can read the status and show a message instead of a network error.
  const withCors = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(corsHeaders(request.headers.origin));
  };

  /** Counts one visitor action against the chatbot's and the visitor IP's per-minute limits (429 past either). */
  async function limitVisitor(request: FastifyRequest, chatbotId: string, kind = 'chat'): Promise<void> {
    const [perBot, perIp] = await Promise.all([
      rateLimiter.hit(`${kind}:bot:${chatbotId}`, PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, 60),
      rateLimiter.hit(`${kind}:ip:${chatbotId}:${request.ip}`, PUBLIC_CHAT_PER_IP_PER_MINUTE, 60),
    ]).catch(() => [null, null]);
    for (const limit of [perBot, perIp]) {
      if (limit && !limit.allowed)
        throw new AppError('RATE_LIMITED', 'Too many messages. Please wait a moment and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
    }
  }

  return { publicChatbot, corsHeaders, withCors, limitVisitor };
}
