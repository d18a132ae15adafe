import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeDocx, makePdf, makeZip } from './__fixtures__/test-documents';
import { DocumentError } from './document-error';
import { detectFormat, extractDocument, normalizeText } from './parsers';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

async function failure(promise: Promise<unknown>): Promise<DocumentError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(DocumentError);
  return error as DocumentError;
}

describe('extractDocument: PDF', () => {
  it('reads the text of every page, pages separated by a blank line, with the title and page count', async () => {
    const data = makePdf(
      [
        ['Refund policy (2026)', 'Annual plans can be refunded within', 'thirty days of purchase.'],
        ['Support', 'Write to help@example.com for help.'],
      ],
      'Billing handbook',
    );
    const document = await extractDocument({ data, filename: 'Billing.PDF' });
    expect(document).toEqual({
      format: 'pdf',
      pages: 2,
      title: 'Billing handbook',
      text: 'Refund policy (2026)\nAnnual plans can be refunded within\nthirty days of purchase.\n\nSupport\nWrite to help@example.com for help.',
    });
  });

  it('leaves the caller’s bytes usable after parsing', async () => {
    const data = makePdf([['Same bytes twice.']]);
    await extractDocument({ data, filename: 'a.pdf' });
    expect((await extractDocument({ data, filename: 'a.pdf' })).text).toBe('Same bytes twice.');
  });

  it('refuses a damaged PDF and a PDF without text, saying so', async () => {
    const damaged = await failure(extractDocument({ data: utf8('%PDF-1.4\nthis is not really a pdf'), filename: 'broken.pdf' }));
    expect([damaged.code, damaged.message]).toEqual(['CORRUPT', 'This PDF could not be read.']);
    const blank = await failure(extractDocument({ data: makePdf([[]]), filename: 'scan.pdf' }));
    expect(blank.code).toBe('EMPTY');
    expect(blank.message).toMatch(/scanned PDF needs text recognition/);
  });
});

describe('extractDocument: DOCX', () => {
  const docx = makeDocx([
    { text: 'Employee Handbook', style: 'Title' },
    { text: 'Holidays', style: 'Heading1' },
    { text: 'Everyone gets 25 days of paid leave & public holidays.' },
    { text: 'Carrying over', style: 'Heading2' },
    { text: 'Up to 5 unused days move to the next year.' },
  ]);

  it('keeps Word headings as # lines so the chunker sees the outline', async () => {
    expect(await extractDocument({ data: docx, filename: 'handbook.docx' })).toEqual({
      format: 'docx',
      title: 'Employee Handbook',
      text: '# Employee Handbook\n\n# Holidays\n\nEveryone gets 25 days of paid leave & public holidays.\n\n## Carrying over\n\nUp to 5 unused days move to the next year.',
    });
  });

  it('refuses a zip that is not a Word document', async () => {
    const error = await failure(extractDocument({ data: makeZip({ 'readme.txt': 'hello' }), filename: 'fake.docx' }));
    expect([error.code, error.message]).toEqual(['CORRUPT', 'This Word document could not be read. Save it again as .docx and upload it.']);
  });
});

