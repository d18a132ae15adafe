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

/** Collects a CSV in parts (a report can be a million rows: one string per batch, joined once), without the BOM. */
export class CsvBuilder {
  private readonly parts: string[] = [];

  constructor(header: readonly string[]) {
    this.parts.push(csvRow(header));
  }

  add(rows: readonly (readonly CsvValue[])[]): void {
    this.parts.push(rows.map(csvRow).join(''));
  }

  toString(): string {
    return this.parts.join('');
  }
}
