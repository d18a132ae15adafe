import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export interface WidgetBundle {
  body: Buffer;
  /** The same bytes compressed once when the file is read (every customer page loads this script). */
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * apps/widget/dist, found from this file: it runs as src/features/widget/*.ts in
 * development and tests, and inside dist/main.js once the server is bundled.
 */
export function defaultWidgetDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '..', '..', '..', '..', 'widget'), path.resolve(here, '..', '..', 'widget')];
  const widgetApp = candidates.find((dir) => existsSync(path.join(dir, 'package.json'))) ?? candidates[0]!;
  return path.join(widgetApp, 'dist');
}

/**
 * Reads widget.js when it changes on disk (a rebuild is served without a restart)
 * and keeps it in memory with a content hash for its ETag; null while it is not built.
 */
export function widgetBundleLoader(distDir: string): () => Promise<WidgetBundle | null> {
  const file = path.join(distDir, 'widget.js');
  let cached: (WidgetBundle & { mtimeMs: number; size: number }) | null = null;
  return async () => {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    if (!cached || cached.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
      const body = await readFile(file);
      const [brotli, gzipped] = await Promise.all([brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), gzipAsync(body, { level: 9 })]);
      cached = {
        body,
        brotli,
        gzip: gzipped,
        etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`,
        mtimeMs: info.mtimeMs,
        size: info.size,
      };
    }
    return { body: cached.body, brotli: cached.brotli, gzip: cached.gzip, etag: cached.etag };
  };
}

/** True when an If-None-Match header names this ETag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (a q of 0 refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}
