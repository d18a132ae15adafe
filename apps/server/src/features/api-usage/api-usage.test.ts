import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createBatchWriter } from './batch-writer';
import { estimateCostMicros, priceFor } from './pricing';

const log = { warn: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

describe('the batch writer', () => {
  it('writes every 500 rows at once, the rest on the next tick of the timer, and what is left on close', async () => {
    vi.useFakeTimers();
    try {
      const batches: number[][] = [];
      const writer = createBatchWriter<number>({ name: 'test', log, write: async (rows) => void batches.push(rows) });
      for (let i = 0; i < 501; i += 1) writer.push(i);
      await writer.flush();
      expect(batches.map((b) => b.length)).toEqual([500, 1]);
      writer.push(1);
      writer.push(2);
      expect(batches).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(batches.at(-1)).toEqual([1, 2]);
      writer.push(3);
      await writer.close();
      expect(batches.at(-1)).toEqual([3]);
      expect(writer.pending).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('drops a batch the database refused (and says so) instead of growing without end', async () => {
    const writer = createBatchWriter<number>({
      name: 'test',
      log,
      write: async () => {
        throw new Error('database away');
      },
      maxBuffered: 3,
    });
    for (let i = 0; i < 5; i += 1) writer.push(i);
    expect(writer.pending).toBe(3);
    await writer.close();
    expect(log.warn).toHaveBeenCalled();
    expect(writer.pending).toBe(0);
  });
});

describe('the cost estimate', () => {
  it('prices a model by its longest matching prefix, an unknown model by its provider, and nothing for the built-in answerer', () => {
    expect(priceFor('openai', 'gpt-4o-mini-2024-07-18')).toEqual({ input: 150, output: 600 });
    expect(priceFor('openai', 'gpt-4o-2024-08-06')).toEqual({ input: 2500, output: 10_000 });
    expect(priceFor('anthropic', 'claude-3-5-haiku-latest')).toEqual({ input: 800, output: 4000 });
    expect(priceFor('mistral', 'some-new-model')).toEqual({ input: 200, output: 600 });
    expect(priceFor('openai-compatible', 'llama3')).toEqual({ input: 0, output: 0 });
    expect(priceFor(null, null)).toEqual({ input: 0, output: 0 });
    expect(estimateCostMicros({ provider: 'openai', model: 'gpt-4o-mini', inputTokens: 1000, outputTokens: 1000 })).toBe(750);
    expect(estimateCostMicros({ provider: 'openai', model: 'gpt-4o-mini', inputTokens: 120, outputTokens: 9 })).toBe(23);
    expect(estimateCostMicros({ provider: null, model: null, inputTokens: 5000, outputTokens: 5000 })).toBe(0);
  });
});
