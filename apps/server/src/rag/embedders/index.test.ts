import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error';
import { createEmbedder } from './index';

describe('createEmbedder', () => {
  it('builds the embedder the configuration names', () => {
    expect(createEmbedder({ provider: 'local' })).toMatchObject({ provider: 'local', dimensions: 384 });
    expect(createEmbedder({ provider: 'local', dimensions: 256 }).id).toBe('local/feature-hash-v1@256');
    expect(createEmbedder({ provider: 'openai', apiKey: 'sk-test', model: 'text-embedding-3-large', dimensions: 3072 })).toMatchObject({
      id: 'openai/text-embedding-3-large@3072',
      provider: 'openai',
    });
    expect(createEmbedder({ provider: 'openai-compatible', baseURL: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text', dimensions: 768 })).toMatchObject({
      id: 'openai-compatible/nomic-embed-text@768',
      provider: 'openai-compatible',
    });
  });

  it('builds the built-in embedder a local model name means: MiniLM by its name, the hashing embedder otherwise', () => {
    expect(createEmbedder({ provider: 'local', model: 'all-MiniLM-L6-v2' })).toMatchObject({ id: 'local/all-MiniLM-L6-v2@384', model: 'all-MiniLM-L6-v2' });
    expect(createEmbedder({ provider: 'local', model: 'all-MiniLM-L6-v2', dimensions: 384 }).id).toBe('local/all-MiniLM-L6-v2@384');
    expect(createEmbedder({ provider: 'local', model: 'feature-hash-v1', dimensions: 384 }).id).toBe('local/feature-hash-v1@384');
    // Chatbots stored before MiniLM carry the column's old default; their vectors came from the hashing embedder.
    expect(createEmbedder({ provider: 'local', model: 'parley-local-hash', dimensions: 384 }).id).toBe('local/feature-hash-v1@384');
    expect(createEmbedder({ provider: 'local' }).id).toBe('local/feature-hash-v1@384');
    expect(() => createEmbedder({ provider: 'local', model: 'all-MiniLM-L6-v2', dimensions: 256 })).toThrow(
      new ProviderError('PROVIDER_MISCONFIGURED', 'all-MiniLM-L6-v2 makes 384-dimensional vectors (got 256).'),
    );
  });

  it('says what is missing from a remote configuration', () => {
    expect(() => createEmbedder({ provider: 'openai-compatible', model: 'nomic-embed-text', dimensions: 768 })).toThrow(
      new ProviderError('PROVIDER_MISCONFIGURED', 'A base URL is required for an OpenAI-compatible embedding provider.'),
    );
    expect(() => createEmbedder({ provider: 'openai', apiKey: 'sk-test', model: 'text-embedding-3-small', dimensions: 0 })).toThrow(
      'Embedding dimensions must be a whole number from 1 to 16000 (got 0).',
    );
  });
});
