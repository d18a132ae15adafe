import { idParamsSchema } from '@parley/shared/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoPage, draftDemoPage, missingDemoPage } from './demo-page';
import { findDemoChatbot } from './service';
import { defaultWidgetDistDir, matchesEtag, preferredEncoding, widgetBundleLoader } from './widget-bundle';

const NOT_BUILT = 'The Parley chat widget is not built. Run `npm run build` (or `node apps/widget/build.mjs`), then reload.';

/** GET /widget.js, the embeddable chat, and GET /demo/:id, a page of Parley's that shows it. */
export const widgetRoutes: FastifyPluginAsyncZod<{ distDir?: string }> = async (app, options) => {
  const loadBundle = widgetBundleLoader(options.distDir ?? defaultWidgetDistDir());

  app.get('/widget.js', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const bundle = await loadBundle();
    if (!bundle) return reply.status(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(NOT_BUILT);
    reply.headers({
      'content-type': 'application/javascript; charset=utf-8',
      // Short, so a new release reaches customers' pages within minutes; the ETag makes the re-check cheap.
      'cache-control': 'public, max-age=300',
      etag: bundle.etag,
      // Helmet says same-origin; customers' websites must be able to load this script.
      'cross-origin-resource-policy': 'cross-origin',
      vary: 'Accept-Encoding',
    });
    if (matchesEtag(request.headers['if-none-match'], bundle.etag)) return reply.status(304).send();
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? bundle.brotli : encoding === 'gzip' ? bundle.gzip : bundle.body);
  });

  app.get('/demo/:id', { config: { access: 'public' }, schema: { hide: true, params: idParamsSchema } }, async (request, reply) => {
    const chatbot = await findDemoChatbot(app.db, request.params.id);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!chatbot) return reply.status(404).send(missingDemoPage());
    // Like the public chat API, a draft is not there for visitors; its name is not shown either.
    if (chatbot.status !== 'live') return reply.status(404).send(draftDemoPage());
    return reply.send(demoPage({ id: chatbot.id, name: chatbot.name, publicUrl: app.config.publicUrl }));
  });
};
