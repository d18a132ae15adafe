import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type CallToolResult, type ContentBlock } from '@modelcontextprotocol/sdk/types.js';
import {
  CHATBOT_ACTION_DESCRIPTION_MAX,
  CHATBOT_ACTION_NAME_MAX,
  type discoverMcpToolsBodySchema,
  type McpToolList,
} from '@parley/shared/contracts/chatbot-actions';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { BlockedAddressError, FetchGuardError, NoAnswerError, type ResolveHost } from '../../lib/safe-request';
import { SecretDecryptionError } from '../../lib/secrets';
import { mcpFetch, McpRedirectError, McpTooLargeError, type McpFetchState } from './mcp-fetch';
import type { ActionOutcome } from './outcome';
import { actionTokenBox, assertPublicUrl, type ActionDeps, type ChatbotActionRow } from './service';
import { ACTION_CALL_TIMEOUT_MS, RESULT_EXCERPT_CHARS, type WebhookCallContext } from './webhook-call';

/** Characters of a tool's result the model is given (as a webhook's answer). */
const RESULT_FOR_MODEL_CHARS = 4000;
/** Pages of `tools/list` read, and tools kept: a server's tool list for an owner to choose from, not a crawl. */
const MAX_TOOL_PAGES = 10;
const MAX_TOOLS = 200;
const CLIENT_INFO = { name: 'Parley', version: '1.0.0' };

/** Why an MCP server could not be used, in a sentence for the owner (never the token, never the server's own words). */
export class McpSourceError extends Error {
  override name = 'McpSourceError';
  constructor(
    message: string,
    /** The HTTP status the server refused the exchange with; null when the failure was not an HTTP status. */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

export interface McpConnectOptions {
  allowPrivateNetworks: boolean;
  timeoutMs?: number;
  /** Tests only: how host names are resolved at connection time. */
  resolveHost?: ResolveHost;
}

/** An action's name from a tool's: lowercase, other characters as `_`, at most 64 characters (contracts/chatbot-actions.ts). */
export const suggestedActionName = (toolName: string) =>
  toolName
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, CHATBOT_ACTION_NAME_MAX);

/** The exchange's failure in the owner's words. `tool` names the tool for a refused call. */
function describeFailure(error: unknown, state: McpFetchState, deadline: AbortSignal, timeoutMs: number, hasToken: boolean, tool?: string): string {
  const unreachable = (reason: string) => `The MCP server could not be reached: ${reason}.`;
  if (deadline.aborted) return unreachable(`no answer within ${Math.round(timeoutMs / 1000)} s`);
  const guard = state.failure ?? (error instanceof FetchGuardError ? error : null);
  if (guard instanceof BlockedAddressError) return 'The MCP server’s address is on a private or local network, which actions cannot call.';
  if (guard instanceof McpRedirectError || guard instanceof McpTooLargeError) return `${guard.message}.`;
  if (guard instanceof NoAnswerError) return unreachable(guard.reason);
  if (guard) return `${guard.message}`;
  if (error instanceof StreamableHTTPError) {
    const code = error.code ?? 0;
    if (code === 401 || code === 403) {
      // Worded without "token": the error handler hides any message that names one (shared/sanitize-error.ts).
      return hasToken
        ? `The MCP server did not accept the bearer credential (HTTP ${code}). Check it and try again.`
        : `The MCP server requires authorization (HTTP ${code}). Add the bearer credential it gave you.`;
    }
    if (code === -1) return 'The address does not answer as an MCP server (its answer is not JSON or an event stream).';
    if (code === 404 || code === 405 || code === 406 || code === 415)
      return `The address does not answer as an MCP server (HTTP ${code}). Check the URL of its Streamable HTTP endpoint.`;
    return `The MCP server answered HTTP ${code}${state.statusText ? ` ${state.statusText}` : ''}.`;
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) return unreachable(`no answer within ${Math.round(timeoutMs / 1000)} s`);
    if (error.code === ErrorCode.MethodNotFound) return tool ? 'The MCP server does not let tools be called.' : 'The MCP server does not offer tools.';
    if (error.code === ErrorCode.InvalidParams && tool)
      return `The MCP server refused the call of its tool ${tool}: it does not know the tool or refused the arguments.`;
    return `The MCP server answered with an error (JSON-RPC code ${error.code}).`;
  }
  if (error instanceof Error && /protocol version is not supported/i.test(error.message)) {
    return 'The MCP server speaks a version of the protocol Parley does not support.';
  }
  // A JSON answer that is not JSON-RPC, or an event stream of something else.
  return 'The address does not answer as an MCP server (its answer is not MCP’s JSON-RPC).';
}

