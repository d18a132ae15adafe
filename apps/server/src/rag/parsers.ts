import type * as Unpdf from 'unpdf';
import { SYSTEM_CONFIGURATION_DEFAULTS } from '@parley/shared/constants';
import { DocumentError } from './document-error';
import { assertPdfExpandsWithin, assertZipExpandsWithin } from './expansion';
import { htmlTitle, htmlToPlainText } from './html-text';
import { csvToText, jsonToText } from './structured-text';

export type DocumentFormat = 'txt' | 'md' | 'html' | 'pdf' | 'docx' | 'csv' | 'json';

export type ExtractedDocument = { text: string; format: DocumentFormat; title?: string; pages?: number };

export type DocumentInput = {
  data: Uint8Array;
  filename: string;
  mimeType?: string;
  /** Larger files are refused before parsing. Default 50 MB, the spec's `max_document_size_mb`. */
  maxBytes?: number;
  /** What a compressed document (.docx, a PDF's streams) may expand to; refused before parsing. Default 200 MB. */
  maxExpandedBytes?: number;
  /** The most characters of text a document may yield. Default 20 million. */
  maxTextCharacters?: number;
};

export const DEFAULT_MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_EXPANDED_BYTES = SYSTEM_CONFIGURATION_DEFAULTS.maxExpandedDocumentMb * 1024 * 1024;
export const DEFAULT_MAX_TEXT_CHARACTERS = SYSTEM_CONFIGURATION_DEFAULTS.maxDocumentTextMb * 1_000_000;

const BY_EXTENSION: Record<string, DocumentFormat> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
  docx: 'docx',
  csv: 'csv',
  json: 'json',
};

const BY_MIME_TYPE: Record<string, DocumentFormat> = {
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/x-markdown': 'md',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
  'application/pdf': 'pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/csv': 'csv',
  'application/csv': 'csv',
  'application/json': 'json',
  'text/json': 'json',
};

const SUPPORTED = 'Use txt, md, html, pdf, docx, csv or json.';

function extensionOf(filename: string): string {
  const name = filename.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The format by file extension, then by MIME type (a fetched web page's
 * URL often has no useful extension, its Content-Type does).
 */
export function detectFormat(filename: string, mimeType?: string): DocumentFormat {
  const extension = extensionOf(filename);
  const mime = mimeType?.split(';')[0]?.trim().toLowerCase() ?? '';
  const format = BY_EXTENSION[extension] ?? BY_MIME_TYPE[mime];
  if (format) return format;
  const kind = extension ? `.${extension}` : mime && mime !== 'application/octet-stream' ? mime : 'this kind';
  throw new DocumentError('UNSUPPORTED_TYPE', `Files of type ${kind} are not supported. ${SUPPORTED}`);
}

// Node's TextDecoder decodes "windows-1252" as Latin-1, which has control characters where Windows has € ‘ ’ “ ” – — and friends.
const WINDOWS_1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeWindows1252(data: Uint8Array): string {
  let text = '';
  for (let i = 0; i < data.length; i += 8192) {
    const slice = data.subarray(i, i + 8192);
    text += String.fromCharCode(...slice).replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80] ?? char);
  }
  return text;
}

/** UTF-16 without a BOM shows as a NUL in every other byte of ASCII-range text; which half holds them gives the byte order. */
function guessUtf16(data: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const sample = data.subarray(0, 4096);
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i++) {
    if (sample[i] !== 0) continue;
    if (i % 2) oddZeros++;
    else evenZeros++;
  }
  const half = sample.length / 2;
  if (oddZeros > half * 0.3 && evenZeros < half * 0.05) return 'utf-16le';
  if (evenZeros > half * 0.3 && oddZeros < half * 0.05) return 'utf-16be';
  return null;
}

function decodeUtf16be(data: Uint8Array): string {
  const swapped = new Uint8Array(data.length - (data.length % 2));
  for (let i = 0; i < swapped.length; i += 2) {
    swapped[i] = data[i + 1] ?? 0;
    swapped[i + 1] = data[i] ?? 0;
  }
  return new TextDecoder('utf-16le').decode(swapped);
}

/**
 * Bytes to text: a BOM decides UTF-8 or UTF-16, then the NUL pattern of
 * BOM-less UTF-16; otherwise UTF-8 is tried strictly and Windows-1252 is the
 * fallback (what older Windows tools write).
 */
export function decodeText(data: Uint8Array): string {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return new TextDecoder('utf-8').decode(data.subarray(3));
  if (data[0] === 0xff && data[1] === 0xfe) return new TextDecoder('utf-16le').decode(data.subarray(2));
  if (data[0] === 0xfe && data[1] === 0xff) return decodeUtf16be(data.subarray(2));
  const utf16 = guessUtf16(data);
  if (utf16 === 'utf-16le') return new TextDecoder('utf-16le').decode(data);
  if (utf16 === 'utf-16be') return decodeUtf16be(data);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return decodeWindows1252(data);
  }
}

/**
 * Whether decoded "text" is really binary: more than a tenth of its first 64K
 * characters are control or replacement characters. A few stray characters in
 * a tiny file are not judged; normalising removes them.
 */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65_536);
  if (sample.length < 64) return false;
  // eslint-disable-next-line no-control-regex -- counting control characters is the point
  const odd = sample.match(/[\u0000-\u0008\u000e-\u001f\ufffd]/g)?.length ?? 0;
  return odd / sample.length > 0.1;
}

