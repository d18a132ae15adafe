import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../__fixtures__/fake-openai';
import { streamLlmAnswer, type LlmProviderConfig } from './llm';

/**
 * Anthropic, Google and Mistral through the real AI SDK providers, each against a local
 * server speaking that provider's streaming wire format.
 */
const sse = (response: ServerResponse, events: { event?: string; data: unknown }[]) => {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const { event, data } of events) response.write(`${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`);
  response.end();
};

const passages = [
  { chunkId: '00000000-0000-4000-8000-000000000001', sourceName: 'warranty.pdf', text: 'Every rocket carries a warranty of two years.', score: 1 },
];
const ask = (provider: LlmProviderConfig) =>
  streamLlmAnswer({ provider, systemPrompt: 'You are the Acme bot.', passages, history: [], question: 'How long is the warranty?', temperature: 0.2 });
async function collect(stream: AsyncIterable<string>) {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe('answers from Anthropic, Google and Mistral models', () => {
  let server: Awaited<ReturnType<typeof startFakeOpenAI>>;
  beforeAll(async () => {
    server = await startFakeOpenAI();
  });
  afterAll(() => server.close());

  it('Anthropic (Messages API, server-sent events)', async () => {
    server.handle('/v1/messages', (_request, response) =>
      sse(response, [
        {
          event: 'message_start',
          data: {
            type: 'message_start',
            message: {
              id: 'msg_1',
              type: 'message',
              role: 'assistant',
              model: 'claude-test',
              content: [],
              stop_reason: null,
              stop_sequence: null,
              usage: { input_tokens: 40, output_tokens: 1 },
            },
          },
        },
        { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
        { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'The warranty lasts ' } } },
        { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'two years [1].' } } },
        { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
        { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 9 } } },
        { event: 'message_stop', data: { type: 'message_stop' } },
      ]),
    );
    const answer = ask({ kind: 'anthropic', apiKey: 'sk-ant-test', baseURL: server.baseURL, model: 'claude-test' });
    expect((await collect(answer.textStream)).join('')).toBe('The warranty lasts two years [1].');
    expect(await answer.usage).toMatchObject({ inputTokens: 40, outputTokens: 9 });
    const request = server.requests.at(-1)!;
    expect(request.headers['x-api-key']).toBe('sk-ant-test');
    expect(JSON.stringify(request.body)).toContain('two years');
    expect(JSON.stringify(request.body)).toContain('You are the Acme bot.');
  });

  it('Google Gemini (streamGenerateContent, server-sent events)', async () => {
    server.handle('/v1/models/gemini-test:streamGenerateContent?alt=sse', (_request, response) =>
      sse(response, [
        { data: { candidates: [{ content: { parts: [{ text: 'Two years ' }], role: 'model' }, index: 0 }] } },
        {
          data: {
            candidates: [{ content: { parts: [{ text: 'of warranty [1].' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
            usageMetadata: { promptTokenCount: 33, candidatesTokenCount: 6, totalTokenCount: 39 },
          },
        },
      ]),
    );
    const answer = ask({ kind: 'google', apiKey: 'g-test', baseURL: server.baseURL, model: 'gemini-test' });
    expect((await collect(answer.textStream)).join('')).toBe('Two years of warranty [1].');
    expect(await answer.usage).toMatchObject({ inputTokens: 33, outputTokens: 6 });
    expect(server.requests.at(-1)!.headers['x-goog-api-key']).toBe('g-test');
  });

  it('Mistral (chat completions, server-sent events)', async () => {
    // Mistral puts the usage on the last chunk, beside the finish reason.
    const chunk = (content: string, finish: string | null, usage?: object) => ({
      id: 'cmpl-1',
      object: 'chat.completion.chunk',
      created: 1,
      model: 'mistral-test',
      choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    });
    server.handle('/v1/chat/completions', (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${JSON.stringify(chunk('Rockets have ', null))}\n\n`);
      response.write(`data: ${JSON.stringify(chunk('a two-year warranty [1].', null))}\n\n`);
      response.write(`data: ${JSON.stringify(chunk('', 'stop', { prompt_tokens: 50, completion_tokens: 8, total_tokens: 58 }))}\n\n`);
      response.end('data: [DONE]\n\n');
    });
    const answer = ask({ kind: 'mistral', apiKey: 'm-test', baseURL: server.baseURL, model: 'mistral-test' });
    const pieces = await collect(answer.textStream);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Rockets have a two-year warranty [1].');
    expect(server.requests.at(-1)!.headers.authorization).toBe('Bearer m-test');
    expect((server.requests.at(-1)!.body as { model: string }).model).toBe('mistral-test');
  });
});
