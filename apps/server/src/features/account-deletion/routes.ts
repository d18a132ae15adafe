import { accountDeletionScheduledSchema, accountDeletionStatusSchema, requestAccountDeletionBodySchema } from '@parley/shared/contracts/account-deletion';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../lib/client-info';
import type { Auth } from '../../plugins/better-auth';
import { requireIdentity } from '../../plugins/access';
import type { Mailer } from '../../providers/email/mailer';
import { headersOf } from '../account/index';
import { deletionScheduledNotice } from '../../providers/email/account-emails';
import { recordSecurityEvent } from '../../services/security-events';
import { getDeletionStatus, requestAccountDeletion } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['account'];

export const accountDeletionRoutes: FastifyPluginAsyncZod<{ auth: Auth; mailer: Mailer }> = async (app, { auth, mailer }) => {
  app.get(
    '/api/account/deletion',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'What deleting the account would do to each organization, and whether it can go ahead',
        response: { 200: accountDeletionStatusSchema, ...errors },
      },
    },
    async (request) => getDeletionStatus(app.db, requireIdentity(request).user.id),
  );

  app.post(
    '/api/account/deletion',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete the account after the grace period (signs out everywhere; signing in again cancels)',
        body: requestAccountDeletionBodySchema,
        response: { 202: accountDeletionScheduledSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { user } = requireIdentity(request);
      const scheduled = await requestAccountDeletion(app.db, { userId: user.id, confirmation: request.body.confirmation });
      await recordSecurityEvent(app.db, {
        eventType: 'account_deletion_requested',
        userId: user.id,
        email: user.email,
        ...clientInfo(request),
        details: {
          deletion_id: scheduled.id,
          scheduled_for: scheduled.scheduledFor.toISOString(),
          organizations_deleted: scheduled.organizations.filter((o) => o.outcome === 'delete').map((o) => o.id),
        },
      });
      await mailer.send(deletionScheduledNotice(scheduled.email, user.name, scheduled.scheduledFor, app.config.publicUrl));
      // Every session was ended with the request; this clears the browser's cookie too.
      const signedOut = await auth.api.signOut({ headers: headersOf(request), asResponse: true }).catch(() => null);
      const cookies = signedOut?.headers.getSetCookie() ?? [];
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.status(202).send({ id: scheduled.id, scheduledFor: scheduled.scheduledFor.toISOString() });
    },
  );
};
