import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'performance.md');

/**
 * Each benchmark owns one part of docs/performance.md: the opening part (before the first
 * "## " heading, `heading` null) or one "## heading" section. Writing a part replaces only it,
 * so running one benchmark keeps the figures of the others.
 */
export function writePerformanceSection(heading: string | null, body: string): void {
  const current = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const parts = current.split(/\n(?=## )/);
  const head = parts[0]?.startsWith('## ') ? '' : (parts.shift() ?? '');
  const sections = parts.map((text) => ({ title: text.slice(3, text.indexOf('\n') >= 0 ? text.indexOf('\n') : undefined).trim(), text }));
  const text = `${heading === null ? '' : `## ${heading}\n\n`}${body.trim()}\n`;
  let nextHead = head;
  if (heading === null) nextHead = text;
  else {
    const found = sections.find((s) => s.title === heading);
    if (found) found.text = text;
    else sections.push({ title: heading, text });
  }
  const joined = [nextHead.trimEnd(), ...sections.map((s) => s.text.trimEnd())].filter(Boolean).join('\n\n');
  writeFileSync(FILE, `${joined}\n`);
  console.log(`wrote docs/performance.md (${heading ?? 'requests'})`);
}
