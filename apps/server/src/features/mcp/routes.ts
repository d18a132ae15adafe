import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { mcpChatbotParamsSchema } from '@parley/shared/contracts/mcp';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RateLimiter } from '../../lib/rate-limiter';
import { appServices } from '../../services/app-services';
import { apiKeyCaller, chatbotForKey, countChatbotRequest } from '../openai-api/index';
import { rateLimitHeaders, type CountedLimit } from '../tier-limits/index';
import { chatbotMcpServer } from './tools';

const MCP_PATH = '/mcp/chatbots/:id';

/** JSON-RPC's "server error" range, as the SDK's transport answers its own refusals (405, 406, 415). */
const SERVER_ERROR = -32000;

/** The JSON-RPC id of a single request, for an error that answers it; null for a batch or a notification. */
function requestIdOf(body: unknown): string | number | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** How many tool calls the POST carries (one message, or a batch of them). */
function toolCallsIn(body: unknown): number {
  const messages = Array.isArray(body) ? body : [body];
  return messages.filter((m) => !!m && typeof m === 'object' && (m as { method?: unknown }).method === 'tools/call').length;
}

/** A refusal before the MCP transport is reached, as a JSON-RPC error with the HTTP status the /v1 API gives it. */
function rpcError(reply: FastifyReply, status: number, message: string, code: string, headers: Record<string, string>, body?: unknown) {
  return reply
    .status(status)
    .headers(headers)
    .send({ jsonrpc: '2.0', error: { code: SERVER_ERROR, message, data: { code } }, id: requestIdOf(body) });
}

/**
 * Every live chatbot as an MCP server (Streamable HTTP, stateless: a server and a transport per request;
 * decisions/0044-chatbots-as-mcp-servers.md), let in with the organization's API key exactly as /v1/chat/completions is.
 */
export const mcpRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  /** The key and the chatbot it may use by the path's id, or null once refused (429 from the address, 401, 404). */
  async function callerFor(request: FastifyRequest, id: string, reply: FastifyReply) {
    const caller = await apiKeyCaller(app, rateLimiter, request);
    if ('refusal' in caller) {
      const { status, message, code, headers } = caller.refusal;
      await rpcError(reply, status, message, code, headers, request.body);
      return null;
    }
    const usable = await chatbotForKey(app, caller.key, id);
    if ('missing' in usable) {
      const message =
        usable.missing === 'draft'
          ? `The chatbot '${id.slice(0, 100)}' is a draft: only the test chat in the Parley dashboard reaches a draft. Set its status to Live to use it over MCP.`
          : `The chatbot '${id.slice(0, 100)}' does not exist or this key cannot use it.`;
      await rpcError(reply, 404, message, 'chatbot_not_found', caller.headers, request.body);
      return null;
    }
    return { ...caller, chatbot: usable.chatbot };
  }

  const schema = { tags: ['mcp'], params: mcpChatbotParamsSchema };

  app.post(
    MCP_PATH,
    {
      config: { access: 'api_key' },
      schema: { ...schema, summary: "A chatbot's MCP server (Streamable HTTP): tools search_knowledge and ask", body: z.unknown() },
    },
    async (request, reply) => {
      const caller = await callerFor(request, request.params.id, reply);
      if (!caller) return reply;
      const { key, chatbot } = caller;
      // Each tool call counts as a request to the chatbot, against the key's and the chatbot's limits as a /v1
      // completion does; the protocol's own messages (initialize, tools/list) count only against the address.
      let counts: CountedLimit[] = caller.counted;
      for (let call = 0; call < toolCallsIn(request.body); call += 1) {
        const { counted, refused } = await countChatbotRequest(rateLimiter, app, key, chatbot);
        counts = [...counts, ...counted];
        if (refused) {
          return rpcError(reply, 429, 'Rate limit reached. Please wait and try again.', 'rate_limit_exceeded', rateLimitHeaders(counts, refused), request.body);
        }
      }

      // The SDK's transport writes the answer on the raw response (JSON, as enableJsonResponse asks).
      reply.hijack();
      for (const [name, value] of Object.entries({ ...rateLimitHeaders(counts), 'x-request-id': request.id })) reply.raw.setHeader(name, value);
      const server = chatbotMcpServer(appServices(app), { chatbot, apiKeyId: key.id, log: request.log });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on('close', () => {
        void transport.close().catch(() => {});
        void server.close().catch(() => {});
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP request failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'Internal error' }, id: requestIdOf(request.body) }));
        } else reply.raw.end();
      }
      return reply;
    },
  );

  // A stateless server offers no stream of its own (GET) and no session to end (DELETE): the transport spec's 405,
  // once the key is checked, so a caller without one learns that first.
  for (const method of ['GET', 'DELETE'] as const) {
    app.route({
      method,
      url: MCP_PATH,
      config: { access: 'api_key' },
      schema: { ...schema, summary: `Not offered by a stateless MCP server: 405 (${method})` },
      handler: async (request, reply) => {
        const caller = await callerFor(request, request.params.id, reply);
        if (!caller) return reply;
        return reply
          .status(405)
          .headers({ ...caller.headers, allow: 'POST' })
          .send({ jsonrpc: '2.0', error: { code: SERVER_ERROR, message: 'Method not allowed.' }, id: null });
      },
    });
  }
};
