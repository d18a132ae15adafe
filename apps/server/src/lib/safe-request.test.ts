import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchGuardError } from './safe-fetch';
import { BlockedAddressError, safeRequest } from './safe-request';

describe('safeRequest', () => {
  let server: Server;
  let base: string;
  let seen: { method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/see-other') return res.writeHead(303, { location: '/done' }).end();
        // Same server under another origin (localhost vs 127.0.0.1).
        if (req.url === '/elsewhere') return res.writeHead(307, { location: base.replace('127.0.0.1', 'localhost') + '/done' }).end();
        if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
        res.writeHead(201, 'Created').end('done');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { timeoutMs: 2000, maxBytes: 1000, allowPrivateNetworks: true };

  it('returns any status with its text and body', async () => {
    const response = await safeRequest(`${base}/x`, { ...options, method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } });
    expect(response).toMatchObject({ status: 201, statusText: 'Created', isTruncated: false, finalUrl: `${base}/x` });
    expect(response.body.toString()).toBe('done');
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('continues a 303 as a GET without a body, and drops configured headers when a redirect leaves the origin', async () => {
    seen = [];
    await safeRequest(`${base}/see-other`, { ...options, method: 'POST', body: 'x', headers: { authorization: 'Bearer s' } });
    expect(seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual(['POST /see-other x', 'GET /done ']);
    expect(seen[1]!.headers.authorization).toBe('Bearer s');

    seen = [];
    await safeRequest(`${base}/elsewhere`, { ...options, method: 'PUT', body: 'y', headers: { authorization: 'Bearer s', 'content-type': 'text/plain' } });
    expect(seen.map((s) => `${s.method} ${s.url} ${s.body}`)).toEqual(['PUT /elsewhere y', 'PUT /done y']);
    expect(seen[1]!.headers.authorization).toBeUndefined();
    expect(seen[1]!.headers['content-type']).toBe('text/plain');
  });

  it('stops redirect loops, and refuses private targets unless allowed', async () => {
    await expect(safeRequest(`${base}/loop`, { ...options, method: 'GET' })).rejects.toThrow(/redirected too many times/);
    await expect(safeRequest(`${base}/x`, { ...options, allowPrivateNetworks: false, method: 'GET' })).rejects.toThrow(BlockedAddressError);
    const viaName = safeRequest(base.replace('127.0.0.1', 'localhost'), { ...options, allowPrivateNetworks: false, method: 'GET' });
    await expect(viaName).rejects.toThrow(BlockedAddressError);
    await expect(safeRequest('ftp://example.com/', { ...options, method: 'GET' })).rejects.toThrow(FetchGuardError);
  });
});
