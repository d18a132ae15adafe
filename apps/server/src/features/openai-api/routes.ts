import { randomUUID } from 'node:crypto';
import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGES } from '@parley/shared/messages';
import { chatbots } from '../../db/schema/index';
import type { RateLimiter } from '../../lib/rate-limiter';
import { upstreamProviderError, type UpstreamProviderError } from '../../rag/upstream-error';
import { appServices } from '../../services/app-services';
import { answerChatMessage } from '../chat/index';
import { rateLimitHeaders, type CountedLimit } from '../tier-limits/index';
import { apiKeyCaller, chatbotForKey, countChatbotRequest } from './api-key-access';
import { tokenAllowance } from '../usage/index';
import { chatCompletionBodySchema } from '@parley/shared/contracts/openai-api';

/** OpenAI's error object, so OpenAI clients surface our errors as their own. */
function openAiError(reply: FastifyReply, status: number, message: string, type: string, code: string | null, headers: Record<string, string> = {}) {
  return reply
    .status(status)
    .headers(headers)
    .send({ error: { message, type, param: null, code } });
}

/** A draft chatbot answers only in the dashboard's test chat: through the API it is a model that cannot be used yet. */
export const draftModelMessage = (id: string) =>
  `The model '${id.slice(0, 100)}' is a draft chatbot: only the test chat in the Parley dashboard reaches a draft. Set its status to Live to use it through the API.`;

/** A model provider's failure in OpenAI's error shape: a 502, saying it is the upstream provider and why. */
const upstreamErrorBody = (error: UpstreamProviderError) => ({
  error: { message: error.message, type: 'upstream_error', param: null, code: 'upstream_provider_error', provider_status: error.providerStatus },
});

interface OpenAiUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}
const NO_USAGE: OpenAiUsage = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

/** The turn's metered tokens in OpenAI's terms: the question as prompt, the answer as completion, as the usage ledger meters them. */
function openAiUsage(done: Extract<ChatStreamEvent, { type: 'done' }>): OpenAiUsage {
  const prompt = done.inputTokens ?? 0;
  const completion = done.outputTokens ?? done.tokens - prompt;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion };
}

const textOf = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((p: { text?: string }) => p.text ?? '').join('') : '';

/**
 * The OpenAI-compatible API: `model` is a chatbot id, answers are grounded in that
 * chatbot's documents, metered and rate-limited like the widget.
 */
