import { createInflate, createInflateRaw, type Inflate, type InflateRaw } from 'node:zlib';
import { DocumentError } from './document-error';

/**
 * Decompression bombs: a 400 KB .docx whose zip holds 400 MB of XML, a 500 KB PDF whose content stream inflates to
 * 500 MB. The parsers (mammoth's zip reader, pdf.js) inflate whole entries and streams into memory, so the bound is
 * checked before they run: every compressed part is inflated here as a stream whose output is counted and dropped,
 * and reading stops as soon as the total passes the bound. Memory stays at a few chunks whatever the file claims
 * (the sizes a zip declares are not trusted: they are what a bomb lies about).
 */

const MB = 1024 * 1024;
const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

export const expansionRefusal = (what: string, maxBytes: number) =>
  new DocumentError('TOO_LARGE', `This ${what} expands to more than ${formatMb(maxBytes)} when read, the limit for documents. Upload a smaller file.`);

/** Counts what `input` inflates to, stopping (false) once it passes `budget`; true when it stays within. */
function inflatesWithin(inflater: Inflate | InflateRaw, input: Uint8Array, budget: number): Promise<{ within: boolean; bytes: number }> {
  return new Promise((resolve) => {
    let bytes = 0;
    let settled = false;
    const settle = (within: boolean) => {
      if (settled) return;
      settled = true;
      inflater.removeAllListeners('data');
      inflater.destroy();
      resolve({ within, bytes });
    };
    inflater.on('data', (chunk: Buffer) => {
      bytes += chunk.byteLength;
      if (bytes > budget) settle(false);
    });
    inflater.on('end', () => settle(true));
    // A damaged stream is the parser's to report (as a corrupt document): here it expanded no further.
    inflater.on('error', () => settle(true));
    inflater.end(Buffer.from(input.buffer, input.byteOffset, input.byteLength));
  });
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const MAX_ENTRIES = 20_000;

/**
 * Inflates every entry of a zip file (a .docx) through a counter, against `maxBytes` in all. An entry stored without
 * compression counts its size. Throws DocumentError TOO_LARGE past the bound; a file that is not a readable zip is left
 * to the parser.
 */
export async function assertZipExpandsWithin(data: Uint8Array, maxBytes: number): Promise<void> {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end-of-central-directory record is in the last 64 KB + 22 bytes.
  let eocd = -1;
  for (let at = data.byteLength - 22; at >= Math.max(0, data.byteLength - 65_557); at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return;
  const entries = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (entries > MAX_ENTRIES)
    throw new DocumentError('TOO_LARGE', `This file holds more than ${MAX_ENTRIES.toLocaleString('en-US')} parts; it cannot be a document to read.`);
  let total = 0;
  for (let entry = 0; entry < entries; entry++) {
    if (at + 46 > data.byteLength || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return;
    const method = view.getUint16(at + 10, true);
    const compressedSize = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localOffset = view.getUint32(at + 42, true);
    at += 46 + nameLength + extraLength + commentLength;
    if (localOffset + 30 > data.byteLength || view.getUint32(localOffset, true) !== LOCAL_SIGNATURE) continue;
    const start = localOffset + 30 + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
    // Zip64 (sizes of 0xFFFFFFFF) and a size that runs past the file: read to the end of the file, the most it can be.
    const end = compressedSize === 0xffffffff ? data.byteLength : Math.min(data.byteLength, start + compressedSize);
    const compressed = data.subarray(start, end);
    if (method === 0) total += compressed.byteLength;
    else if (method === 8) {
      const { within, bytes } = await inflatesWithin(createInflateRaw(), compressed, maxBytes - total);
      if (!within) throw expansionRefusal('file', maxBytes);
      total += bytes;
    }
    if (total > maxBytes) throw expansionRefusal('file', maxBytes);
  }
}

/**
 * Inflates every Flate-compressed stream of a PDF through a counter, against `maxBytes` in all. Streams are found by
 * their `stream` … `endstream` keywords (the cross-reference table is not needed, and pdf.js would rebuild a broken one
 * anyway); a stream whose dictionary names FlateDecode is counted at its inflated size, any other at its stored size
 * (images in DCT, JPX, JBIG2 and CCITT are not decoded to read text).
 */
export async function assertPdfExpandsWithin(data: Uint8Array, maxBytes: number): Promise<void> {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  const keyword = /stream\r?\n/g;
  let total = 0;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    // "endstream" contains "stream": only a keyword after a dictionary's ">>" starts one.
    const before = text.slice(Math.max(0, match.index - 2048), match.index);
    if (!/>>\s*$/.test(before) || text.slice(match.index - 3, match.index) === 'end') continue;
    const start = match.index + match[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    const dictionary = before.slice(before.lastIndexOf('obj') + 1);
    const body = data.subarray(start, end);
    if (/\/FlateDecode|\/Fl\b/.test(dictionary)) {
      const { within, bytes } = await inflatesWithin(createInflate(), body, maxBytes - total);
      if (!within) throw expansionRefusal('PDF', maxBytes);
      total += bytes;
    } else total += body.byteLength;
    if (total > maxBytes) throw expansionRefusal('PDF', maxBytes);
    keyword.lastIndex = end + 'endstream'.length;
  }
}
