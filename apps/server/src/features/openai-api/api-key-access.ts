import { API_REQUESTS_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { chatbots } from '../../db/schema/index';
import type { RateLimiter } from '../../lib/rate-limiter';
import { authenticateApiKey, type ApiKeyCaller } from '../api-keys/index';
import { noteApiKeyCaller } from '../api-usage/index';
import { cachedChatbot } from '../widget/index';
import { countLimits, rateLimitHeaders, tierRateLimits, type CountedLimit } from '../tier-limits/index';

/**
 * How a request with an organization's API key is let in, shared by the OpenAI-compatible API and the MCP endpoint
 * (decisions/0014-openai-compatible-api-and-api-keys.md, decisions/0044-chatbots-as-mcp-servers.md): each shapes the
 * refusals in its own protocol's error format, with these statuses, codes and messages.
 */
export interface ApiKeyRefusal {
  status: 401 | 429;
  message: string;
  /** OpenAI's error type and code. */
  type: string;
  code: string;
  headers: Record<string, string>;
}

type KeyRow = ApiKeyCaller;
type ChatbotRow = typeof chatbots.$inferSelect;

/**
 * The caller's key, with the limits the request was counted against so far, or why it is refused (too many requests
 * from its address: 429; no valid key: 401). `headers`: the rate-limit headers every answer carries.
 */
export async function apiKeyCaller(
  app: FastifyInstance,
  rateLimiter: RateLimiter,
  request: FastifyRequest,
): Promise<{ key: KeyRow; counted: CountedLimit[]; headers: Record<string, string> } | { refusal: ApiKeyRefusal }> {
  // Per client IP, before the key is looked at: guessing keys is refused like any other flood.
  const { counted, refused } = await countLimits(rateLimiter, [{ key: `api:ip:${request.ip}`, limit: API_REQUESTS_PER_IP_PER_MINUTE }]);
  if (refused) {
    return {
      refusal: {
        status: 429,
        message: 'Too many requests from this address. Please wait and try again.',
        type: 'rate_limit_exceeded',
        code: 'rate_limit_exceeded',
        headers: rateLimitHeaders(counted, refused),
      },
    };
  }
  const headers = rateLimitHeaders(counted);
  const secret = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  const key = secret ? await authenticateApiKey(app.db, secret, app.readCache) : null;
  if (!key) {
    return {
      refusal: {
        status: 401,
        message: 'Incorrect or revoked API key provided. Create one under API keys in your Parley dashboard.',
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        headers,
      },
    };
  }
  noteApiKeyCaller(key.id);
  return { key, counted, headers };
}

/**
 * The chatbot a key may use by this id: one of the key's organization, and the one it is scoped to if it is.
 * `unknown`: any other (another organization's chatbot does not exist for this key); `draft`: not live, so only the
 * dashboard's test chat reaches it.
 */
export async function chatbotForKey(app: FastifyInstance, key: KeyRow, id: string): Promise<{ chatbot: ChatbotRow } | { missing: 'unknown' | 'draft' }> {
  const found = /^[0-9a-f-]{36}$/i.test(id) ? await cachedChatbot(app.db, app.readCache, id) : undefined;
  const chatbot = found?.organizationId === key.organizationId && (!key.chatbotId || key.chatbotId === found.id) ? found : undefined;
  if (!chatbot) return { missing: 'unknown' };
  if (chatbot.status !== 'live') return { missing: 'draft' };
  return { chatbot };
}

/**
 * Counts one request that asks a chatbot something against the tier's limits: the key's, then the chatbot's (shared
 * with the widget). `refused` is the limit that refused it, if one did.
 */
export async function countChatbotRequest(rateLimiter: RateLimiter, app: FastifyInstance, key: KeyRow, chatbot: ChatbotRow) {
  const tierLimits = await tierRateLimits(app.db, chatbot.organizationId, app.readCache);
  return countLimits(rateLimiter, [
    { key: `chat:key:${key.id}`, limit: tierLimits.apiKeyRequestsPerMinute },
    { key: `chat:bot:${chatbot.id}`, limit: tierLimits.chatbotMessagesPerMinute },
  ]);
}
