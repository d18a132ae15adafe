import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkText, type Chunk, type ChunkOptions, type ChunkingStrategy } from './chunkers';
import { countTokens } from './tokens';

const handbook = readFileSync(new URL('./__fixtures__/handbook.md', import.meta.url), 'utf8');
const STRATEGIES: ChunkingStrategy[] = ['semantic', 'fixed', 'sliding'];

const body = (input: string, chunk: Chunk): string => input.slice(chunk.start, chunk.end);

/** The properties every strategy promises, checked on one input. */
function expectWellFormed(input: string, chunks: Chunk[], { chunkSize }: ChunkOptions): void {
  const covered = new Uint8Array(input.length);
  chunks.forEach((chunk, i) => {
    expect(chunk.index).toBe(i);
    expect(chunk.text).toBe(chunk.heading ? `${chunk.heading}\n${body(input, chunk)}` : body(input, chunk));
    expect(body(input, chunk)).toBe(body(input, chunk).trim());
    expect(chunk.tokenCount).toBe(countTokens(chunk.text));
    expect(chunk.tokenCount).toBeLessThanOrEqual(chunkSize);
    if (i > 0) expect(chunk.start).toBeGreaterThan((chunks[i - 1] as Chunk).start);
    covered.fill(1, chunk.start, chunk.end);
  });
  const uncovered: string[] = [];
  for (let i = 0; i < input.length; i++) if (covered[i] === 0 && !/\s/.test(input[i] as string)) uncovered.push(input.slice(i, i + 20));
  expect(uncovered).toEqual([]);
}

describe('chunkText options', () => {
  it.each([
    [{ strategy: 'fixed', chunkSize: 49, chunkOverlap: 0 }, 'Chunk size must be a whole number of tokens from 50 to 8000 (got 49).'],
    [{ strategy: 'fixed', chunkSize: 8001, chunkOverlap: 0 }, 'Chunk size must be a whole number of tokens from 50 to 8000 (got 8001).'],
    [{ strategy: 'semantic', chunkSize: 100.5, chunkOverlap: 0 }, 'Chunk size must be a whole number of tokens from 50 to 8000 (got 100.5).'],
    [
      { strategy: 'sliding', chunkSize: 100, chunkOverlap: 100 },
      'Chunk overlap must be a whole number of tokens from 0 to less than the chunk size 100 (got 100).',
    ],
    [
      { strategy: 'sliding', chunkSize: 100, chunkOverlap: -1 },
      'Chunk overlap must be a whole number of tokens from 0 to less than the chunk size 100 (got -1).',
    ],
    [{ strategy: 'paragraph', chunkSize: 100, chunkOverlap: 0 }, 'Unknown chunking strategy "paragraph". Use semantic, fixed or sliding.'],
  ])('refuses %j with a message that says what is allowed', (options, message) => {
    expect(() => chunkText('Some text.', options as ChunkOptions)).toThrow(new RangeError(message));
  });

  it.each(STRATEGIES)('%s: empty or blank input gives no chunks', (strategy) => {
    expect(chunkText('', { strategy, chunkSize: 100, chunkOverlap: 10 })).toEqual([]);
    expect(chunkText(' \n\n\t ', { strategy, chunkSize: 100, chunkOverlap: 10 })).toEqual([]);
  });

  it.each(STRATEGIES)('%s: a short text is one chunk holding all of it', (strategy) => {
    const [chunk, ...rest] = chunkText('  Refunds take five days.  ', { strategy, chunkSize: 100, chunkOverlap: 10 });
    expect(rest).toEqual([]);
    expect(chunk).toEqual({ index: 0, text: 'Refunds take five days.', tokenCount: 5, start: 2, end: 25 });
  });
});

describe.each(STRATEGIES)('%s chunking', (strategy) => {
  const longText = Array.from({ length: 80 }, (_, p) =>
    Array.from({ length: 5 }, (_, s) => `Sentence ${p * 5 + s} explains feature number ${(p * 5 + s) * 7} in detail, with care.`).join(' '),
  ).join('\n\n');

  it.each([
    [60, 0],
    [60, 15],
    [200, 50],
    [1000, 200],
  ])('keeps within %i tokens with overlap %i, covers the whole input, and is deterministic', (chunkSize, chunkOverlap) => {
    for (const input of [handbook, longText]) {
      const options: ChunkOptions = { strategy, chunkSize, chunkOverlap };
      const chunks = chunkText(input, options);
      expectWellFormed(input, chunks, options);
      expect(chunkText(input, options)).toEqual(chunks);
    }
  });

  it('cuts text without spaces (a base64 blob) into pieces that fit', () => {
    const blob = `Attachment: ${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo'.repeat(300)} end.`;
    const options: ChunkOptions = { strategy, chunkSize: 50, chunkOverlap: 10 };
    const chunks = chunkText(blob, options);
    expect(chunks.length).toBeGreaterThan(20);
    expectWellFormed(blob, chunks, options);
  });
});

