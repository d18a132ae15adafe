/**
 * CSV as RFC 4180 writes it (comma-separated, CRLF line ends, fields with a comma, quote or
 * line break in double quotes, quotes doubled), made safe for spreadsheets: a text cell that
 * starts with = + - @ (or a tab or carriage return) would be run as a formula by Excel,
 * LibreOffice or Google Sheets, so it gets a leading single quote (OWASP "CSV injection").
 * Numbers are written as they are: -1 is a rating, not a formula.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * A file starts with a UTF-8 byte order mark, so Excel opens it as UTF-8 (other tools skip it).
 * It is added when the file leaves (download, e-mail), not stored: PGlite's text decoder drops
 * a leading BOM from a value it reads.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_BOM_BYTES = Buffer.byteLength(CSV_BOM, 'utf8');

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/**
 * Collects a CSV (without the BOM) and hands it on in parts of at least `partChars` characters, each ending with a
 * whole row (so a row and a character are never split): a report of a million rows is never one string.
 */
export class CsvParts {
  private pending: string[] = [];
  private pendingChars = 0;
  private handedOn = 0;

  constructor(
    header: readonly string[],
    private readonly partChars: number,
  ) {
    this.push(csvRow(header));
  }

  /** Adds rows; returns the parts that filled up meanwhile (none, mostly). */
  add(rows: readonly (readonly CsvValue[])[]): string[] {
    const full: string[] = [];
    for (const row of rows) {
      this.push(csvRow(row));
      if (this.pendingChars >= this.partChars) full.push(this.take());
    }
    return full;
  }

  /** The last part: what is left, or the header alone when nothing was handed on yet; null when all was. */
  finish(): string | null {
    return this.pendingChars > 0 || this.handedOn === 0 ? this.take() : null;
  }

  private push(text: string): void {
    this.pending.push(text);
    this.pendingChars += text.length;
  }

  private take(): string {
    const part = this.pending.join('');
    this.pending = [];
    this.pendingChars = 0;
    this.handedOn += 1;
    return part;
  }
}
