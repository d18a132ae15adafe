import { PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, PUBLIC_CHAT_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { RateLimiter, RateLimitResult } from '../../lib/rate-limiter';

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

  /**
   * Counts one visitor action against the visitor IP's and then the chatbot's per-minute limits (429 past either).
   * In that order, and the chatbot's only for what the IP's let through: a request refused per IP uses none of the
   * chatbot's allowance, so one address sending fast cannot spend it and shut every other visitor out.
   */
  async function limitVisitor(request: FastifyRequest, chatbotId: string, kind = 'chat'): Promise<void> {
    const refuse = (limit: RateLimitResult) => {
      throw new AppError('RATE_LIMITED', 'Too many messages. Please wait a moment and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
    };
    // A limiter that fails lets the request through (as before): the limits protect, they do not gate.
    const hit = (key: string, limit: number) => rateLimiter.hit(key, limit, 60).catch(() => null);
    const perIp = await hit(`${kind}:ip:${chatbotId}:${request.ip}`, PUBLIC_CHAT_PER_IP_PER_MINUTE);
    if (perIp && !perIp.allowed) refuse(perIp);
    const perBot = await hit(`${kind}:bot:${chatbotId}`, PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE);
    if (perBot && !perBot.allowed) refuse(perBot);
  }

  return { publicChatbot, corsHeaders, withCors, limitVisitor };
}
