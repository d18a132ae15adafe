import {
  calculateTokensBodySchema,
  calculateTokensResponseSchema,
  saveTokenConversionBodySchema,
  tokenConversionSchema,
} from '@parley/shared/contracts/token-conversion';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculateTokens, getTokenConversion, saveTokenConversion } from './service';

const errors = errorResponses(400, 401, 403);
const tags = ['token conversion'];

/** Token Conversion Management (spec part 2 §2): system_admin only. */
export const tokenConversionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/token-conversion',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'The conversion rules in force and the two token types', response: { 200: tokenConversionSchema, ...errors } },
    },
    async () => getTokenConversion(app.db),
  );

  app.put(
    '/api/admin/token-conversion',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Save the conversion rules and both token types together (all or nothing); every server process drops its cached rules',
        body: saveTokenConversionBodySchema,
        response: { 200: tokenConversionSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      await saveTokenConversion(app.db, request.body, request.actor.userId, request.actor);
      await app.tokenMeter.announceChange();
      return getTokenConversion(app.db);
    },
  );

  app.post(
    '/api/admin/token-conversion/calculate',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Tokens a text costs under the rules in force (the same meter that bills chat messages and documents)',
        body: calculateTokensBodySchema,
        response: { 200: calculateTokensResponseSchema, ...errors },
      },
    },
    async (request) => calculateTokens(app.tokenMeter, request.body.text),
  );
};
