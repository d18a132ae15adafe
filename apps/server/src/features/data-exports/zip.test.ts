import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeEntryName, ZipLimitError, ZipWriter } from './zip';

async function build(files: [string, Buffer | string, { compress?: boolean }?][], maxBytes?: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const zip = new ZipWriter(async (chunk) => {
    chunks.push(chunk);
  }, maxBytes);
  for (const [name, content, options] of files) await zip.add(name, content, options);
  const size = await zip.finish();
  const archive = Buffer.concat(chunks);
  expect(archive.length).toBe(size);
  return archive;
}

/** Python's zipfile reads it back: names, sizes, and every CRC checked (testzip). */
function readWithPython(archive: Buffer): { names: string[]; bad: string | null; contents: Record<string, string> } {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-zip-')), 'test.zip');
  writeFileSync(file, archive);
  const script = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps({"names": z.namelist(), "bad": z.testzip(), "contents": {n: z.read(n).decode("utf-8", "replace") for n in z.namelist() if n.endswith(".txt")}}))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as ReturnType<typeof readWithPython>;
}

describe('ZIP writer', () => {
  it('writes an archive that real readers open, with stored and deflated files and UTF-8 names', async () => {
    const random = randomBytes(50_000);
    const archive = await build([
      ['README.txt', 'hello\n'.repeat(1000)],
      ['chatbots/été-01/notes.txt', 'Ünïcödé text ✓'],
      ['chatbots/été-01/original/photo.bin', random, { compress: false }],
      ['empty.txt', ''],
    ]);
    const read = readWithPython(archive);
    expect(read.bad).toBeNull();
    expect(read.names).toEqual(['README.txt', 'chatbots/été-01/notes.txt', 'chatbots/été-01/original/photo.bin', 'empty.txt']);
    expect(read.contents['README.txt']).toBe('hello\n'.repeat(1000));
    expect(read.contents['chatbots/été-01/notes.txt']).toBe('Ünïcödé text ✓');
    expect(read.contents['empty.txt']).toBe('');
    // Info-ZIP's unzip agrees (it tests every file's CRC).
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-zip-')), 'test.zip');
    writeFileSync(file, archive);
    expect(execFileSync('unzip', ['-t', file], { encoding: 'utf8' })).toMatch(/No errors detected/);
    // The repetitive README was deflated: the archive is much smaller than its content.
    expect(archive.length).toBeLessThan(6000 + random.length + 1000);
  });

  it('refuses to grow past its size cap', async () => {
    await expect(build([['a.bin', randomBytes(5000), { compress: false }]], 4000)).rejects.toBeInstanceOf(ZipLimitError);
  });

  it('keeps entry names inside the archive', () => {
    expect(safeEntryName('/../../etc/passwd')).toBe('etc/passwd');
    expect(safeEntryName('a\\b/./c')).toBe('a/b/c');
    expect(() => safeEntryName('../..')).toThrow();
  });
});
