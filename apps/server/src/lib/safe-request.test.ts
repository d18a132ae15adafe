import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BlockedAddressError, FetchGuardError, isPrivateAddress, safeRequest } from './safe-request';

describe('isPrivateAddress', () => {
  it('counts loopback, private, link-local, CGNAT, benchmarking, documentation, multicast and reserved addresses as not public, in any spelling', () => {
    const notPublic = [
      ...['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '100.127.255.254', '0.0.0.0', '0.1.2.3'],
      ...['192.0.0.8', '192.0.2.1', '198.18.0.1', '198.19.255.255', '198.51.100.7', '203.0.113.9', '224.0.0.251', '240.0.0.1', '255.255.255.255'],
      ...['::', '::1', 'fd00::1', 'fc00::1', 'fe80::1', 'FE80::1', 'fe80::1%eth0', 'febf::1', 'fec0::1', 'ff02::1', '100::1', '2001:db8::1', '2001::1'],
      // IPv4 inside IPv6: mapped (dotted and hex), IPv4-compatible, NAT64 and 6to4 forms of private addresses.
      ...['::ffff:127.0.0.1', '::ffff:7f00:1', '0:0:0:0:0:ffff:a00:1', '::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::10.0.0.1', '64:ff9b:1::808:808'],
      ...['2002:7f00:1::1', '2002:c0a8:101::1'],
      // Not an IP address at all: fail closed.
      'localhost',
    ];
    for (const address of notPublic) expect(isPrivateAddress(address), address).toBe(true);
    const isPublic = ['93.184.216.34', '8.8.8.8', '100.63.255.255', '100.128.0.1', '172.32.0.1', '198.20.0.1', '2606:4700::1111', '::ffff:8.8.8.8'];
    for (const address of [...isPublic, '::ffff:808:808', '64:ff9b::8.8.8.8', '2002:808:808::1']) expect(isPrivateAddress(address), address).toBe(false);
  });
});

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

  it('refuses every spelling of an address on this machine before connecting', async () => {
    seen = [];
    const port = (server.address() as AddressInfo).port;
    const spellings = [
      '[::ffff:7f00:1]',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      '2130706433',
      '0x7f.1',
      '0.0.0.0',
      '0',
      '[::]',
      '[64:ff9b::127.0.0.1]',
    ];
    for (const host of spellings) {
      const request = safeRequest(`http://${host}:${port}/x`, { ...options, allowPrivateNetworks: false, method: 'GET' });
      await expect(request, host).rejects.toThrow(BlockedAddressError);
    }
    expect(seen).toEqual([]);
  });
});