describe('extractDocument: text formats', () => {
  it('keeps Markdown as written and takes its first # heading as the title', async () => {
    const markdown = '# Pricing\r\n\r\nThe **Pro** plan costs $20\ta month.\r\n\r\n\r\n\r\n- Unlimited bots\r\n';
    expect(await extractDocument({ data: utf8(markdown), filename: 'pricing.md' })).toEqual({
      format: 'md',
      title: 'Pricing',
      text: '# Pricing\n\nThe **Pro** plan costs $20 a month.\n\n- Unlimited bots',
    });
  });

  it('takes the visible text of HTML: headings as # lines, tables as rows, no scripts, styles, navigation or link targets', async () => {
    const html = `<!doctype html><html><head><title>Returns &amp; Refunds</title><style>p { color: red }</style><script>track("view")</script></head>
      <body><nav><a href="/">Home</a> <a href="/shop">Shop</a></nav>
      <h1>Returns</h1><p>You can return <b>any</b> item within <a href="/terms">30 days</a>.</p>
      <h2>Prices</h2><table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>$5</td></tr></table>
      <noscript>Enable JavaScript</noscript><img src="banner.png" alt="Banner"></body></html>`;
    expect(await extractDocument({ data: utf8(html), filename: 'returns.html' })).toEqual({
      format: 'html',
      title: 'Returns & Refunds',
      text: '# Returns\n\nYou can return any item within 30 days.\n\n## Prices\n\nPlan | Price\nBasic | $5',
    });
  });

  it('writes CSV rows as "header: value" lines, quoted commas intact', async () => {
    const csv = 'Product,Price,Notes\n"Tea, green",3.50,"Organic, loose leaf"\nCoffee,4.00,\n';
    const document = await extractDocument({ data: utf8(csv), filename: 'prices.csv' });
    expect(document).toEqual({ format: 'csv', text: 'Product: Tea, green; Price: 3.50; Notes: Organic, loose leaf\n\nProduct: Coffee; Price: 4.00' });
  });

  it('writes JSON as "path: value" lines', async () => {
    const json = JSON.stringify({ shop: { name: 'Acme', open: true }, items: [{ name: 'Tea', price: 3.5 }] });
    expect((await extractDocument({ data: utf8(json), filename: 'shop.json' })).text).toBe(
      'shop.name: Acme\nshop.open: true\n\nitems[0].name: Tea\nitems[0].price: 3.5',
    );
    const broken = await failure(extractDocument({ data: utf8('{"name": '), filename: 'shop.json' }));
    expect([broken.code, broken.message]).toEqual(['CORRUPT', 'This JSON file could not be read: it is not valid JSON.']);
  });

  it('decodes UTF-8 with a BOM, UTF-16 and Windows-1252 text', async () => {
    const text = async (data: Uint8Array): Promise<string> => (await extractDocument({ data, filename: 'note.txt' })).text;
    expect(await text(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Café ☕')]))).toBe('Café ☕');
    expect(await text(new Uint8Array([0xff, 0xfe, ...Buffer.from('Café ☕', 'utf16le')]))).toBe('Café ☕');
    expect(await text(new Uint8Array([0xfe, 0xff, ...Buffer.from('Café ☕', 'utf16le').swap16()]))).toBe('Café ☕');
    expect(await text(Buffer.from('Plain UTF-16 without a byte order mark.', 'utf16le'))).toBe('Plain UTF-16 without a byte order mark.');
    expect(await text(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x35, 0x20, 0x93, 0x71, 0x94]))).toBe('Café €5 “q”');
  });

  it('removes NUL and other control characters and normalises whitespace', async () => {
    const document = await extractDocument({ data: utf8('  Line\u0000 one\u00a0 \t here \n\n\n\nLine two\u200b\r\n'), filename: 'x.txt' });
    expect(document.text).toBe('Line one here\n\nLine two');
    expect(normalizeText('e\u0301')).toBe('é');
  });

  it('normalises whitespace as one replacement of every run would', () => {
    // The rules as first written: every run of spaces (even one) replaced, every line break's neighbouring spaces.
    const byEveryRun = (text: string) =>
      text
        .normalize('NFC')
        .replace(/\r\n?/g, '\n')
        // eslint-disable-next-line no-control-regex -- as normalizeText
        .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f\u200b\ufeff]/g, '')
        .replace(/[\t\f\u00a0\u2000-\u200a\u202f\u205f\u3000 ]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
    const piece = fc.constantFrom(' ', '  ', '\t', '\f', '\u00a0', '\u2003', '\u3000', '\n', '\r\n', '\r', '\u200b', 'a', 'word', 'é', '\u0000');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(normalizeText(text)).toBe(byEveryRun(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses binary data dressed as text, and text that is empty', async () => {
    const binary = await failure(extractDocument({ data: new Uint8Array(2000).map((_, i) => (i * 7) % 32), filename: 'data.txt' }));
    expect(binary.code).toBe('CORRUPT');
    const empty = await failure(extractDocument({ data: utf8(' \n\u0000\n '), filename: 'empty.md' }));
    expect([empty.code, empty.message]).toEqual(['EMPTY', 'This document contains no text.']);
  });
});

describe('extractDocument: type and size', () => {
  it('decides the format by extension, then by MIME type', () => {
    expect(detectFormat('notes.TXT')).toBe('txt');
    expect(detectFormat('README.markdown', 'application/octet-stream')).toBe('md');
    expect(detectFormat('report.pdf', 'text/plain')).toBe('pdf');
    expect(detectFormat('index.php', 'text/html; charset=utf-8')).toBe('html');
    expect(detectFormat('download', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx');
  });

  it('refuses other types with a message naming them and the supported ones', async () => {
    const exe = await failure(extractDocument({ data: utf8('MZ'), filename: 'setup.exe', mimeType: 'application/x-msdownload' }));
    expect([exe.code, exe.message]).toEqual(['UNSUPPORTED_TYPE', 'Files of type .exe are not supported. Use txt, md, html, pdf, docx, csv or json.']);
    const zip = await failure(extractDocument({ data: utf8('PK'), filename: 'archive', mimeType: 'application/zip' }));
    expect(zip.message).toBe('Files of type application/zip are not supported. Use txt, md, html, pdf, docx, csv or json.');
  });

  it('refuses a file over the size limit before parsing it', async () => {
    const error = await failure(extractDocument({ data: new Uint8Array(3 * 1024 * 1024), filename: 'big.pdf', maxBytes: 2 * 1024 * 1024 }));
    expect([error.code, error.message]).toEqual(['TOO_LARGE', 'This file is larger than the 2 MB limit for documents.']);
  });
});

describe('extractDocument: any bytes', () => {
  it.each(['txt', 'md', 'html', 'pdf', 'docx', 'csv', 'json'])('.%s: gives text or a DocumentError, never anything else', async (extension) => {
    const prefixes: Record<string, Uint8Array> = { pdf: utf8('%PDF-1.4\n'), docx: makeZip({ 'word/document.xml': '<w:document' }) };
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), async (bytes) => {
        const data = new Uint8Array([...(prefixes[extension] ?? []), ...bytes]);
        try {
          const document = await extractDocument({ data, filename: `upload.${extension}` });
          expect(document.text.trim()).toBe(document.text);
          expect(document.text).not.toBe('');
          expect(document.text).not.toContain('\u0000');
        } catch (error) {
          expect(error).toBeInstanceOf(DocumentError);
        }
      }),
      { numRuns: 60 },
    );
  });
});
