import { defineFeature } from '../../plugins/features';
import { n8nRoutes } from './routes';

export { type ChunkSource, createN8nChunkSource, N8nIngestError } from './chunk-source';
export { probeN8nHealth } from './health';
/** For a chatbot's n8n action (features/chatbot-actions/builtin-actions.ts): the same request, address and record as the webhook test. */
export { exchangeAndRecord } from './requests';
export { loadN8nSettings, n8nBearerSecret } from './settings';
export { joinBaseUrl } from './shared';

/** The n8n feature: its routes, registered by app.ts with the others. */
export const n8nFeature = defineFeature(
  'n8n',
  async (app, { rateLimiter }) => {
    await app.register(n8nRoutes, { rateLimiter });
  },
  ['system-configuration'],
);
