import { describe, expect, it } from 'vitest';
import { describeAnswerModel, describeChunking, describeEmbedding } from './chatbot-display';
import { demoPageUrl, embedSnippet } from './embed-snippet';

describe('what the chatbot page says about a chatbot', () => {
  it('names the built-in local embedder honestly, with its dimensions', () => {
    expect(describeEmbedding({ provider: 'local', model: 'all-MiniLM-L6-v2', dimensions: 384 })).toBe(
      'Built-in model all-MiniLM-L6-v2 (offline, 384 dimensions)',
    );
    expect(describeEmbedding({ provider: 'local', model: 'feature-hash-v1', dimensions: 384 })).toBe(
      'Built-in word-hashing embedder (offline, 384 dimensions)',
    );
    expect(describeEmbedding({ provider: 'openai', model: 'text-embedding-3-small', dimensions: 1536 })).toBe(
      'OpenAI text-embedding-3-small (1536 dimensions)',
    );
  });

  it('names the answer model', () => {
    expect(describeAnswerModel({ modelProvider: 'builtin', modelName: 'extractive' })).toBe('Built-in extractive answerer');
    expect(describeAnswerModel({ modelProvider: 'openai-compatible', modelName: 'llama3.1' })).toBe('OpenAI-compatible · llama3.1');
  });

  it('describes the chunking settings', () => {
    expect(describeChunking({ strategy: 'semantic', size: 1000, overlap: 200 })).toBe('Semantic chunks of about 1000 tokens, 200 overlapping');
  });

  it('writes the embed snippet and the demo page address from the origin and the id', () => {
    const id = '0b5c6f8e-4a43-4c55-9a5e-0d7f1c1e2a01';
    expect(embedSnippet('https://parley.example.com', id)).toBe(`<script src="https://parley.example.com/widget.js" data-chatbot-id="${id}" async></script>`);
    expect(demoPageUrl('https://parley.example.com', id)).toBe(`https://parley.example.com/demo/${id}`);
  });
});
