import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, streamingChatHandler } from '../__fixtures__/fake-openai';
import { streamLlmAnswer, type LlmAnswerInput } from './llm';
import { GROUNDING_INSTRUCTIONS, citationsUsedIn } from './prompt';

let server: Awaited<ReturnType<typeof startFakeOpenAI>>;

beforeAll(async () => {
  server = await startFakeOpenAI();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  server.handle('/v1/chat/completions', streamingChatHandler(['Annual plans ', 'can be refunded ', 'within 30 days', ' [1].']));
});

const input = (provider: LlmAnswerInput['provider']): LlmAnswerInput => ({
  provider,
  systemPrompt: 'You are the friendly assistant of Acme Cloud.',
  passages: [
    { chunkId: 'billing-3', sourceName: 'billing.pdf', score: 0.8, text: 'Annual plans can be refunded within 30 days of purchase.' },
    { chunkId: 'faq-1', sourceName: 'faq.md', score: 0.4, text: 'Support answers e-mails within one working day.' },
  ],
  history: [
    { role: 'user', content: 'Hi, I bought the annual plan.' },
    { role: 'assistant', content: 'Thanks! How can I help?' },
  ],
  question: 'Can I still get a refund?',
  temperature: 0.2,
});

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

describe.each([
  ['openai-compatible', { kind: 'openai-compatible' as const, model: 'llama3.1', apiKey: 'local-key' }],
  ['openai', { kind: 'openai' as const, model: 'gpt-4o-mini', apiKey: 'sk-test' }],
])('streamLlmAnswer through %s', (_name, provider) => {
  it('streams the answer in pieces and reports token usage', async () => {
    const answer = streamLlmAnswer(input({ ...provider, baseURL: server.baseURL }));
    const pieces = await collect(answer.textStream);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Annual plans can be refunded within 30 days [1].');
    expect(await answer.usage).toEqual({ inputTokens: 321, outputTokens: 12 });
  });

  it('sends the system prompt with the grounding rules, the history, and the numbered passages with the question', async () => {
    const answer = streamLlmAnswer(input({ ...provider, baseURL: server.baseURL }));
    await collect(answer.textStream);

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${provider.apiKey}`);
    expect(request?.body).toMatchObject({ model: provider.model, stream: true, temperature: 0.2, stream_options: { include_usage: true } });
    const messages = request?.body.messages as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[0]?.content).toBe(`You are the friendly assistant of Acme Cloud.\n\n${GROUNDING_INSTRUCTIONS}`);
    expect(messages[1]?.content).toBe('Hi, I bought the annual plan.');
    expect(messages[2]?.content).toBe('Thanks! How can I help?');
    expect(messages[3]?.content).toBe(
      'Context passages:\n\n' +
        '[1] Source: billing.pdf\nAnnual plans can be refunded within 30 days of purchase.\n\n' +
        '[2] Source: faq.md\nSupport answers e-mails within one working day.\n\n' +
        'Question: Can I still get a refund?',
    );
  });

  it('numbers the citations as the model was told to cite them', async () => {
    const answer = streamLlmAnswer(input({ ...provider, baseURL: server.baseURL }));
    const text = (await collect(answer.textStream)).join('');
    expect(answer.citations).toEqual([
      { number: 1, chunkId: 'billing-3', sourceName: 'billing.pdf', excerpt: 'Annual plans can be refunded within 30 days of purchase.' },
      { number: 2, chunkId: 'faq-1', sourceName: 'faq.md', excerpt: 'Support answers e-mails within one working day.' },
    ]);
    expect(citationsUsedIn(text, answer.citations).map((citation) => citation.chunkId)).toEqual(['billing-3']);
  });
});

describe('streamLlmAnswer failures', () => {
  it('raises the provider’s failure from the stream as the upstream provider’s, without its credential talk, and rejects usage', async () => {
    server.handle('/v1/chat/completions', (_request, response) => {
      response
        .writeHead(401, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }));
    });
    const answer = streamLlmAnswer(input({ kind: 'openai-compatible', model: 'llama3.1', baseURL: server.baseURL }));
    await expect(collect(answer.textStream)).rejects.toMatchObject({
      name: 'UpstreamProviderError',
      providerStatus: 401,
      message: 'The chatbot’s AI model provider failed with HTTP 401.',
    });
    await expect(answer.usage).rejects.toThrow();
  });

  it('says what is missing from the configuration', () => {
    expect(() => streamLlmAnswer(input({ kind: 'openai', model: 'gpt-4o-mini' }))).toThrow('An OpenAI API key is required to answer with OpenAI models.');
    expect(() => streamLlmAnswer(input({ kind: 'openai-compatible', model: 'llama3.1' }))).toThrow(
      'A base URL is required for an OpenAI-compatible answer provider.',
    );
    expect(() => streamLlmAnswer(input({ kind: 'anthropic', model: 'claude' }))).toThrow('An Anthropic API key is required');
    expect(() => streamLlmAnswer(input({ kind: 'google', model: 'gemini' }))).toThrow('A Google AI API key is required');
    expect(() => streamLlmAnswer(input({ kind: 'mistral', model: 'mistral-small' }))).toThrow('A Mistral API key is required');
  });

  it('stops streaming when the signal is aborted', async () => {
    const controller = new AbortController();
    server.handle('/v1/chat/completions', streamingChatHandler(Array.from({ length: 50 }, (_, i) => `piece ${i} `)));
    const answer = streamLlmAnswer({ ...input({ kind: 'openai-compatible', model: 'llama3.1', baseURL: server.baseURL }), signal: controller.signal });
    const pieces: string[] = [];
    for await (const piece of answer.textStream) {
      pieces.push(piece);
      if (pieces.length === 3) controller.abort();
    }
    expect(pieces).toEqual(['piece 0 ', 'piece 1 ', 'piece 2 ']);
    await expect(answer.usage).rejects.toThrow();
  });
});
