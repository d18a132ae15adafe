import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/client';
import { pgliteTemplates, testConfig } from '../test/harness';

const INDEX = '<!doctype html><title>Parley</title><div id="root"></div>';
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))};`;

describe('serving the web app, the API docs and unknown paths', () => {
  let app: FastifyInstance;
  let database: Database;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    // As the web build leaves them (apps/web/scripts/precompress.mjs): a brotli and a gzip copy beside the file.
    writeFileSync(path.join(dist, 'assets', 'big-def456.js'), BIG_SCRIPT);
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_SCRIPT));
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
    database = await openDatabase(pgliteTemplates());
    app = await buildApp(testConfig({ WEB_DIST_DIR: dist }), { database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('client routes fall back to index.html, uncached, with the CSP', async () => {
    for (const url of ['/', '/dashboard', '/auth/callback?type=email', '/admin/users']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    }
  });

  it('hashed assets are immutable; a missing asset is 404, not index.html', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/missing-000.js' })).statusCode).toBe(404);
  });

  it('sends the precompressed copy the browser accepts, with Content-Encoding and Vary, and the file to one that accepts none', async () => {
    const url = '/assets/big-def456.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // The app's page too, for every client route, still uncached.
    const page = await app.inject({ method: 'GET', url: '/dashboard', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
  });

  it('does not serve files outside the dist folder', async () => {
    const response = await app.inject({ method: 'GET', url: '/..%2f..%2fetc%2fpasswd' });
    expect(response.body).not.toContain('root:');
  });

  it('unknown API paths are JSON 404s', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await app.inject({ method: 'POST', url: '/api/nothing-here', payload: {} })).statusCode).toBe(404);
  });

  it('publishes the OpenAPI document generated from the contracts, and the docs page', async () => {
    const spec = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/me', '/api/admin/users', '/api/csp-report']));
    expect(spec.paths['/api/admin/admin-users'].post.requestBody).toBeDefined();
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('echoes a request id on every response and in error bodies', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/me', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
    expect(response.json().requestId).toBe('trace-123');
  });
});
