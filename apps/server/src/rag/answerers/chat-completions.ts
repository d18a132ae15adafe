import http from 'node:http';
import https from 'node:https';
import { StringDecoder } from 'node:string_decoder';
import { UpstreamProviderError, upstreamHttpError } from '../upstream-error';
import type { PromptMessage } from './prompt';
import type { LlmUsage } from './types';

/**
 * A client of the Chat Completions wire format (`POST {baseURL}/chat/completions`, streamed as server-sent events), for
 * the OpenAI-compatible answer provider when no tools are offered (decisions/0054-chat-completions-client.md). It sends
 * what the AI SDK's OpenAI-compatible provider sends and reads what it reads — the deltas' text and the usage chunk —
 * over node:http with kept-alive connections, without the SDK's web streams and its schema parse of every chunk: a
 * chat turn's own CPU was a third that machinery (docs/performance.md, "Chat turn"). Failures are the provider's
 * (UpstreamProviderError), retried as the SDK retries them.
 */
export interface ChatCompletionRequest {
  baseURL: string;
  apiKey?: string;
  model: string;
  system: string;
  messages: PromptMessage[];
  temperature: number;
  maxOutputTokens?: number;
  signal?: AbortSignal;
  /** The wait before the first retry (doubled before the next); FIRST_RETRY_DELAY_MS unless given. */
  firstRetryDelayMs?: number;
}

export interface ChatCompletionStream {
  /** The answer's text as it arrives; ends quietly when the signal aborts, throws UpstreamProviderError on a failure. */
  textStream: AsyncIterable<string>;
  /** The provider's token counts once the stream ended; rejects when it failed, was aborted or was not read to its end. */
  usage: Promise<LlmUsage>;
}

/** As the AI SDK: two more attempts after the first, 2 s then 4 s apart, unless the provider says when (under a minute). */
export const CHAT_COMPLETION_RETRIES = 2;
const FIRST_RETRY_DELAY_MS = 2_000;
const MAX_ADVISED_DELAY_MS = 60_000;
/** What is kept of an error answer's body: its reason is in the first few hundred bytes. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

const FAILED_WHILE_ANSWERING = 'The chatbot’s AI model provider failed while answering.';

const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/** Statuses worth another attempt (the SDK's APICallError.isRetryable): timeouts, conflicts, rate limits, server errors. */
const isRetryableStatus = (status: number) => status === 408 || status === 409 || status === 429 || status >= 500;

/** The delay the provider asked for in `retry-after-ms` or `retry-after` (seconds or a date), when it is reasonable. */
function advisedDelay(headers: http.IncomingHttpHeaders): number | null {
  const ms = Number(headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0 && ms < MAX_ADVISED_DELAY_MS) return ms;
  const after = headers['retry-after'];
  if (after === undefined) return null;
  const seconds = Number(after);
  const delay = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - Date.now();
  return Number.isFinite(delay) && delay >= 0 && delay < MAX_ADVISED_DELAY_MS ? delay : null;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

/** One attempt: the response once its headers arrived (any status), or the connection's failure. */
function send(url: URL, body: string, headers: Record<string, string>, signal?: AbortSignal): Promise<http.IncomingMessage> {
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, {
      method: 'POST',
      headers,
      agent: agents[url.protocol as keyof typeof agents],
      ...(signal ? { signal } : {}),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end(body);
  });
}

async function readBody(response: http.IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of response as AsyncIterable<Buffer>) {
    if (size < MAX_ERROR_BODY_BYTES) parts.push(part);
    size += part.length;
  }
  return Buffer.concat(parts).toString('utf8').slice(0, MAX_ERROR_BODY_BYTES);
}

/** The response with status 2xx, after retries; null when the signal aborted. Throws the provider's failure. */
async function open(
  url: URL,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
  firstDelay: number,
): Promise<http.IncomingMessage | null> {
  for (let attempt = 0; ; attempt += 1) {
    const canRetry = attempt < CHAT_COMPLETION_RETRIES;
    let response: http.IncomingMessage;
    try {
      response = await send(url, body, headers, signal);
    } catch (error) {
      if (signal?.aborted) return null;
      if (!canRetry) throw upstreamHttpError(null, null, error);
      await wait(firstDelay * 2 ** attempt, signal);
      continue;
    }
    const status = response.statusCode ?? 0;
    if (status >= 200 && status < 300) return response;
    const text = await readBody(response).catch(() => '');
    if (signal?.aborted) return null;
    if (!canRetry || !isRetryableStatus(status)) throw upstreamHttpError(status, text);
    await wait(advisedDelay(response.headers) ?? firstDelay * 2 ** attempt, signal);
  }
}

