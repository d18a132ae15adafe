import { describe, expect, it } from 'vitest';
import { docxBomb, pdfBomb } from '../test/bombs';
import { DocumentError } from './document-error';
import { extractDocument } from './parsers';

const MB = 1024 * 1024;

/** Runs `work` while sampling the process's resident memory; returns its outcome and the most it grew. */
async function measuringMemory<T>(work: () => Promise<T>): Promise<{ outcome: T | Error; grewMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  let outcome: T | Error;
  try {
    outcome = await work();
  } catch (error) {
    outcome = error as Error;
  } finally {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  return { outcome, grewMb: (peak - before) / MB };
}

describe('decompression bombs (issue 40)', () => {
  it('a 400 MB .docx in a few hundred KB (its zip claiming 1 KB) is refused before it is read, with memory well under the bound', async () => {
    const bomb = await docxBomb(400);
    expect(bomb.byteLength).toBeLessThan(2 * MB);
    const bound = 50 * MB;
    const { outcome, grewMb } = await measuringMemory(() => extractDocument({ data: bomb, filename: 'handbook.docx', maxExpandedBytes: bound }));
    expect(outcome).toBeInstanceOf(DocumentError);
    expect((outcome as DocumentError).code).toBe('TOO_LARGE');
    expect((outcome as DocumentError).message).toBe('This file expands to more than 50 MB when read, the limit for documents. Upload a smaller file.');
    expect(grewMb).toBeLessThan(bound / MB);
  }, 60_000);

  it('a PDF whose content stream inflates to 500 MB is refused before pdf.js reads it, with memory well under the bound', async () => {
    const bomb = await pdfBomb(500);
    expect(bomb.byteLength).toBeLessThan(2 * MB);
    const bound = 50 * MB;
    const { outcome, grewMb } = await measuringMemory(() => extractDocument({ data: bomb, filename: 'prices.pdf', maxExpandedBytes: bound }));
    expect(outcome).toBeInstanceOf(DocumentError);
    expect((outcome as DocumentError).message).toBe('This PDF expands to more than 50 MB when read, the limit for documents. Upload a smaller file.');
    expect(grewMb).toBeLessThan(bound / MB);
  }, 60_000);

  it('the same kinds of file within the bound are read as before', async () => {
    const docx = await extractDocument({ data: await docxBomb(1, { honest: true }), filename: 'handbook.docx', maxExpandedBytes: 50 * MB });
    expect(docx.text.startsWith('Refunds take five working days.')).toBe(true);
    const pdf = await extractDocument({ data: await pdfBomb(1), filename: 'prices.pdf', maxExpandedBytes: 50 * MB });
    expect(pdf.text).toContain('Refunds take five working days.');
  }, 60_000);

  it('a document yielding more text than the text bound is refused with a message naming it', async () => {
    const text = 'Refunds take five working days. '.repeat(40_000);
    await expect(extractDocument({ data: Buffer.from(text), filename: 'faq.txt', maxTextCharacters: 1_000_000 })).rejects.toThrow(
      'This document holds more than 1,000,000 characters of text, the limit for one document. Split it into smaller documents.',
    );
  });
});
