import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf } from './__fixtures__/test-documents';
import { chunkText, type ChunkOptions } from './chunkers';
import { DocumentError } from './document-error';
import { extractAndChunkOffThread, extractDocumentOffThread } from './document-thread';
import { extractDocument, type DocumentInput } from './parsers';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

// Parley's own documentation: Markdown with headings, lists, tables and code.
const GUIDE = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Error)) throw new Error('expected the call to fail');
  return error;
}

describe('documents read and chunked in a worker thread', () => {
  it('gives what the same calls give in this thread, for every format', async () => {
    const inputs: DocumentInput[] = [
      { data: utf8(GUIDE), filename: 'operations.md' },
      { data: utf8('<html><head><title>Returns</title></head><body><h1>Returns</h1><p>Within 30 days.</p></body></html>'), filename: 'page.html' },
      { data: makePdf([['Shipping takes three days.'], ['Refunds take a week.']], 'Help'), filename: 'help.pdf' },
      { data: makeDocx([{ text: 'Holidays', style: 'Heading1' }, { text: 'Everyone gets 25 days.' }]), filename: 'handbook.docx' },
      { data: utf8('name,days\nrefund,7\nshipping,3\n'), filename: 'table.csv' },
    ];
    for (const input of inputs) {
      expect(await extractDocumentOffThread({ ...input, data: new Uint8Array(input.data) })).toEqual(await extractDocument(input));
    }
  });

  it('cuts the same chunks as chunkText, with each strategy, in the same turn', async () => {
    const options: ChunkOptions[] = [
      { strategy: 'semantic', chunkSize: 200, chunkOverlap: 40 },
      { strategy: 'fixed', chunkSize: 120, chunkOverlap: 20 },
      { strategy: 'sliding', chunkSize: 100, chunkOverlap: 30 },
    ];
    const expected = await extractDocument({ data: utf8(GUIDE), filename: 'operations.md' });
    for (const option of options) {
      const { document, chunks } = await extractAndChunkOffThread({ data: utf8(GUIDE), filename: 'operations.md' }, option);
      expect(document).toEqual(expected);
      expect(chunks.length).toBeGreaterThan(5);
      expect(chunks).toEqual(chunkText(expected.text, option));
    }
  });

  it('moves a whole buffer to the thread instead of copying it, and copies a view of a larger one', async () => {
    const whole = utf8('Moved, not copied.');
    expect((await extractDocumentOffThread({ data: whole, filename: 'note.txt' })).text).toBe('Moved, not copied.');
    expect(whole.byteLength).toBe(0);
    const shared = utf8('xxThe middle.xx');
    const view = shared.subarray(2, 13);
    expect((await extractDocumentOffThread({ data: view, filename: 'note.txt' })).text).toBe('The middle.');
    expect([shared.byteLength, view.byteLength]).toEqual([15, 11]);
  });

  it('fails as the same calls fail: the customer’s message, the code, the error’s kind', async () => {
    const tooLarge = await failure(extractDocumentOffThread({ data: utf8('x'.repeat(2048)), filename: 'big.txt', maxBytes: 1024 }));
    expect(tooLarge).toBeInstanceOf(DocumentError);
    expect([(tooLarge as DocumentError).code, tooLarge.message]).toEqual(['TOO_LARGE', 'This file is larger than the 1 KB limit for documents.']);

    const unsupported = await failure(extractDocumentOffThread({ data: utf8('x'), filename: 'slides.pptx' }));
    expect([(unsupported as DocumentError).code, unsupported.message]).toEqual([
      'UNSUPPORTED_TYPE',
      'Files of type .pptx are not supported. Use txt, md, html, pdf, docx, csv or json.',
    ]);

    const corrupt = await failure(extractDocumentOffThread({ data: utf8('%PDF-1.4 not really'), filename: 'broken.pdf' }));
    expect([corrupt instanceof DocumentError, (corrupt as DocumentError).code]).toEqual([true, 'CORRUPT']);

    const badOptions = await failure(
      extractAndChunkOffThread({ data: utf8(GUIDE), filename: 'guide.md' }, { strategy: 'fixed', chunkSize: 10, chunkOverlap: 0 }),
    );
    expect(badOptions).toBeInstanceOf(RangeError);
    expect(badOptions.message).toBe('Chunk size must be a whole number of tokens from 50 to 8000 (got 10).');

    // The thread is still there for the next document.
    expect((await extractDocumentOffThread({ data: utf8('Still reading.'), filename: 'note.txt' })).text).toBe('Still reading.');
  });

  it('leaves the event loop free while a large document is read and chunked', async () => {
    let large = '';
    while (large.length < 4_000_000) large += `${GUIDE}\n\n`;
    const options: ChunkOptions = { strategy: 'semantic', chunkSize: 1000, chunkOverlap: 200 };

    // Turns of this thread's event loop taken while the call was under way (none, for work done in this thread).
    async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
      let done = false;
      let turns = 0;
      const finished = work().finally(() => (done = true));
      while (!done) {
        await nextTurn();
        turns += 1;
      }
      await finished;
      return turns - 1;
    }

    let inThread: ReturnType<typeof chunkText> = [];
    expect(await turnsDuring(async () => (inThread = chunkText((await extractDocument({ data: utf8(large), filename: 'big.md' })).text, options)))).toBe(0);
    let offThread: ReturnType<typeof chunkText> = [];
    const turns = await turnsDuring(async () => ({ chunks: offThread } = await extractAndChunkOffThread({ data: utf8(large), filename: 'big.md' }, options)));
    expect(turns).toBeGreaterThan(10);
    expect(offThread).toEqual(inThread);
  });
});