interface CompletionChunk {
  choices?: { delta?: { content?: unknown } | null }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: unknown;
}

/** Streams one chat completion. The request is sent when the text is first read. */
export function streamChatCompletion(input: ChatCompletionRequest): ChatCompletionStream {
  let settle!: { resolve: (usage: LlmUsage) => void; reject: (error: unknown) => void };
  const usage = new Promise<LlmUsage>((resolve, reject) => (settle = { resolve, reject }));
  // A caller that only reads the stream must not get an unhandled rejection from usage as well.
  usage.catch(() => {});

  async function* textStream(): AsyncGenerator<string> {
    const { signal } = input;
    const url = new URL(`${input.baseURL.replace(/\/+$/, '')}/chat/completions`);
    const body = JSON.stringify({
      model: input.model,
      messages: [{ role: 'system', content: input.system }, ...input.messages],
      temperature: input.temperature,
      ...(input.maxOutputTokens ? { max_tokens: input.maxOutputTokens } : {}),
      stream: true,
      stream_options: { include_usage: true },
    });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'parley',
      ...(input.apiKey ? { authorization: `Bearer ${input.apiKey}` } : {}),
    };
    let counted: LlmUsage = {};
    let finished = false;
    let response: http.IncomingMessage | null = null;
    try {
      response = await open(url, body, headers, signal, input.firstRetryDelayMs ?? FIRST_RETRY_DELAY_MS);
      if (!response) return;
      const decoder = new StringDecoder('utf8');
      let pending = '';
      let data: string[] = [];
      // One server-sent event's data, complete: a chunk of the completion, or [DONE].
      const chunkOf = (event: string): CompletionChunk | 'done' => {
        if (event === '[DONE]') return 'done';
        let chunk: CompletionChunk;
        try {
          chunk = JSON.parse(event) as CompletionChunk;
        } catch (error) {
          throw new UpstreamProviderError(null, FAILED_WHILE_ANSWERING, { cause: error });
        }
        if (!chunk || typeof chunk !== 'object' || chunk.error) throw new UpstreamProviderError(null, FAILED_WHILE_ANSWERING, { cause: chunk?.error });
        if (chunk.usage) {
          const { prompt_tokens: input, completion_tokens: output } = chunk.usage;
          counted = { ...(typeof input === 'number' ? { inputTokens: input } : {}), ...(typeof output === 'number' ? { outputTokens: output } : {}) };
        }
        return chunk;
      };
      // Read to the body's end even past [DONE], so that the connection is kept for the next answer.
      let sawDone = false;
      for await (const part of response as AsyncIterable<Buffer>) {
        if (sawDone) continue;
        pending += decoder.write(part);
        let end: number;
        while ((end = pending.search(/\r\n|\r|\n/)) >= 0) {
          const line = pending.slice(0, end);
          pending = pending.slice(end + (pending.startsWith('\r\n', end) ? 2 : 1));
          if (line === '') {
            if (data.length === 0) continue;
            const chunk = chunkOf(data.join('\n'));
            data = [];
            if (chunk === 'done') {
              sawDone = true;
              break;
            }
            const text = chunk.choices?.[0]?.delta?.content;
            if (typeof text === 'string' && text) yield text;
          } else if (line.startsWith('data:')) {
            data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
          }
          // Comments (":") and the other fields (event, id, retry) carry nothing a completion uses.
        }
      }
      // A body that ended whole without [DONE] is a finished answer (some servers never send it); one cut off is not.
      if (!sawDone && !response.complete) throw new UpstreamProviderError(null, FAILED_WHILE_ANSWERING);
      finished = true;
      settle.resolve(counted);
    } catch (error) {
      if (signal?.aborted) {
        settle.reject(signal.reason ?? error);
        return;
      }
      const failure = error instanceof UpstreamProviderError ? error : new UpstreamProviderError(null, FAILED_WHILE_ANSWERING, { cause: error });
      settle.reject(failure);
      throw failure;
    } finally {
      if (!finished) {
        // Aborted, failed or left unread: the connection is closed, and usage says the answer did not end.
        response?.destroy();
        settle.reject(new Error('The answer did not stream to its end.'));
      }
    }
  }

  return { textStream: textStream(), usage };
}
