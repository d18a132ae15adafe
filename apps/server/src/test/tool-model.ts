import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the model server got: the JSON body of POST /v1/chat/completions, as the AI SDK sends it. */
export interface ToolModelRequest {
  model: string;
  messages: { role: string; content: unknown; tool_call_id?: string }[];
  /** The tools the model is offered (none when the turn offers no action, or no more). */
  tools?: { type: string; function: { name: string; description?: string; parameters?: unknown } }[];
  tool_choice?: unknown;
}

/**
 * What the model answers one request with: a call of a tool (its arguments as a JSON text, or an object to send as
 * one; the id `call_<n>` for the n-th request unless given), or a text.
 */
export type ToolModelAnswer = { call: { name: string; arguments: string | object; id?: string } } | { text: string };

/** The tokens the model reports it used, in OpenAI's words. */
export interface ToolModelUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/** A local OpenAI-compatible model that uses tools, as each test decides. */
export interface ToolModel {
  /** The OpenAI-compatible base URL, `http://127.0.0.1:<port>/v1` (OPENAI_COMPATIBLE_BASE_URL). */
  baseURL: string;
  /** Every request it got, oldest first. */
  requests: ToolModelRequest[];
  close(): Promise<void>;
}

/**
 * Starts a local model server speaking OpenAI's streamed chat completions, for the tests of chatbot actions: the
 * answer model asks for a tool, gets its result, and answers. `decide` says what to answer each request with (its index
 * among the requests so far); the server streams it as the provider would: the assistant's first delta, the call or the
 * text, its finish reason, a chunk with the usage (50 tokens in and 10 out unless told) and `[DONE]`.
 */
export async function startToolModel(
  decide: (request: ToolModelRequest, index: number) => ToolModelAnswer,
  options: { usage?: ToolModelUsage } = {},
): Promise<ToolModel> {
  const usage = options.usage ?? { prompt_tokens: 50, completion_tokens: 10 };
  const requests: ToolModelRequest[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404);
        return res.end();
      }
      const request = JSON.parse(raw) as ToolModelRequest;
      const index = requests.push(request) - 1;
      const answer = decide(request, index);
      const frame = (fields: object) =>
        res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: request.model, ...fields })}\n\n`);
      const delta = (content: object, finish: string | null = null) => frame({ choices: [{ index: 0, delta: content, finish_reason: finish }] });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      delta({ role: 'assistant', content: '' });
      if ('call' in answer) {
        const { name, id = `call_${index + 1}` } = answer.call;
        const args = typeof answer.call.arguments === 'string' ? answer.call.arguments : JSON.stringify(answer.call.arguments);
        delta({ tool_calls: [{ index: 0, id, type: 'function', function: { name, arguments: args } }] });
        delta({}, 'tool_calls');
      } else {
        delta({ content: answer.text });
        delta({}, 'stop');
      }
      frame({ choices: [], usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } });
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A message's content as text: a string as it is, anything else (an array of parts, a tool's JSON) as JSON. */
export const contentText = (content: unknown): string => (typeof content === 'string' ? content : JSON.stringify(content));
