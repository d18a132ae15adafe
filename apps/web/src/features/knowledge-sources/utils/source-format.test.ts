import { describe, expect, it } from 'vitest';
import { fileProblem, formatBytes, formatCount, hasSourcesInProgress } from './source-format';

describe('training data display', () => {
  it('keeps polling only while a source is queued or processing', () => {
    expect(hasSourcesInProgress({ queued: 0, processing: 1 })).toBe(true);
    expect(hasSourcesInProgress({ queued: 2, processing: 0 })).toBe(true);
    expect(hasSourcesInProgress({ queued: 0, processing: 0 })).toBe(false);
    expect(hasSourcesInProgress(undefined)).toBe(false);
  });

  it('accepts the document types the server reads and refuses others before uploading', () => {
    for (const name of ['guide.md', 'Manual.PDF', 'notes.txt', 'page.html', 'report.docx', 'data.csv', 'faq.json']) {
      expect(fileProblem({ name, size: 10 })).toBeNull();
    }
    expect(fileProblem({ name: 'photo.png', size: 10 })).toMatch(/not supported/);
    expect(fileProblem({ name: 'README', size: 10 })).toMatch(/not supported/);
    expect(fileProblem({ name: 'empty.md', size: 0 })).toBe('empty.md is empty.');
    expect(fileProblem({ name: 'huge.pdf', size: 50 * 1024 * 1024 + 1 }, 50)).toBe('huge.pdf is larger than 50 MB.');
  });

  it('checks the size against the limit the administrator configured', () => {
    expect(fileProblem({ name: 'manual.pdf', size: 60 * 1024 * 1024 }, 100)).toBeNull();
    expect(fileProblem({ name: 'manual.pdf', size: 10 * 1024 * 1024 + 1 }, 10)).toBe('manual.pdf is larger than 10 MB.');
    expect(fileProblem({ name: 'manual.pdf', size: 10 * 1024 * 1024 }, 10)).toBeNull();
  });

  it('writes sizes and counts for people', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(50 * 1024 * 1024)).toBe('50 MB');
    expect(formatCount(1, 'chunk')).toBe('1 chunk');
    expect(formatCount(12_345, 'token')).toBe('12,345 tokens');
  });
});
