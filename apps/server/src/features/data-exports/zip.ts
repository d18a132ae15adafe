import { promisify } from 'node:util';
import { crc32, deflateRaw as deflateRawCallback } from 'node:zlib';

const deflateRaw = promisify(deflateRawCallback);

/** Plain ZIP (no ZIP64): sizes and offsets are 32-bit, entries 16-bit. */
export const ZIP_MAX_ENTRIES = 65_535;
export const ZIP_MAX_BYTES = 0xffff_ffff;

/** The archive would break a limit (its size cap, or the format's): another attempt would not help. */
export class ZipLimitError extends Error {
  override name = 'ZipLimitError';
}

interface CentralEntry {
  name: Buffer;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

/** A name inside the archive: forward slashes, no leading slash, no `..` segment. */
export function safeEntryName(name: string): string {
  const parts = name
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  if (parts.length === 0) throw new Error(`invalid archive entry name: ${name}`);
  return parts.join('/');
}

/**
 * Writes a ZIP archive a file at a time to `sink` (nothing is kept but the directory): each file is
 * deflated when that makes it smaller, stored otherwise. UTF-8 names (general-purpose flag bit 11).
 */
export class ZipWriter {
  private readonly entries: CentralEntry[] = [];
  private written = 0;
  private finished = false;

  constructor(
    private readonly sink: (chunk: Buffer) => Promise<void>,
    private readonly maxBytes: number = ZIP_MAX_BYTES,
  ) {
    if (maxBytes > ZIP_MAX_BYTES) throw new Error('a plain ZIP cannot exceed 4 GB');
  }

  get bytesWritten(): number {
    return this.written;
  }

  get entryCount(): number {
    return this.entries.length;
  }

  private async emit(chunk: Buffer): Promise<void> {
    if (this.written + chunk.length > this.maxBytes) {
      const mb = this.maxBytes / 1024 / 1024;
      throw new ZipLimitError(`The archive would be larger than ${mb >= 1024 ? `${Math.floor(mb / 1024)} GB` : `${Math.floor(mb)} MB`}.`);
    }
    this.written += chunk.length;
    await this.sink(chunk);
  }

  /** Adds one file. `compress: false` for content that is already compressed (images, PDFs, DOCX). */
  async add(name: string, content: Buffer | string, options: { compress?: boolean; modified?: Date } = {}): Promise<void> {
    if (this.finished) throw new Error('the archive is already finished');
    if (this.entries.length >= ZIP_MAX_ENTRIES - 1) throw new ZipLimitError('The archive would have too many files.');
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const nameBytes = Buffer.from(safeEntryName(name), 'utf8');
    if (nameBytes.length > 0xffff) throw new Error('archive entry name too long');
    const crc = crc32(data) >>> 0;
    let method = 0;
    let body = data;
    if (options.compress !== false && data.length > 64) {
      const deflated = await deflateRaw(data, { level: 6 });
      if (deflated.length < data.length) {
        method = 8;
        body = deflated;
      }
    }
    const { time, date } = dosDateTime(options.modified ?? new Date());
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0
    header.writeUInt16LE(0x0800, 6); // UTF-8 names
    header.writeUInt16LE(method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(body.length, 18);
    header.writeUInt32LE(data.length, 22);
    header.writeUInt16LE(nameBytes.length, 26);
    header.writeUInt16LE(0, 28);
    const offset = this.written;
    await this.emit(Buffer.concat([header, nameBytes]));
    await this.emit(body);
    this.entries.push({ name: nameBytes, method, time, date, crc, compressedSize: body.length, size: data.length, offset });
  }

  /** Writes the central directory and its end record. Returns the archive's size in bytes. */
  async finish(): Promise<number> {
    if (this.finished) return this.written;
    this.finished = true;
    const start = this.written;
    const records: Buffer[] = [];
    for (const entry of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0800, 8);
      record.writeUInt16LE(entry.method, 10);
      record.writeUInt16LE(entry.time, 12);
      record.writeUInt16LE(entry.date, 14);
      record.writeUInt32LE(entry.crc, 16);
      record.writeUInt32LE(entry.compressedSize, 20);
      record.writeUInt32LE(entry.size, 24);
      record.writeUInt16LE(entry.name.length, 28);
      // extra length, comment length, disk number, internal and external attributes: 0
      record.writeUInt32LE(entry.offset, 42);
      records.push(record, entry.name);
    }
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(Buffer.concat([directory, end]));
    return this.written;
  }
}