/**
 * NUL and other control characters removed, line breaks unified, runs of
 * spaces and tabs collapsed, lines trimmed, at most one blank line in a row,
 * Unicode in NFC (so the same word always embeds and matches the same way).
 */
export function normalizeText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f\u200b\ufeff]/g, '')
      // A lone space is left where it is: matching every space between words took most of a large document's parse.
      .replace(/ [\t\f\u00a0\u2000-\u200a\u202f\u205f\u3000 ]+|[\t\f\u00a0\u2000-\u200a\u202f\u205f\u3000][\t\f\u00a0\u2000-\u200a\u202f\u205f\u3000 ]*/g, ' ')
      .replace(/ \n ?|\n /g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

// pdf.js and mammoth are loaded on first use: most processes never read a PDF or a Word file, and loading them
// at start-up cost start time (bench/startup.ts).
async function extractPdf(data: Uint8Array): Promise<ExtractedDocument> {
  const { extractText, getDocumentProxy, getMeta } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof Unpdf.getDocumentProxy>>;
  try {
    // pdf.js may take ownership of the buffer it is given; the caller keeps theirs.
    pdf = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
  } catch (error) {
    const isLocked = error instanceof Error && error.name === 'PasswordException';
    throw new DocumentError('CORRUPT', isLocked ? 'This PDF is password-protected. Upload a copy without a password.' : 'This PDF could not be read.', {
      cause: error,
    });
  }
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false });
    const info = (await getMeta(pdf).catch(() => ({ info: {} }))).info as { Title?: unknown };
    const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : undefined;
    return { format: 'pdf', text: text.join('\n\n'), pages: totalPages, ...(title ? { title } : {}) };
  } catch (error) {
    throw new DocumentError('CORRUPT', 'This PDF could not be read.', { cause: error });
  } finally {
    await pdf.destroy().catch(() => {});
  }
}

// Word's Title and Subtitle styles are not headings to mammoth; they are to a reader.
const DOCX_STYLE_MAP = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

async function extractDocx(data: Uint8Array): Promise<ExtractedDocument> {
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
      // Images would otherwise be inlined as base64 only to be thrown away.
      { styleMap: DOCX_STYLE_MAP, convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch (error) {
    throw new DocumentError('CORRUPT', 'This Word document could not be read. Save it again as .docx and upload it.', { cause: error });
  }
  return { format: 'docx', text: htmlToPlainText(html) };
}

function extractStructured(format: 'csv' | 'json', source: string): ExtractedDocument {
  if (format === 'csv') return { format, text: csvToText(source) };
  try {
    return { format, text: jsonToText(JSON.parse(source)) };
  } catch (error) {
    throw new DocumentError('CORRUPT', 'This JSON file could not be read: it is not valid JSON.', { cause: error });
  }
}

const firstHeading = (text: string): string | undefined => /^# +(.+)$/m.exec(text)?.[1]?.trim() || undefined;

async function extractByFormat(format: DocumentFormat, data: Uint8Array): Promise<ExtractedDocument> {
  if (format === 'pdf') return extractPdf(data);
  if (format === 'docx') return extractDocx(data);
  const source = decodeText(data);
  if (looksBinary(source)) throw new DocumentError('CORRUPT', `This file does not contain readable text. Check that it really is a .${format} file.`);
  if (format === 'html') {
    const title = htmlTitle(source);
    return { format, text: htmlToPlainText(source), ...(title ? { title } : {}) };
  }
  if (format === 'csv' || format === 'json') return extractStructured(format, source);
  return { format, text: source };
}

/**
 * The plain text of an uploaded or fetched document, ready for chunking.
 * Markdown stays Markdown; HTML and DOCX headings become `#` lines; PDF pages
 * are separated by blank lines. Throws DocumentError with a message meant for
 * the customer.
 */
export async function extractDocument({
  data,
  filename,
  mimeType,
  maxBytes = DEFAULT_MAX_DOCUMENT_BYTES,
  maxExpandedBytes = DEFAULT_MAX_EXPANDED_BYTES,
  maxTextCharacters = DEFAULT_MAX_TEXT_CHARACTERS,
}: DocumentInput): Promise<ExtractedDocument> {
  const format = detectFormat(filename, mimeType);
  if (data.byteLength > maxBytes) {
    const limit = maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(maxBytes / 1024)} KB`;
    throw new DocumentError('TOO_LARGE', `This file is larger than the ${limit} limit for documents.`);
  }
  // Decompression bombs are refused before a parser inflates anything into memory (rag/expansion.ts).
  if (format === 'docx') await assertZipExpandsWithin(data, maxExpandedBytes);
  if (format === 'pdf') await assertPdfExpandsWithin(data, maxExpandedBytes);
  const extracted = await extractByFormat(format, data);
  if (extracted.text.length > maxTextCharacters) {
    throw new DocumentError(
      'TOO_LARGE',
      `This document holds more than ${maxTextCharacters.toLocaleString('en-US')} characters of text, the limit for one document. Split it into smaller documents.`,
    );
  }
  const text = normalizeText(extracted.text);
  if (text === '') {
    const reason =
      format === 'pdf' ? 'This PDF has no text that can be extracted; a scanned PDF needs text recognition (OCR) first.' : 'This document contains no text.';
    throw new DocumentError('EMPTY', reason);
  }
  const title = extracted.title ?? (format === 'md' || format === 'docx' ? firstHeading(text) : undefined);
  return { ...extracted, text, ...(title ? { title } : {}) };
}
