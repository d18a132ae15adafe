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

  it('says what is missing from a remote configuration', () => {
    expect(() => createEmbedder({ provider: 'openai-compatible', model: 'nomic-embed-text', dimensions: 768 })).toThrow(
      new ProviderError('PROVIDER_MISCONFIGURED', 'A base URL is required for an OpenAI-compatible embedding provider.'),
    );
    expect(() => createEmbedder({ provider: 'openai', apiKey: 'sk-test', model: 'text-embedding-3-small', dimensions: 0 })).toThrow(
      'Embedding dimensions must be a whole number from 1 to 16000 (got 0).',
    );
  });
});
