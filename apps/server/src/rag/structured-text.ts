/**
 * CSV and JSON become lines of "name: value" text, so a row or a record
 * reads like a sentence to the embedder and to the extractive answerer.
 */

const DELIMITERS = [',', ';', '\t'] as const;

/** The delimiter that occurs most often outside quotes in the first line (Excel in many locales writes semicolons). */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

/** RFC 4180 rows: quoted fields may hold delimiters, line breaks and doubled quotes. Lenient about an unclosed quote. */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (char === delimiter) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}

const oneLine = (value: string): string => value.replace(/\s+/g, ' ').trim();

/** One paragraph per data row: "Header: value; Header: value", empty cells left out. The first row names the columns. */
export function csvToText(text: string): string {
  const [header = [], ...rows] = parseCsv(text);
  const names = header.map((name, i) => oneLine(name) || `Column ${i + 1}`);
  return rows
    .map((cells) =>
      cells
        .map((cell, i) => [names[i] ?? `Column ${i + 1}`, oneLine(cell)] as const)
        .filter(([, value]) => value !== '')
        .map(([name, value]) => `${name}: ${value}`)
        .join('; '),
    )
    .filter((line) => line !== '')
    .join('\n\n');
}

type Pending = { path: string; value: unknown };

/**
 * A parsed JSON value as "path: value" lines (`items[0].name: Tea`), in
 * document order. Records of a top-level array or object are separated by a
 * blank line so chunking keeps each together. Iterative, so deep nesting
 * cannot overflow the stack.
 */
export function jsonToText(value: unknown): string {
  const lines: string[] = [];
  const stack: Pending[] = [{ path: '', value }];
  let lastRecord: string | null = null;
  while (stack.length > 0) {
    const { path, value: current } = stack.pop() as Pending;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ path: `${path}[${i}]`, value: current[i] });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ path: path ? `${path}.${key}` : key, value: child });
      }
    } else {
      const record = /^(\[\d+\]|[^.[]+)/.exec(path)?.[1] ?? '';
      if (lastRecord !== null && record !== lastRecord) lines.push('');
      lastRecord = record;
      const text = String(current);
      lines.push(path ? `${path}: ${text}` : text);
    }
  }
  return lines.join('\n');
}
