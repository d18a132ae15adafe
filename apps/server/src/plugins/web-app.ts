import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorBody } from './errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const API_PREFIXES = ['/api/', '/v1/'];

/**
 * Serves the built web app: files from its dist folder, and index.html for every
 * other non-API path so client-side routes survive a reload (SPA fallback).
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { distDir: string }) => {
    const root = path.resolve(options.distDir);
    const isBuilt = existsSync(path.join(root, 'index.html'));
    if (!isBuilt) app.log.warn({ root }, 'web app not built: run `npm run build` to serve the UI');
    // The web build writes a brotli and a gzip copy beside each text file (apps/web/scripts/precompress.mjs): the one the
    // browser accepts is sent, with Content-Encoding and Vary, and the file itself to a client that accepts neither.
    else await app.register(fastifyStatic, { root, serve: false, preCompressed: true });

    app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
      const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
      if (API_PREFIXES.some((prefix) => urlPath.startsWith(prefix)) || urlPath === '/api') {
        return reply
          .status(404)
          .send(errorBody(urlPath, { statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: `No route for GET ${urlPath}`, requestId: request.id }));
      }
      if (!isBuilt) {
        return reply.status(503).type('text/plain').send('The Parley web app is not built. Run `npm run build`, then start the server again.');
      }
      const relative = path.normalize(urlPath).replace(/^([/\\])+/, '');
      const file = path.join(root, relative);
      if (relative && file.startsWith(root + path.sep) && existsSync(file) && statSync(file).isFile()) {
        // Vite puts content-hashed files under assets/: they never change.
        return relative.startsWith('assets/') ? reply.sendFile(relative, { maxAge: '365d', immutable: true }) : reply.sendFile(relative, { maxAge: '5m' });
      }
      if (path.extname(relative) && relative.startsWith('assets/')) {
        return reply.status(404).type('text/plain').send('Not found');
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  },
  { name: 'web-app', dependencies: ['access'] },
);
