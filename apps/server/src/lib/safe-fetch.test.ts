import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchGuardError, isPrivateAddress, probeUrl, safeFetch } from './safe-fetch';

describe('safeFetch', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
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
    for (const address of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '::1', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111']) expect(isPrivateAddress(address), address).toBe(false);
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
