import { describe, expect, it } from 'vitest';
import type { AiKeyDeps } from './key-store';
import { embedderFor } from './models';

describe('embedderFor', () => {
  // The built-in embedders need neither the database nor a key.
  const deps = {} as AiKeyDeps;

  it('gives a local chatbot the built-in model it stores', () => {
    const local = (embeddingModel: string) => embedderFor(deps, { embeddingProvider: 'local', embeddingModel, embeddingDimensions: 384 });
    expect(local('all-MiniLM-L6-v2')).toMatchObject({ id: 'local/all-MiniLM-L6-v2@384', provider: 'local' });
    expect(local('feature-hash-v1')).toMatchObject({ id: 'local/feature-hash-v1@384', provider: 'local' });
  });
});
