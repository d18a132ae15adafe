import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { widgetRoutes } from './routes';
import { defaultWidgetDistDir } from './widget-bundle';

const WIDGET_JS = path.join(defaultWidgetDistDir(), 'widget.js');

async function createChatbot(c: TestContext, name: string, status: 'draft' | 'live') {
  const { cookie } = await createSignedInUser(c);
  const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie }, payload: { name } });
  expect(created.statusCode).toBe(201);
  const { id } = created.json() as { id: string };
  if (status === 'live') {
    const live = await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${id}`, headers: { cookie }, payload: { status: 'live' } });
    expect(live.statusCode).toBe(200);
  }
  return id;
}

describeEachDatabase('the embeddable widget and its demo page', (ctx) => {
  beforeAll(() => {
    // The root build makes it; a test run on its own builds it here (esbuild, well under a second).
    if (!existsSync(WIDGET_JS)) execFileSync(process.execPath, [path.resolve(WIDGET_JS, '..', '..', 'build.mjs')], { stdio: 'ignore' });
  });

  it('serves widget.js to any website: JavaScript, cacheable for five minutes, with an ETag that answers 304', async () => {
    const { app } = ctx();
    const response = await app.inject({ method: 'GET', url: '/widget.js', headers: { origin: 'https://shop.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.rawPayload.equals(readFileSync(WIDGET_JS))).toBe(true);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await app.inject({ method: 'GET', url: '/widget.js', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await app.inject({ method: 'GET', url: '/widget.js', headers: { 'if-none-match': '"stale"' } })).statusCode).toBe(200);
  });

  it('sends widget.js brotli- or gzip-compressed to a browser that accepts it, the same script once decoded', async () => {
    const { app } = ctx();
    const script = readFileSync(WIDGET_JS);
    const br = await app.inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 2);
    expect(brotliDecompressSync(br.rawPayload).equals(script)).toBe(true);
    const gz = await app.inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).equals(script)).toBe(true);
    const plain = await app.inject({ method: 'GET', url: '/widget.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(script)).toBe(true);
  });

  it('shows a live chatbot on its demo page: escaped name, the widget tag, no inline script', async () => {
    const c = ctx();
    const name = 'Acme <Rockets> & "Friends"';
    const id = await createChatbot(c, name, 'live');
    const response = await c.app.inject({ method: 'GET', url: `/demo/${id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    const html = response.body;
    expect(html).toContain('<title>Acme &lt;Rockets&gt; &amp; &quot;Friends&quot; — demo</title>');
    expect(html).not.toContain('<Rockets>');
    expect(html).toContain(`<script src="/widget.js" data-chatbot-id="${id}" async></script>`);
    expect(html).toMatch(/demo of the Parley chat widget/);
    // Every script is a file from this server: the CSP forbids inline ones.
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts).toEqual([`<script src="/widget.js" data-chatbot-id="${id}" async></script>`]);
    // The tag to copy, with Parley's public address.
    expect(html).toContain(`&lt;script src=&quot;${c.config.publicUrl}/widget.js&quot; data-chatbot-id=&quot;${id}&quot; async&gt;&lt;/script&gt;`);
  });

  it('says a draft must be set live first, and that an unknown chatbot does not exist', async () => {
    const c = ctx();
    const draftId = await createChatbot(c, 'Secret draft bot', 'draft');
    const draft = await c.app.inject({ method: 'GET', url: `/demo/${draftId}` });
    expect(draft.statusCode).toBe(404);
    expect(draft.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(draft.body).toMatch(/must be set live/);
    expect(draft.body).not.toContain('Secret draft bot');
    expect(draft.body).not.toContain('<script');

    const missing = await c.app.inject({ method: 'GET', url: '/demo/6f1d2c3b-4a59-4e8d-9c7b-6a5f4e3d2c1b' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/Chatbot not found/);

    const bad = await c.app.inject({ method: 'GET', url: '/demo/not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/UUID/);
  });
});

describe('widget.js before and after a build', () => {
  it('answers 503 with what to run until the file exists, then serves each rebuild without a restart', async () => {
    const distDir = mkdtempSync(path.join(tmpdir(), 'parley-widget-dist-'));
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(widgetRoutes, { distDir });
    try {
      const missing = await app.inject({ method: 'GET', url: '/widget.js' });
      expect(missing.statusCode).toBe(503);
      expect(missing.body).toMatch(/npm run build/);

      writeFileSync(path.join(distDir, 'widget.js'), '(()=>{console.log("v1")})();');
      const first = await app.inject({ method: 'GET', url: '/widget.js' });
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('v1');

      writeFileSync(path.join(distDir, 'widget.js'), '(()=>{console.log("version 2")})();');
      const second = await app.inject({ method: 'GET', url: '/widget.js', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(second.statusCode).toBe(200);
      expect(second.body).toContain('version 2');
      expect(second.headers.etag).not.toBe(first.headers.etag);
    } finally {
      await app.close();
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});
