import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { embeddingsHandler, fakeEmbedding, startFakeOpenAI } from '../__fixtures__/fake-openai';
import { ProviderError } from '../provider-error';
import { MAX_INPUTS_PER_REQUEST, createOpenAICompatibleEmbedder, createOpenAIEmbedder } from './openai';

let server: Awaited<ReturnType<typeof startFakeOpenAI>>;

beforeAll(async () => {
  server = await startFakeOpenAI();
});

afterAll(async () => {
  await server.close();
});

beforeEach(() => {
  server.requests.length = 0;
  server.handle('/v1/embeddings', embeddingsHandler(1536));
});

describe('OpenAI embedder', () => {
  it('sends the model, the texts and the requested dimensions for text-embedding-3 models, with the API key', async () => {
    const embedder = createOpenAIEmbedder({ apiKey: 'sk-test-123', baseURL: server.baseURL, model: 'text-embedding-3-small', dimensions: 256 });
    const vectors = await embedder.embed(['What is the refund policy?', 'Annual plans are refundable.']);

    expect(embedder).toMatchObject({ id: 'openai/text-embedding-3-small@256', provider: 'openai', model: 'text-embedding-3-small', dimensions: 256 });
    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBe('Bearer sk-test-123');
    expect(request?.body).toMatchObject({
      model: 'text-embedding-3-small',
      input: ['What is the refund policy?', 'Annual plans are refundable.'],
      dimensions: 256,
      encoding_format: 'float',
    });
    expect(vectors).toEqual([fakeEmbedding('What is the refund policy?', 256), fakeEmbedding('Annual plans are refundable.', 256)]);
  });

  it('does not send dimensions to ada-002, which cannot shorten its vectors', async () => {
    const embedder = createOpenAIEmbedder({ apiKey: 'sk-test', baseURL: server.baseURL, model: 'text-embedding-ada-002', dimensions: 1536 });
    await embedder.embed(['hello']);
    expect(server.requests[0]?.body).not.toHaveProperty('dimensions');
  });

  it(`splits large batches into requests of at most ${MAX_INPUTS_PER_REQUEST} texts and keeps the order`, async () => {
    const texts = Array.from({ length: 250 }, (_, i) => `chunk number ${i}`);
    const embedder = createOpenAIEmbedder({ apiKey: 'sk-test', baseURL: server.baseURL, model: 'text-embedding-3-large', dimensions: 8 });
    const vectors = await embedder.embed(texts);

    const sizes = server.requests.map((request) => (request.body.input as string[]).length).sort((a, b) => b - a);
    expect(sizes).toEqual([96, 96, 58]);
    expect(vectors).toEqual(texts.map((text) => fakeEmbedding(text, 8)));
  });

  it('retries a request answered 429, honouring Retry-After', async () => {
    let attempts = 0;
    const succeed = embeddingsHandler(8);
    server.handle('/v1/embeddings', (request, response) => {
      attempts++;
      if (attempts === 1) {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after-ms': '20' });
        response.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' } }));
        return;
      }
      return succeed(request, response);
    });
    const embedder = createOpenAIEmbedder({ apiKey: 'sk-test', baseURL: server.baseURL, model: 'text-embedding-3-small', dimensions: 8 });
    expect(await embedder.embed(['retry me'])).toEqual([fakeEmbedding('retry me', 8)]);
    expect(attempts).toBe(2);
  });

  it('fails loudly when the vectors do not have the configured size', async () => {
    const embedder = createOpenAIEmbedder({ apiKey: 'sk-test', baseURL: server.baseURL, model: 'text-embedding-ada-002', dimensions: 768 });
    await expect(embedder.embed(['hello'])).rejects.toThrow(
      new ProviderError(
        'PROVIDER_RESPONSE_INVALID',
        'The embedding model text-embedding-ada-002 returned vectors of 1536 dimensions, but 768 are configured. Set the dimensions to 1536.',
      ),
    );
  });

  it('refuses to start without an API key', () => {
    expect(() => createOpenAIEmbedder({ model: 'text-embedding-3-small', dimensions: 1536 })).toThrow(ProviderError);
  });
});

describe('OpenAI-compatible embedder', () => {
  it('talks to any base URL, with no key, and does not send dimensions for models that do not take them', async () => {
    const embedder = createOpenAICompatibleEmbedder({ baseURL: server.baseURL, model: 'nomic-embed-text', dimensions: 1536 });
    const vectors = await embedder.embed(['local model']);
    expect(embedder.id).toBe('openai-compatible/nomic-embed-text@1536');
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
    expect(server.requests[0]?.body).toMatchObject({ model: 'nomic-embed-text', input: ['local model'] });
    expect(server.requests[0]?.body).not.toHaveProperty('dimensions');
    expect(vectors).toEqual([fakeEmbedding('local model', 1536)]);
  });

  it('passes dimensions to a text-embedding-3 model behind a compatible proxy', async () => {
    const embedder = createOpenAICompatibleEmbedder({ baseURL: server.baseURL, apiKey: 'proxy-key', model: 'text-embedding-3-small', dimensions: 64 });
    await embedder.embed(['hello']);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer proxy-key');
    expect(server.requests[0]?.body).toMatchObject({ dimensions: 64 });
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    server.handle('/v1/embeddings', () => {
      controller.abort();
    });
    const embedder = createOpenAICompatibleEmbedder({ baseURL: server.baseURL, model: 'slow-model', dimensions: 8 });
    await expect(embedder.embed(['never answered'], { signal: controller.signal })).rejects.toThrow(/abort/i);
  });
});
