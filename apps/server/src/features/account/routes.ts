import {
  accountProfileSchema,
  accountSessionListSchema,
  connectedAccountListSchema,
  connectedAccountParamsSchema,
  revokedSessionsSchema,
  sessionParamsSchema,
  updateProfileBodySchema,
} from '@parley/shared/contracts/account';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import { OAUTH_PROVIDER_ID } from '@parley/shared/constants';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { clientInfo } from '../../lib/client-info';
import type { Auth } from '../../plugins/better-auth';
import { requireIdentity } from '../../plugins/access';
import { recordSecurityEvent } from '../../services/security-events';
import { callAuth, headersOf } from './auth-api';
import { findConnectedAccount, listConnectedAccounts } from './connected-accounts';
import { getAccountProfile, readAvatar, removeAvatar, saveAvatar, updateProfile } from './profile';
import { countOtherSessions, listAccountSessions, sessionToken } from './sessions';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['account'];

export const accountRoutes: FastifyPluginAsyncZod<{ auth: Auth }> = async (app, { auth }) => {
  const providerNames = { [OAUTH_PROVIDER_ID]: app.config.oidc?.name ?? 'Single sign-on' };

  app.get(
    '/api/account/profile',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The signed-in user’s profile', response: { 200: accountProfileSchema, ...errors } },
    },
    async (request) => getAccountProfile(app.db, requireIdentity(request).user.id),
  );

  app.patch(
    '/api/account/profile',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Change first and last name (the full name follows)',
        body: updateProfileBodySchema,
        response: { 200: accountProfileSchema, ...errors },
      },
    },
    async (request) => updateProfile(app.db, requireIdentity(request).user.id, request.body),
  );

  app.post(
    '/api/account/avatar',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Upload an avatar (multipart field "file"): PNG, JPEG, WebP or GIF, at most 2 MB',
        response: { 200: accountProfileSchema, 413: errorResponseSchema, 415: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError('VALIDATION_ERROR', 'Send the image as multipart/form-data in a field named "file".');
      // One byte over the limit is enough to know the file is too large.
      const file = await request.file({ limits: { fileSize: 2 * 1024 * 1024 + 1, files: 1 } });
      if (!file || file.fieldname !== 'file') throw new AppError('VALIDATION_ERROR', 'Send the image as multipart/form-data in a field named "file".');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('PAYLOAD_TOO_LARGE', 'The image is larger than 2 MB. Choose a smaller one.');
        throw error;
      }
      return saveAvatar(app.db, requireIdentity(request).user.id, data);
    },
  );

  app.delete(
    '/api/account/avatar',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Remove the avatar', response: { 200: accountProfileSchema, ...errors } },
    },
    async (request) => removeAvatar(app.db, requireIdentity(request).user.id),
  );

  app.get(
    '/api/avatars/:userId',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A user’s avatar image (cached; ETag)',
        params: z.object({ userId: z.uuid({ error: 'Invalid id: must be a UUID' }) }),
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { 200: z.string().describe('image/*'), 304: z.null().describe('Not modified'), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const avatar = await readAvatar(app.db, request.params.userId);
      if (!avatar) throw new AppError('NOT_FOUND', 'No avatar.');
      const etag = `"${avatar.etag}"`;
      // A URL naming this version never changes; one without it is checked again after a while.
      const isVersioned = request.query.v !== undefined && avatar.etag.startsWith(request.query.v);
      reply
        .header('etag', etag)
        .header('cache-control', isVersioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate')
        .header('last-modified', avatar.updatedAt.toUTCString())
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'");
      const ifNoneMatch = request.headers['if-none-match'];
      if (typeof ifNoneMatch === 'string' && ifNoneMatch.split(',').some((t) => t.trim() === etag || t.trim() === `W/${etag}`)) {
        return reply.status(304).send(null);
      }
      return reply.type(avatar.contentType).send(avatar.content as unknown as string);
    },
  );

  app.get(
    '/api/account/sessions',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Where the user is signed in', response: { 200: accountSessionListSchema, ...errors } },
    },
    async (request) => {
      const { user, session } = requireIdentity(request);
      return { items: await listAccountSessions(app.db, user.id, session.id) };
    },
  );

  app.delete(
    '/api/account/sessions/:sessionId',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Sign out one session', params: sessionParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { user, session } = requireIdentity(request);
      const token = await sessionToken(app.db, user.id, request.params.sessionId);
      if (!token) throw new AppError('NOT_FOUND', 'That session has already ended.');
      const response = await callAuth(() => auth.api.revokeSession({ headers: headersOf(request), body: { token }, asResponse: true }));
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      await recordSecurityEvent(app.db, {
        eventType: 'session_revoked',
        userId: user.id,
        email: user.email,
        ...clientInfo(request),
        details: { session_id: request.params.sessionId, current: request.params.sessionId === session.id },
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/account/sessions/revoke-others',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Sign out every other session', response: { 200: revokedSessionsSchema, ...errors } },
    },
    async (request) => {
      const { user, session } = requireIdentity(request);
      const revoked = await countOtherSessions(app.db, user.id, session.id);
      await callAuth(() => auth.api.revokeOtherSessions({ headers: headersOf(request) }));
      await recordSecurityEvent(app.db, {
        eventType: 'other_sessions_revoked',
        userId: user.id,
        email: user.email,
        ...clientInfo(request),
        details: { revoked },
      });
      return { revoked };
    },
  );

  app.get(
    '/api/account/connected-accounts',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The ways this account signs in', response: { 200: connectedAccountListSchema, ...errors } },
    },
    async (request) => ({ items: await listConnectedAccounts(app.db, requireIdentity(request).user.id, providerNames) }),
  );

  app.delete(
    '/api/account/connected-accounts/:accountId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Disconnect a single sign-on provider (another way to sign in must remain)',
        params: connectedAccountParamsSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = requireIdentity(request);
      const account = await findConnectedAccount(app.db, user.id, request.params.accountId);
      if (!account) throw new AppError('NOT_FOUND', 'That sign-in method is not connected to your account.');
      if (account.providerId === 'credential') throw new AppError('VALIDATION_ERROR', 'E-mail sign-in cannot be disconnected here.');
      const items = await listConnectedAccounts(app.db, user.id, providerNames);
      if (!items.find((i) => i.id === account.id)?.canUnlink) {
        throw new AppError('VALIDATION_ERROR', 'This is your only way to sign in. Add another before disconnecting it.');
      }
      await callAuth(() => auth.api.unlinkAccount({ headers: headersOf(request), body: { accountId: account.id } }));
      await recordSecurityEvent(app.db, {
        eventType: 'account_unlinked',
        userId: user.id,
        email: user.email,
        ...clientInfo(request),
        details: { provider_id: account.providerId },
      });
      return { ok: true as const };
    },
  );
};
