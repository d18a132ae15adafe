import { describe, expect, it } from 'vitest';
import { CSV_BOM_BYTES, CsvParts, csvCell, csvRow } from './csv';

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

  it('builds a file in parts: header, rows, CRLF line ends, each part ending with a whole row (the BOM is added when it is sent)', () => {
    const csv = new CsvParts(['name', 'count'], 20);
    expect(csv.add([['a', 1]])).toEqual([]);
    expect(csv.add([])).toEqual([]);
    expect(
      csv.add([
        ['b, c', 2],
        ['=x', 3],
        ['d', 4],
      ]),
    ).toEqual([`name,count\r\na,1\r\n"b, c",2\r\n`]);
    expect(csv.finish()).toBe(`'=x,3\r\nd,4\r\n`);
    expect(CSV_BOM_BYTES).toBe(3);

    // One row longer than a part is a part of its own.
    const long = new CsvParts(['n'], 4);
    expect(long.add([['a long cell'], [1]])).toEqual(['n\r\na long cell\r\n']);
    expect(long.finish()).toBe('1\r\n');
    // Nothing but the header: one part; everything handed on already: no last part.
    expect(new CsvParts(['name'], 1000).finish()).toBe('name\r\n');
    const exact = new CsvParts(['n'], 6);
    expect(exact.add([[1]])).toEqual(['n\r\n1\r\n']);
    expect(exact.finish()).toBeNull();
  });
});
