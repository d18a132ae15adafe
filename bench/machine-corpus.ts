import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { chunkText } from '../apps/server/src/rag/chunkers';

/** Every file under `root` whose name passes `keep`, in a stable order (sorted paths). */
function filesUnder(root: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) walk(path);
      else if (stat?.isFile() && keep(entry)) found.push(path);
    }
  };
  walk(root);
  return found;
}

// Request macros that carry no words of their own (page set-up, spacing, fonts, indents, definitions).
const LAYOUT_MACRO = /^[.'](de|ds|nr|if|ie|el|ig|so|TH|PD|IX|ft|fi|nf|sp|br|in|ti|ne|RS|RE|PP|LP|P|IP|HP|ad|na|hy|nh|ll|ta|bp|tr|cs|ss|EX|EE|SY|YS)\b/;

/** The words of a man page's roff source: comments and layout requests dropped, font and character escapes removed. */
export function roffText(source: string): string {
  return source
    .split('\n')
    .filter((line) => !/^[.']\s*\\"/.test(line) && !LAYOUT_MACRO.test(line))
    .map((line) => (line.startsWith('.') ? line.replace(/^\.\S+\s*/, '') : line))
    .join('\n')
    .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
    .replace(/\\\[[^\]]*\]|\\\(../g, ' ')
    .replace(/\\-/g, '-')
    .replace(/\\[&|^c]/g, '')
    .replace(/"/g, '');
}

/**
 * Real documents found on this machine, as the product would store them: the man pages (/usr/share/man, English
 * sections) and the Markdown documentation of the installed npm packages, each read once (identical files and
 * chunks kept once), chunked by the product's semantic chunker at `chunkSize` tokens without overlap, chunks under
 * 200 characters left out. What a machine holds depends on its Debian and npm packages; the count is printed.
 */
export function machineCorpus({ chunkSize = 200 }: { chunkSize?: number } = {}): { chunks: string[]; files: number; bytes: number } {
  const files = [
    ...filesUnder('/usr/share/man', (name) => name.endsWith('.gz')).filter((path) => /\/usr\/share\/man\/man[^/]+\//.test(path)),
    ...filesUnder('node_modules', (name) => name.endsWith('.md')).filter((path) => (statSync(path).size ?? 0) > 2048),
  ];
  const seen = new Set<string>();
  const chunks: string[] = [];
  let bytes = 0;
  const firstTime = (text: string) => {
    const hash = createHash('sha1').update(text).digest('base64');
    if (seen.has(hash)) return false;
    seen.add(hash);
    return true;
  };
  for (const file of files) {
    let text: string;
    try {
      const raw = readFileSync(file);
      text = file.endsWith('.gz') ? roffText(gunzipSync(raw).toString('utf8')) : raw.toString('utf8');
    } catch {
      continue; // unreadable or not gzip: not a document
    }
    if (!firstTime(text)) continue;
    bytes += Buffer.byteLength(text);
    for (const chunk of chunkText(text, { strategy: 'semantic', chunkSize, chunkOverlap: 0 })) {
      if (chunk.text.length >= 200 && firstTime(chunk.text)) chunks.push(chunk.text);
    }
  }
  return { chunks, files: files.length, bytes };
}