describe('chunking any text', () => {
  const piece = fc.oneof(
    fc.constantFrom('# Title', '## Section two', '### Deep', 'Underlined', '=====', '-----', '```', '', '', '- item', '1. step', '日本語の文。'),
    fc.lorem({ maxCount: 40, mode: 'sentences' }),
    fc.string({ unit: 'grapheme', maxLength: 80 }),
    fc.stringMatching(/^[a-z0-9]{50,400}$/),
  );
  const document = fc.array(piece, { maxLength: 60 }).map((lines) => lines.join('\n'));

  it.each(STRATEGIES)('%s: keeps every promise on arbitrary Markdown-like input', (strategy) => {
    fc.assert(
      fc.property(document, fc.integer({ min: 50, max: 300 }), fc.double({ min: 0, max: 0.9, noNaN: true }), (input, chunkSize, overlapShare) => {
        const options: ChunkOptions = { strategy, chunkSize, chunkOverlap: Math.floor(chunkSize * overlapShare) };
        expectWellFormed(input, chunkText(input, options), options);
      }),
      { numRuns: 150 },
    );
  });
});

describe('fixed chunking', () => {
  const options: ChunkOptions = { strategy: 'fixed', chunkSize: 60, chunkOverlap: 15 };
  const chunks = chunkText(handbook, options);

  it('shares exactly chunkOverlap tokens between neighbours', () => {
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1] as Chunk;
      const next = chunks[i] as Chunk;
      expect(countTokens(handbook.slice(next.start, previous.end))).toBe(15);
    }
  });

  it('ends chunks at a sentence end or line break in their last quarter when there is one', () => {
    for (const chunk of chunks.slice(0, -1)) expect(/[.!?]$/.test(chunk.text) || handbook[chunk.end] === '\n').toBe(true);
    expect(chunks[0]?.text.endsWith('## Getting started\n\nInstall Node 20 or newer.')).toBe(true);
    expect(chunks[3]?.text.endsWith('business days to appear.\n\n### Invoices')).toBe(true);
    expect(chunks.map((chunk) => chunk.tokenCount)).toEqual([56, 55, 60, 50, 58, 56]);
  });
});

describe('sliding chunking', () => {
  it('moves a window of exactly chunkSize tokens by a stride of chunkSize − chunkOverlap', () => {
    const chunks = chunkText(handbook, { strategy: 'sliding', chunkSize: 60, chunkOverlap: 15 });
    chunks.forEach((chunk, i) => {
      expect(countTokens(handbook.slice(0, chunk.start))).toBe(i * 45);
      if (i < chunks.length - 1) expect(chunk.tokenCount).toBe(60);
    });
    expect(chunks.at(-1)?.end).toBe(handbook.trimEnd().length);
    // It never looks for sentence ends, so a window may stop mid-sentence.
    expect(chunks[0]?.text.endsWith('Clone the repository')).toBe(true);
  });
});

