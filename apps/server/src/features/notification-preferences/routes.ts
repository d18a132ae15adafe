import { errorResponses } from '@parley/shared/contracts/errors';
import { notificationPreferencesSchema, updateNotificationPreferencesBodySchema } from '@parley/shared/contracts/notification-preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity } from '../../plugins/access';
import { getNotificationPreferences, updateNotificationPreferences } from './service';

const errors = errorResponses(400, 401);
const tags = ['account'];

export const notificationPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/account/notification-preferences',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Which optional e-mails the signed-in user gets', response: { 200: notificationPreferencesSchema, ...errors } },
    },
    async (request) => getNotificationPreferences(app.db, requireIdentity(request).user.id),
  );

  app.patch(
    '/api/account/notification-preferences',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Turn kinds of e-mail on or off',
        body: updateNotificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => updateNotificationPreferences(app.db, requireIdentity(request).user.id, request.body),
  );
};