export const openAiApiRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  /**
   * The caller's key, with the limits the request was counted against so far (null: answered already, 429 or 401).
   * Every answer carries x-ratelimit-limit and x-ratelimit-remaining of the tightest limit counted.
   */
  async function keyFor(request: FastifyRequest, reply: FastifyReply) {
    const caller = await apiKeyCaller(app, rateLimiter, request);
    if ('refusal' in caller) {
      const { status, message, type, code, headers } = caller.refusal;
      await openAiError(reply, status, message, type, code, headers);
      return null;
    }
    reply.headers(caller.headers);
    return caller;
  }

  app.get(
    '/v1/models',
    { config: { access: 'api_key' }, schema: { tags: ['openai-compatible'], summary: 'The live chatbots this key can use, as models (drafts are not)' } },
    async (request, reply) => {
      const caller = await keyFor(request, reply);
      if (!caller) return reply;
      const { key } = caller;
      const rows = await app.db
        .select({ id: chatbots.id, createdAt: chatbots.createdAt })
        .from(chatbots)
        .where(and(eq(chatbots.organizationId, key.organizationId), eq(chatbots.status, 'live'), ...(key.chatbotId ? [eq(chatbots.id, key.chatbotId)] : [])));
      return { object: 'list', data: rows.map((r) => ({ id: r.id, object: 'model', created: Math.floor(r.createdAt.getTime() / 1000), owned_by: 'parley' })) };
    },
  );

  app.get(
    '/v1/models/:model',
    {
      config: { access: 'api_key' },
      schema: { tags: ['openai-compatible'], summary: 'One chatbot this key can use, as a model', params: z.object({ model: z.string().max(200) }) },
    },
    async (request, reply) => {
      const caller = await keyFor(request, reply);
      if (!caller) return reply;
      const { key } = caller;
      const id = request.params.model;
      const [row] = /^[0-9a-f-]{36}$/i.test(id)
        ? await app.db
            .select({ id: chatbots.id, createdAt: chatbots.createdAt, status: chatbots.status })
            .from(chatbots)
            .where(and(eq(chatbots.id, id), eq(chatbots.organizationId, key.organizationId), ...(key.chatbotId ? [eq(chatbots.id, key.chatbotId)] : [])))
        : [];
      if (!row)
        return openAiError(reply, 404, `The model '${id.slice(0, 100)}' does not exist or this key cannot use it.`, 'invalid_request_error', 'model_not_found');
      if (row.status !== 'live') return openAiError(reply, 404, draftModelMessage(id), 'invalid_request_error', 'model_not_found');
      return { id: row.id, object: 'model', created: Math.floor(row.createdAt.getTime() / 1000), owned_by: 'parley' };
    },
  );

  app.post(
    '/v1/chat/completions',
    {
      config: { access: 'api_key' },
      schema: { tags: ['openai-compatible'], summary: 'Chat completion from a chatbot (stream: server-sent events ending with [DONE])', body: z.unknown() },
    },
    async (request, reply) => {
      const caller = await keyFor(request, reply);
      if (!caller) return reply;
      const { key } = caller;
      const parsed = chatCompletionBodySchema.safeParse(request.body);
      if (!parsed.success) {
        return openAiError(
          reply,
          400,
          parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; '),
          'invalid_request_error',
          null,
        );
      }
      const body = parsed.data;
      // Another organization's chatbot, or one the key is not scoped to, does not exist for this key.
      const usable = await chatbotForKey(app, key, body.model);
      if ('missing' in usable)
        return openAiError(
          reply,
          404,
          usable.missing === 'draft' ? draftModelMessage(body.model) : `The model '${body.model.slice(0, 100)}' does not exist or this key cannot use it.`,
          'invalid_request_error',
          'model_not_found',
        );
      const { chatbot } = usable;

      const turns = body.messages
        .filter((m) => m.role === 'user' || m.role === 'assistant')
        .map((m) => ({ role: m.role as 'user' | 'assistant', content: textOf(m.content) }));
      const question = turns.at(-1);
      if (!question || question.role !== 'user' || !question.content.trim()) {
        return openAiError(reply, 400, 'The last message must be a user message with text.', 'invalid_request_error', null);
      }
      if (question.content.length > 4000) return openAiError(reply, 400, 'The last message must be at most 4000 characters.', 'invalid_request_error', null);

      // The organization's tier sets the key's and the chatbot's limits (the chatbot's is shared with the widget).
      const { counted, refused } = await countChatbotRequest(rateLimiter, app, key, chatbot);
      const counts: CountedLimit[] = [...caller.counted, ...counted];
      if (refused) {
        return openAiError(
          reply,
          429,
          'Rate limit reached. Please wait and try again.',
          'rate_limit_exceeded',
          'rate_limit_exceeded',
          rateLimitHeaders(counts, refused),
        );
      }
      const limitHeaders = rateLimitHeaders(counts);
      reply.headers(limitHeaders);
      const allowance = await tokenAllowance(app.db, chatbot.organizationId, app.readCache);
      if (allowance.isOver) {
        return openAiError(
          reply,
          429,
          'Your organization has used its monthly token limit. Upgrade your plan or wait until next month.',
          'insufficient_quota',
          'insufficient_quota',
        );
      }

      const id = `chatcmpl-${randomUUID()}`;
      const created = Math.floor(Date.now() / 1000);
      const model = chatbot.id;
      const history = turns.slice(0, -1).slice(-10);
      const run = (emit: Parameters<typeof answerChatMessage>[1]['emit'], signal?: AbortSignal) =>
        answerChatMessage(appServices(app), {
          chatbot,
          channel: 'api',
          visitorId: `apikey:${key.id}`,
          message: question.content,
          history,
          allowance,
          emit,
          signal,
        });

      if (!body.stream) {
        let text = '';
        let usage = NO_USAGE;
        try {
          await run((event) => {
            if (event.type === 'delta') text += event.text;
            if (event.type === 'done') usage = openAiUsage(event);
          });
        } catch (error) {
          const upstream = upstreamProviderError(error);
          if (!upstream) throw error;
          request.log.warn({ err: error, providerStatus: upstream.providerStatus }, 'model provider failed a completion');
          return reply.status(502).send(upstreamErrorBody(upstream));
        }
        return {
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text, refusal: null }, logprobs: null, finish_reason: 'stop' }],
          usage,
        };
      }

      reply.hijack();
      const controller = new AbortController();
      request.raw.on('close', () => controller.abort());
      const chunk = (delta: object, finish: string | null) =>
        reply.raw.write(
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`,
        );
      // The stream opens with the answer's first event: a provider that fails before any text is answered with a real
      // status (502), as the non-streaming call is, rather than a 200 whose body holds the error.
      let isOpen = false;
      const open = () => {
        if (isOpen) return;
        isOpen = true;
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          connection: 'keep-alive',
          'x-request-id': request.id,
          ...limitHeaders,
        });
        chunk({ role: 'assistant', content: '' }, null);
      };
      let usage = NO_USAGE;
      try {
        await run((event) => {
          if (event.type === 'delta') {
            open();
            chunk({ content: event.text }, null);
          }
          if (event.type === 'done') usage = openAiUsage(event);
        }, controller.signal);
        open();
        chunk({}, 'stop');
        if (body.stream_options?.include_usage) {
          reply.raw.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
        }
      } catch (error) {
        const upstream = upstreamProviderError(error);
        if (upstream) request.log.warn({ err: error, providerStatus: upstream.providerStatus }, 'model provider failed a completion stream');
        else request.log.error({ err: error }, 'completion stream failed');
        const failure = upstream
          ? upstreamErrorBody(upstream)
          : { error: { message: isOpen ? 'The answer could not be completed.' : MESSAGES.unexpectedError, type: 'server_error', param: null, code: null } };
        if (!isOpen) {
          reply.raw.writeHead(upstream ? 502 : 500, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': request.id });
          reply.raw.end(JSON.stringify(failure));
          return reply;
        }
        reply.raw.write(`data: ${JSON.stringify(failure)}\n\n`);
      }
      reply.raw.end('data: [DONE]\n\n');
      return reply;
    },
  );
};
