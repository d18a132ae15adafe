import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeUrl, safeFetch } from './safe-fetch';
import { BlockedAddressError, FetchGuardError, isPrivateAddress } from './safe-request';

describe('safeFetch', () => {
  let server: Server;
  let base: string;
  let served = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      served += 1;
      if (req.url === '/page') return res.end('<h1>Hello</h1>');
      if (req.url === '/big') return res.end('x'.repeat(5000));
      if (req.url === '/redirect') {
        res.writeHead(302, { location: '/page' });
        return res.end();
      }
      if (req.url === '/loop') {
        res.writeHead(302, { location: '/loop' });
        return res.end();
      }
      if (req.url === '/slow') return setTimeout(() => res.end('late'), 2000);
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses loopback and private addresses unless allowed', async () => {
    await expect(safeFetch(`${base}/page`, { timeoutMs: 2000, maxBytes: 1000 })).rejects.toThrow(FetchGuardError);
    await expect(safeFetch('http://localhost:1/page', { timeoutMs: 2000, maxBytes: 1000 })).rejects.toThrow(/private or local/);
    await expect(safeFetch('file:///etc/passwd', { timeoutMs: 2000, maxBytes: 1000 })).rejects.toThrow(/http and https/);
    await expect(safeFetch(`${base.replace('127.0.0.1', '[::ffff:7f00:1]')}/page`, { timeoutMs: 2000, maxBytes: 1000 })).rejects.toThrow(/private or local/);
  });

  it('checks the address each connection uses, so a name that rebinds to 127.0.0.1 after a public answer is refused (DNS rebinding)', async () => {
    // A fake DNS with a zero TTL: a public address the first time, 127.0.0.1 from then on.
    let lookups = 0;
    const resolveHost = async () => [{ address: lookups++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    // A guard that resolves the name before fetching sees the public answer and lets the request go ahead...
    expect(isPrivateAddress((await resolveHost())[0]!.address)).toBe(false);
    // ...but here the socket resolves the name itself, and its own answer (127.0.0.1) is the one checked.
    const url = `${base.replace('127.0.0.1', 'rebind.example')}/page`;
    const before = served;
    await expect(safeFetch(url, { timeoutMs: 2000, maxBytes: 1000, resolveHost })).rejects.toThrow('Addresses on private or local networks cannot be fetched.');
    await expect(probeUrl(url, { timeoutMs: 2000, resolveHost })).rejects.toThrow(BlockedAddressError);
    expect(served).toBe(before);
    // One lookup per request, the connection's own: there is no separate check whose answer could differ.
    expect(lookups).toBe(3);
    // And the socket connects to what that lookup answered: allowed, the same name reaches the local server.
    const page = await safeFetch(url, { timeoutMs: 2000, maxBytes: 1000, resolveHost, allowPrivateNetworks: true });
    expect(Buffer.from(page.data).toString()).toBe('<h1>Hello</h1>');
    expect(served).toBe(before + 1);
  });

  it('fetches, follows redirects, and enforces size, redirect and time limits', async () => {
    const options = { timeoutMs: 1000, maxBytes: 1000, allowPrivateNetworks: true };
    const page = await safeFetch(`${base}/redirect`, options);
    expect(Buffer.from(page.data).toString()).toBe('<h1>Hello</h1>');
    expect(page.finalUrl).toBe(`${base}/page`);
    await expect(safeFetch(`${base}/big`, options)).rejects.toThrow(/larger than/);
    await expect(safeFetch(`${base}/loop`, options)).rejects.toThrow(/redirected too many times/);
    await expect(safeFetch(`${base}/slow`, options)).rejects.toThrow(/no answer within/);
    await expect(safeFetch(`${base}/missing`, options)).rejects.toThrow(/answered 404/);
  });

  it('probes an address: any status is an answer, redirects are followed, private targets refused unless allowed', async () => {
    const options = { timeoutMs: 1000, allowPrivateNetworks: true };
    expect(await probeUrl(`${base}/redirect`, options)).toMatchObject({ status: 200, finalUrl: `${base}/page` });
    const missing = await probeUrl(`${base}/missing`, options);
    expect(missing.status).toBe(404);
    expect(missing.latencyMs).toBeGreaterThanOrEqual(0);
    await expect(probeUrl(`${base}/page`, { timeoutMs: 1000 })).rejects.toThrow(/private or local/);
    await expect(probeUrl(`${base}/slow`, options)).rejects.toThrow(/no answer within/);
    await expect(probeUrl(`${base}/loop`, options)).rejects.toThrow(/redirected too many times/);
  });
});