/**
 * One session with an MCP server (Streamable HTTP; decisions/0048-mcp-action-sources.md): connects through the guarded
 * fetch, runs `work`, ends the session (DELETE when the server gave one) and closes the client, whatever happened. A new
 * session per call: nothing is kept between calls. Failures are McpSourceError in the owner's words.
 */
async function withMcpSession<T>(
  url: string,
  authToken: string | null,
  options: McpConnectOptions,
  work: (client: Client, requestOptions: { signal: AbortSignal; timeout: number }) => Promise<T>,
  state: McpFetchState = { failure: null, status: null, statusText: '' },
  tool?: string,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? ACTION_CALL_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  // The transport reports some failures (a stream cut short) only to onerror: they end the exchange at once.
  const failed = new AbortController();
  const signal = AbortSignal.any([deadline, failed.signal]);
  const fetch = mcpFetch({ allowPrivateNetworks: options.allowPrivateNetworks, authToken, deadline, timeoutMs, resolveHost: options.resolveHost }, state);
  let transport: StreamableHTTPClientTransport;
  try {
    transport = new StreamableHTTPClientTransport(new URL(url), {
      fetch,
      // A stream cut short is not resumed: the call fails and the model is told.
      reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 0, maxReconnectionDelay: 0, reconnectionDelayGrowFactor: 1 },
    });
  } catch {
    throw new McpSourceError('The MCP server’s URL is not a valid address.');
  }
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  client.onerror = (error) => {
    if (!failed.signal.aborted) failed.abort(error);
  };
  try {
    await client.connect(transport, { signal, timeout: timeoutMs });
    return await work(client, { signal, timeout: timeoutMs });
  } catch (error) {
    const cause: unknown = failed.signal.aborted && !deadline.aborted ? failed.signal.reason : error;
    const httpStatus = cause instanceof StreamableHTTPError && (cause.code ?? 0) > 0 ? (cause.code ?? null) : null;
    throw new McpSourceError(describeFailure(cause, state, deadline, timeoutMs, authToken !== null, tool), httpStatus);
  } finally {
    if (!signal.aborted && transport.sessionId) {
      const { status, statusText } = state;
      await transport.terminateSession().catch(() => undefined);
      Object.assign(state, { status, statusText });
    }
    await client.close().catch(() => undefined);
  }
}

/** A tool's input schema as an action's parameters: Parley checks schemas as draft-07, so a `$schema` naming another draft is left out. */
function parametersOf(inputSchema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = inputSchema;
  return schema;
}

/**
 * The MCP server's tools, for the owner to choose the ones the chatbot may call (`POST /api/chatbots/:id/actions/mcp-tools`).
 * Throws McpSourceError when the server cannot be reached, refuses the token or is not an MCP server.
 */
export async function listMcpTools(url: string, authToken: string | null, options: McpConnectOptions): Promise<McpToolList> {
  return withMcpSession(url, authToken, options, async (client, requestOptions) => {
    const tools: McpToolList['tools'] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES && tools.length < MAX_TOOLS; page += 1) {
      const result = await client.listTools(cursor ? { cursor } : undefined, requestOptions);
      for (const tool of result.tools) {
        tools.push({
          name: tool.name,
          description: (tool.description ?? tool.title ?? '').slice(0, CHATBOT_ACTION_DESCRIPTION_MAX),
          inputSchema: parametersOf(tool.inputSchema),
          suggestedName: suggestedActionName(tool.name),
        });
      }
      cursor = result.nextCursor;
      if (!cursor) break;
    }
    const server = client.getServerVersion();
    return { server: { name: server?.name ?? '', version: server?.version ?? '' }, tools: tools.slice(0, MAX_TOOLS) };
  });
}

/**
 * The owner's look-up of an MCP server's tools: a URL on a private network is refused as an action's is (400, nothing
 * sent); a server that cannot be reached, refuses the token or is not an MCP server is a 400 saying which — what the
 * owner typed is what is wrong, or the server they named.
 */
