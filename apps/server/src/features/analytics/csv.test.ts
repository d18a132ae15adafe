import { describe, expect, it } from 'vitest';
import { CSV_BOM_BYTES, CsvBuilder, csvCell, csvRow } from './csv';

describe('CSV writer', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvRow(['hello', 42, 1.5, -1, 0])).toBe('hello,42,1.5,-1,0\r\n');
  });

  it('writes null and undefined as empty cells, booleans as words, non-finite numbers as empty', () => {
    expect(csvRow([null, undefined, true, false, Number.NaN, Number.POSITIVE_INFINITY])).toBe(',,true,false,,\r\n');
  });

  it('quotes cells with commas, quotes or line breaks and doubles the quotes (RFC 4180)', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('line 1\r\nline 2')).toBe('"line 1\r\nline 2"');
    expect(csvCell('"')).toBe('""""');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe('"\'=HYPERLINK(""http://evil.example"",""click"")"');
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A9)')).toBe("'@SUM(A1:A9)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
    // Only at the start, and never for numbers.
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(-5)).toBe('-5');
  });

  it('builds a file: header, rows, CRLF line ends (the BOM is added when it is sent)', () => {
    const csv = new CsvBuilder(['name', 'count']);
    csv.add([['a', 1]]);
    csv.add([]);
    csv.add([
      ['b, c', 2],
      ['=x', 3],
    ]);
    expect(csv.toString()).toBe(`name,count\r\na,1\r\n"b, c",2\r\n'=x,3\r\n`);
    expect(CSV_BOM_BYTES).toBe(3);
  });
});