describe('semantic chunking', () => {
  it('follows the outline of a README-like document, heading each chunk with its section path', () => {
    const chunks = chunkText(handbook, { strategy: 'semantic', chunkSize: 60, chunkOverlap: 15 });
    expect(chunks.map((chunk) => [chunk.heading ?? '', body(handbook, chunk).split('\n')[0]])).toEqual([
      ['', '# Parley Handbook'],
      ['Parley Handbook', '## Getting started'],
      ['Parley Handbook > Getting started', 'It holds the embedded database and the encryption key.'],
      ['Parley Handbook', '## Plans and billing'],
      ['Parley Handbook > Plans and billing', '### Invoices'],
      ['Parley Handbook', '## Troubleshooting'],
    ]);
    // A section that does not fit continues in a chunk that repeats its last sentence and names the section.
    expect(chunks[2]?.text).toBe(
      'Parley Handbook > Getting started\nIt holds the embedded database and the encryption key.\n\nSet PORT to choose another port. The default port is 3000. Open the address in a browser and create the first account.',
    );
    // A heading with nothing under it yet travels with the next section instead of standing alone.
    expect(chunks[3]?.text).toMatch(/^Parley Handbook\n## Plans and billing\n\n### Refunds\n\nMonthly plans are not refunded\./);
    // "# restart the server" inside a code block is a comment, not a heading.
    expect(chunks[5]?.text).toContain('```bash\n# restart the server\nnpm start\n```\n\nIf the chatbot says');
  });

  it('starts every section in a new chunk, with no overlap across sections', () => {
    const chunks = chunkText(handbook, { strategy: 'semantic', chunkSize: 1000, chunkOverlap: 200 });
    expect(chunks.map((chunk) => body(handbook, chunk).split('\n')[0])).toEqual([
      '# Parley Handbook',
      '## Getting started',
      '## Plans and billing',
      '### Invoices',
      '## Troubleshooting',
    ]);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i]?.start).toBeGreaterThan(chunks[i - 1]?.end ?? 0);
  });

  it('overlaps neighbours in a section by whole trailing sentences of at most chunkOverlap tokens', () => {
    const section = Array.from(
      { length: 60 },
      (_, i) => `Step ${i + 1} of the setup checks the ${['network', 'disk', 'database', 'mail server'][i % 4]} again.`,
    );
    const input = `# Setup\n\n${section.slice(0, 30).join(' ')}\n\n${section.slice(30).join(' ')}`;
    const chunks = chunkText(input, { strategy: 'semantic', chunkSize: 80, chunkOverlap: 25 });
    expect(chunks.length).toBeGreaterThan(5);
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1] as Chunk;
      const next = chunks[i] as Chunk;
      const overlap = input.slice(next.start, previous.end);
      expect(next.heading).toBe('Setup');
      expect(countTokens(overlap)).toBeGreaterThan(0);
      expect(countTokens(overlap)).toBeLessThanOrEqual(25);
      expect(overlap).toMatch(/^Step \d+ .*\.$/s);
      expect(section.some((sentence) => overlap.startsWith(sentence))).toBe(true);
    }
  });

  it('packs whole paragraphs, and cuts a paragraph only when it alone is too big for a chunk', () => {
    const paragraphs = ['Short paragraph one.', 'Short paragraph two.', 'Short paragraph three.'];
    const big = Array.from({ length: 12 }, (_, i) => `Long sentence number ${i + 1} keeps going for a while.`).join(' ');
    const input = [...paragraphs, big].join('\n\n');
    const chunks = chunkText(input, { strategy: 'semantic', chunkSize: 50, chunkOverlap: 0 });
    // The short paragraphs stay whole; the big one is cut between sentences and its sentences fill the chunks.
    expect(chunks[0]?.text).toMatch(/^Short paragraph one\.\n\nShort paragraph two\.\n\nShort paragraph three\.\n\nLong sentence number 1 keeps going/);
    for (const chunk of chunks) expect(chunk.text).toMatch(/\.$/);
    for (const chunk of chunks.slice(1)) expect(chunk.text).toMatch(/^Long sentence number \d+ /);
    expectWellFormed(input, chunks, { strategy: 'semantic', chunkSize: 50, chunkOverlap: 0 });
  });

  it('understands underlined headings', () => {
    const input = 'Guide\n=====\n\nIntro text.\n\nInstall\n-------\n\nRun the installer.';
    const chunks = chunkText(input, { strategy: 'semantic', chunkSize: 50, chunkOverlap: 0 });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Guide\n=====\n\nIntro text.', 'Guide\nInstall\n-------\n\nRun the installer.']);
  });

  it('keeps the heading path to a quarter of the chunk, dropping outer headings first', () => {
    const titles = [
      'Administration and operations manual for self-hosted installations',
      'Configuration of the server process and its environment',
      'Environment variables',
      'PORT',
    ];
    const input = `${titles.map((title, i) => `${'#'.repeat(i + 1)} ${title}`).join('\n\n')}\n\n${'The port the server listens on. '.repeat(20)}`;
    const chunks = chunkText(input, { strategy: 'semantic', chunkSize: 50, chunkOverlap: 0 });
    const continued = chunks.at(-1) as Chunk;
    expect(continued.heading).toBe('Environment variables > PORT');
    expect(countTokens(continued.heading ?? '')).toBeLessThanOrEqual(12);
    expectWellFormed(input, chunks, { strategy: 'semantic', chunkSize: 50, chunkOverlap: 0 });
  });
});

describe('chunking throughput', () => {
  it.each(STRATEGIES)('%s: chunks a few megabytes', (strategy) => {
    const input = handbook.repeat(Math.ceil(4_000_000 / handbook.length));
    const started = performance.now();
    const chunks = chunkText(input, { strategy, chunkSize: 1000, chunkOverlap: 200 });
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `${strategy}: ${(input.length / 1e6).toFixed(1)} MB → ${chunks.length} chunks in ${seconds.toFixed(2)} s (${(input.length / 1e6 / seconds).toFixed(1)} MB/s)`,
    );
    expect(chunks.length).toBeGreaterThan(0);
    expect(chunks.at(-1)?.end).toBe(input.trimEnd().length);
  });
});
