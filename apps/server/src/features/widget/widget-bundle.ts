import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface WidgetBundle {
  body: Buffer;
  etag: string;
}

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
      cached = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`, mtimeMs: info.mtimeMs, size: info.size };
    }
    return { body: cached.body, etag: cached.etag };
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
