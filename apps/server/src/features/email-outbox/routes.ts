import { idParamsSchema } from '@parley/shared/contracts/common';
import { emailOutboxQuerySchema, outboxEmailDetailSchema, outboxEmailPageSchema, outboxEmailSchema } from '@parley/shared/contracts/email-outbox';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { EmailSender } from '../../providers/email/mailer';
import { getOutboxEmail, listOutbox, resendOutboxEmail } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['e-mail outbox'];

/**
 * The debug console's e-mail outbox: every message Parley wrote, with its links (a confirmation link when no SMTP relay
 * is set). E-mail content is for system admins only.
 */
export const emailOutboxRoutes: FastifyPluginAsyncZod<{ mailer: EmailSender }> = async (app, { mailer }) => {
  app.get(
    '/api/admin/email-outbox',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Messages in the outbox, newest first, searched by address or subject, a page at a time',
        querystring: emailOutboxQuerySchema,
        response: { 200: outboxEmailPageSchema, ...errors },
      },
    },
    async (request) => listOutbox(app.db, request.query),
  );

  app.get(
    '/api/admin/email-outbox/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'One message with its text and the links in it (recorded as email_viewed)',
        params: idParamsSchema,
        response: { 200: outboxEmailDetailSchema, ...errors },
      },
    },
    async (request) => {
      return getOutboxEmail(app.db, { id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );

  app.post(
    '/api/admin/email-outbox/:id/resend',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Send the same message again (recorded as email_resent)',
        params: idParamsSchema,
        response: { 200: outboxEmailSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      return resendOutboxEmail({ db: app.db, mailer }, { id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );
};
