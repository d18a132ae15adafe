import { publicLandingSchema } from '@parley/shared/contracts/landing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublicLanding } from './service';

/** The landing page's data (/): anyone may read it. */
export const landingRoutes: FastifyPluginAsyncZod = async (app) => {
  const demoChatbotId = app.config.publicDemoChatbotId;
  let warnedMissingDemo = false;

  app.get(
    '/api/public/landing',
    {
      config: { access: 'public' },
      schema: {
        tags: ['landing'],
        summary: 'The live demo chatbot of the landing page (PUBLIC_DEMO_CHATBOT_ID), or null',
        response: { 200: publicLandingSchema },
      },
    },
    async (request) => {
      const landing = await getPublicLanding(app.db, { demoChatbotId });
      // Once per process: the operator set a demo chatbot that is missing or not live.
      if (demoChatbotId && !landing.demoChatbot && !warnedMissingDemo) {
        warnedMissingDemo = true;
        request.log.warn({ chatbotId: demoChatbotId }, 'PUBLIC_DEMO_CHATBOT_ID names no live chatbot: the landing page shows no demo');
      }
      return landing;
    },
  );
};
