import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

export class FetchGuardError extends Error {
  override name = 'FetchGuardError';
}

/** Loopback, private, link-local, CGNAT, multicast and reserved ranges: never fetched on a customer's behalf. */
export function isPrivateAddress(address: string): boolean {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) {
    const [a, b] = v4.split('.').map(Number) as [number, number];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) ||
      (a === 198 && (b === 18 || b === 19)) ||
      a >= 224
    );
  }
  const v6 = address.toLowerCase();
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80') || v6.startsWith('ff');
}

export interface SafeFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Tests fetch from a local server; production never allows private targets. */
  allowPrivateNetworks?: boolean;
  maxRedirects?: number;
}

async function assertPublicHost(url: URL, allowPrivate: boolean): Promise<void> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchGuardError('Only http and https addresses can be fetched.');
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) throw new FetchGuardError(`The address ${url.hostname} could not be resolved.`);
  if (addresses.some(isPrivateAddress)) throw new FetchGuardError('Addresses on private or local networks cannot be fetched.');
}

/**
 * Fetches a web page for ingestion: public addresses only (checked again at every
 * redirect), a timeout, and a size limit enforced while reading.
 */
export async function safeFetch(input: string, options: SafeFetchOptions): Promise<{ data: Uint8Array; contentType: string; finalUrl: string }> {
  let url = new URL(input);
  const signal = AbortSignal.timeout(options.timeoutMs);
  for (let hop = 0; ; hop += 1) {
    await assertPublicHost(url, options.allowPrivateNetworks ?? false);
    let response: Response;
    try {
      response = await fetch(url, {
        redirect: 'manual',
        signal,
        headers: { 'user-agent': 'ParleyBot/0.1 (+document ingestion)', accept: 'text/html,text/plain,application/pdf,*/*;q=0.5' },
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${Math.round(options.timeoutMs / 1000)} s` : 'the connection failed';
      throw new FetchGuardError(`The page could not be fetched: ${reason}.`);
    }
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      if (hop >= (options.maxRedirects ?? 3)) throw new FetchGuardError('The page redirected too many times.');
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    if (!response.ok) throw new FetchGuardError(`The page answered ${response.status}.`);
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > options.maxBytes) throw new FetchGuardError(`The page is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
    const reader = response.body?.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > options.maxBytes) {
        await reader.cancel();
        throw new FetchGuardError(`The page is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`);
      }
      parts.push(value);
    }
    return { data: Buffer.concat(parts), contentType: response.headers.get('content-type') ?? '', finalUrl: url.toString() };
  }
}

/**
 * Checks that an address answers (connection tests of integrations): the same public-address
 * guard at every redirect and a timeout; any HTTP status is an answer, the body is not read.
 */
export async function probeUrl(
  input: string,
  options: Pick<SafeFetchOptions, 'timeoutMs' | 'allowPrivateNetworks' | 'maxRedirects'> & { userAgent?: string },
): Promise<{ status: number; latencyMs: number; finalUrl: string }> {
  let url = new URL(input);
  const signal = AbortSignal.timeout(options.timeoutMs);
  const started = performance.now();
  for (let hop = 0; ; hop += 1) {
    await assertPublicHost(url, options.allowPrivateNetworks ?? false);
    let response: Response;
    try {
      response = await fetch(url, { redirect: 'manual', signal, headers: { 'user-agent': options.userAgent ?? 'ParleyBot/0.1 (+connection test)' } });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError' ? `no answer within ${Math.round(options.timeoutMs / 1000)} s` : 'the connection failed';
      throw new FetchGuardError(`The address could not be reached: ${reason}.`);
    }
    await response.body?.cancel().catch(() => {});
    if (response.status >= 300 && response.status < 400 && response.headers.get('location')) {
      if (hop >= (options.maxRedirects ?? 3)) throw new FetchGuardError('The address redirected too many times.');
      url = new URL(response.headers.get('location')!, url);
      continue;
    }
    return { status: response.status, latencyMs: Math.round(performance.now() - started), finalUrl: url.toString() };
  }
}
