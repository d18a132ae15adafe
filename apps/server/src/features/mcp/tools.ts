import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ChatStreamEvent, Citation } from '@parley/shared/contracts/chat';
import { askInputShape, MCP_TOOLS, searchKnowledgeInputShape } from '@parley/shared/contracts/mcp';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { chatbots } from '../../db/schema/index';
import { embedderFor } from '../../providers/ai/models';
import { retrievePassagesCached } from '../../rag/retrieval-cache';
import { upstreamProviderError } from '../../rag/upstream-error';
import type { AppServices } from '../../services/app-services';
import { answerChatMessage } from '../chat/index';
import { tokenAllowance } from '../usage/index';

type ChatbotRow = typeof chatbots.$inferSelect;

/** Over the organization's monthly token limit: the /v1 API's 429 wording, as a tool error the model can read. */
const MONTHLY_LIMIT_MESSAGE = 'Your organization has used its monthly token limit. Upgrade your plan or wait until next month.';
const FAILED_MESSAGE = 'The tool failed on the Parley server. Please try again; if it keeps failing, tell the chatbot’s owner.';

const passageOutput = z.object({
  number: z.number().int(),
  source: z.string(),
  sourceId: z.string(),
  text: z.string(),
  score: z.number(),
});
const citationOutput = z.object({ number: z.number().int().optional(), source: z.string(), sourceId: z.string(), excerpt: z.string() });

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** A tool's failure said without its details (they go to the log), or the model provider's own, as /v1 says it. */
function failure(log: FastifyBaseLogger, tool: string, error: unknown): CallToolResult {
  const upstream = upstreamProviderError(error);
  if (upstream) {
    log.warn({ err: error, providerStatus: upstream.providerStatus }, `model provider failed the MCP tool ${tool}`);
    return toolError(upstream.message);
  }
  log.error({ err: error }, `MCP tool ${tool} failed`);
  return toolError(FAILED_MESSAGE);
}

const sourcesList = (citations: Citation[]) =>
  citations.map((c, i) => `[${c.number ?? i + 1}] ${c.sourceName}: ${c.excerpt.replace(/\s+/g, ' ').trim()}`).join('\n');

export interface McpCaller {
  chatbot: ChatbotRow;
  /** The API key's id: the turns `ask` records are the key's, as the /v1 API's are. */
  apiKeyId: string;
  log: FastifyBaseLogger;
}

/**
 * The MCP server of one chatbot, made for one request (stateless Streamable HTTP, decisions/0044-chatbots-as-mcp-servers.md):
 * `search_knowledge` runs the chatbot's retrieval as its answers do; `ask` runs the chat turn the OpenAI-compatible API
 * runs (metered, recorded, channel `api`). Arguments the schemas refuse are tool errors the SDK words.
 */
export function chatbotMcpServer(deps: AppServices, caller: McpCaller): McpServer {
  const { chatbot, log } = caller;
  const server = new McpServer(
    { name: `parley-chatbot-${chatbot.id}`, title: chatbot.name, version: '1.0.0' },
    {
      capabilities: { tools: {} },
      instructions: `Tools of the Parley chatbot "${chatbot.name}": answers and passages come only from the documents its owner trained it on.`,
    },
  );

  server.registerTool(
    MCP_TOOLS.searchKnowledge,
    {
      title: `Search ${chatbot.name}'s documents`,
      description:
        `Searches the documents the chatbot "${chatbot.name}" was trained on and returns the passages that best match the query, ` +
        `best first, each with the name of its source document. Use it to read what the documents say in their own words; ` +
        `use "${MCP_TOOLS.ask}" for a written answer. Returns nothing when no passage matches.`,
      inputSchema: searchKnowledgeInputShape(chatbot.retrievalTopK),
      outputSchema: { passages: z.array(passageOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ query, limit }) => {
      try {
        const passages = await retrievePassagesCached(deps.database, deps.retrievalCache, {
          chatbotId: chatbot.id,
          question: query,
          embedder: embedderFor(deps, chatbot),
          topK: limit ?? chatbot.retrievalTopK,
        });
        const found = passages.map((p, i) => ({ number: i + 1, source: p.sourceName, sourceId: p.sourceId, text: p.text, score: p.score }));
        const text =
          found.length === 0
            ? `No passage of ${chatbot.name}'s documents matches "${query}".`
            : found.map((p) => `[${p.number}] Source: ${p.source}\n${p.text}`).join('\n\n');
        return { content: [{ type: 'text', text }], structuredContent: { passages: found } };
      } catch (error) {
        return failure(log, MCP_TOOLS.searchKnowledge, error);
      }
    },
  );

  server.registerTool(
    MCP_TOOLS.ask,
    {
      title: `Ask ${chatbot.name}`,
      description:
        `Asks the chatbot "${chatbot.name}" a question. It answers only from the documents it was trained on, and lists ` +
        `the sources it used as numbered citations ([1], [2], …). When the documents do not answer the question it says ` +
        `so ("answered": false) rather than guess. Each call is one metered chat turn of the chatbot.`,
      inputSchema: askInputShape,
      outputSchema: { answer: z.string(), answered: z.boolean(), citations: z.array(citationOutput) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ question }, extra) => {
      try {
        const allowance = await tokenAllowance(deps.db, chatbot.organizationId, deps.readCache);
        if (allowance.isOver) return toolError(MONTHLY_LIMIT_MESSAGE);
        let text = '';
        let done: Extract<ChatStreamEvent, { type: 'done' }> | undefined;
        await answerChatMessage(deps, {
          chatbot,
          channel: 'api',
          visitorId: `apikey:${caller.apiKeyId}`,
          message: question,
          history: [],
          allowance,
          signal: extra.signal,
          emit: (event) => {
            if (event.type === 'delta') text += event.text;
            if (event.type === 'done') done = event;
          },
        });
        if (done?.limited) return toolError(MONTHLY_LIMIT_MESSAGE);
        const citations = done?.citations ?? [];
        const body = citations.length > 0 ? `${text}\n\nSources:\n${sourcesList(citations)}` : text;
        return {
          content: [{ type: 'text', text: body }],
          structuredContent: {
            answer: text,
            answered: done?.answered ?? false,
            citations: citations.map((c) => ({
              ...(c.number !== undefined ? { number: c.number } : {}),
              source: c.sourceName,
              sourceId: c.sourceId,
              excerpt: c.excerpt,
            })),
          },
        };
      } catch (error) {
        return failure(log, MCP_TOOLS.ask, error);
      }
    },
  );

  return server;
}
