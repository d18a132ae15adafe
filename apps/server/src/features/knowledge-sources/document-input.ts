import { safeFetch } from '../../lib/safe-fetch';

/** The bytes, name and type a source is read from, as processing reads them (an estimate reads them the same way). */
export interface SourceDocument {
  data: Buffer;
  filename: string;
  mimeType: string | undefined;
}

/**
 * Where a source's document comes from: a file's bytes, pasted text as a .txt file, or a web page fetched through the
 * guarded path (no private addresses unless allowed). A refused or failed fetch throws FetchGuardError; a source
 * without content returns null.
 */
export async function readSourceDocument(
  source: { kind: 'file' | 'text' | 'url'; name: string; mimeType?: string | null; sourceUrl?: string | null; data?: Buffer | null },
  options: { timeoutMs: number; maxBytes: number; allowPrivateNetworks: boolean },
): Promise<SourceDocument | null> {
  if (source.kind === 'url') {
    const fetched = await safeFetch(source.sourceUrl!, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      allowPrivateNetworks: options.allowPrivateNetworks,
    });
    return {
      data: Buffer.from(fetched.data),
      // The address's extension names the format when it is one we read (raw Markdown is often served as text/plain);
      // otherwise the Content-Type does (an address without one, or .php, .aspx). A page that sends none is HTML.
      mimeType: fetched.contentType.split(';')[0]?.trim() || 'text/html',
      filename: new URL(fetched.finalUrl).pathname.split('/').pop() || 'page',
    };
  }
  if (!source.data) return null;
  if (source.kind === 'text') return { data: source.data, filename: `${source.name}.txt`, mimeType: 'text/plain' };
  return { data: source.data, filename: source.name, mimeType: source.mimeType ?? undefined };
}