export async function discoverMcpTools(
  deps: Pick<ActionDeps, 'allowPrivateNetworks' | 'timeoutMs'>,
  body: z.output<typeof discoverMcpToolsBodySchema>,
): Promise<McpToolList> {
  assertPublicUrl(body.url, deps.allowPrivateNetworks);
  try {
    return await listMcpTools(body.url, body.authToken ?? null, { allowPrivateNetworks: deps.allowPrivateNetworks, timeoutMs: deps.timeoutMs });
  } catch (error) {
    if (error instanceof McpSourceError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
}

/** The text of a result's content: text parts, embedded text resources, links by name; other media said in words. */
function textOf(content: ContentBlock[]): string {
  return content
    .map((part) => {
      if (part.type === 'text') return part.text;
      if (part.type === 'resource') return 'text' in part.resource ? part.resource.text : `(a file: ${part.resource.uri})`;
      if (part.type === 'resource_link') return `(a link: ${part.name} ${part.uri})`;
      return `(${part.type === 'image' ? 'an image' : 'an audio clip'} the chatbot cannot show)`;
    })
    .join('\n');
}

const cut = (text: string) => (text.length > RESULT_FOR_MODEL_CHARS ? `${text.slice(0, RESULT_FOR_MODEL_CHARS)}… (cut short)` : text);

/** The result for the model: its text, with the structured content when the server gave it and it is short enough. */
function resultForModel(text: string, structured: Record<string, unknown> | undefined): unknown {
  if (!structured) return cut(text);
  const json = JSON.stringify(structured);
  if (json.length > RESULT_FOR_MODEL_CHARS) return cut(text || json);
  return { text: cut(text), structuredContent: structured };
}

export type McpCallContext = Pick<WebhookCallContext, 'secretKey' | 'allowPrivateNetworks' | 'timeoutMs'> & { resolveHost?: ResolveHost };

/**
 * Calls an action's tool on its MCP server on the model's (or a test's) behalf: `tools/call` with the action's `mcpTool`
 * and the arguments, in a session of its own. Never throws for the server's failures: they are the outcome's `error`,
 * in Parley's words, without the token; a result the tool marks `isError` is an error outcome, its text kept only in the
 * excerpt for the owner (decisions/0048-mcp-action-sources.md).
 */
export async function callMcpTool(action: ChatbotActionRow, args: Record<string, unknown>, context: McpCallContext): Promise<ActionOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const state: McpFetchState = { failure: null, status: null, statusText: '' };
  const failed = (error: string, excerpt = '', status: number | null = null): ActionOutcome => ({
    status,
    statusText: status === null ? '' : state.statusText,
    ok: false,
    forModel: { error },
    excerpt,
    error,
    durationMs: elapsed(),
  });

  if (!action.url || !action.mcpTool) return failed('The action has no MCP server or tool to call.');
  let token: string | null = null;
  if (action.authTokenEncrypted) {
    try {
      token = actionTokenBox(context.secretKey).decrypt(action.authTokenEncrypted);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      return failed('The MCP server’s bearer token cannot be read on this server. Save the action’s token again.');
    }
  }
  const tool = action.mcpTool;
  let result: CallToolResult;
  try {
    result = await withMcpSession(
      action.url,
      token,
      { allowPrivateNetworks: context.allowPrivateNetworks, timeoutMs: context.timeoutMs ?? ACTION_CALL_TIMEOUT_MS, resolveHost: context.resolveHost },
      async (client, requestOptions) => (await client.callTool({ name: tool, arguments: args }, undefined, requestOptions)) as CallToolResult,
      state,
      tool,
    );
  } catch (error) {
    if (error instanceof McpSourceError) return failed(error.message, '', error.httpStatus);
    throw error;
  }
  const text = textOf(result.content ?? []);
  const excerpt = (text || (result.structuredContent ? JSON.stringify(result.structuredContent) : '')).slice(0, RESULT_EXCERPT_CHARS);
  // The server answered: the status of the call's exchange is kept with the error.
  if (result.isError) return failed(`The MCP server’s tool ${tool} reported an error.`, excerpt, state.status);
  return {
    status: state.status,
    statusText: state.statusText,
    ok: true,
    forModel: resultForModel(text, result.structuredContent),
    excerpt,
    error: null,
    durationMs: elapsed(),
  };
}
