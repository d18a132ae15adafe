import { INVITATION_LOOKUPS_PER_MINUTE } from '@parley/shared/constants';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponseSchema, errorResponses } from '@parley/shared/contracts/errors';
import {
  acceptInvitationResponseSchema,
  createInvitationBodySchema,
  createOrganizationBodySchema,
  deleteOrganizationBodySchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationTokenBodySchema,
  memberListSchema,
  memberParamsSchema,
  memberSchema,
  membershipEventListSchema,
  organizationListSchema,
  organizationSchema,
  transferOwnershipBodySchema,
  updateMemberRoleBodySchema,
  updateOrganizationBodySchema,
} from '@parley/shared/contracts/organizations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { requireIdentity, requireMembership } from '../../plugins/access';
import type { Mailer } from '../../providers/email/mailer';
import { listMembershipEvents } from './events';
import { acceptInvitation, inviteMember, listInvitations, previewInvitation, resendInvitation, revokeInvitation, type InvitationDeps } from './invitations';
import {
  changeMemberRole,
  createOrganization,
  deleteOrganization,
  getOrganization,
  leaveOrganization,
  listMembers,
  listMyOrganizations,
  removeMember,
  renameOrganization,
  transferOwnership,
} from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);
const tags = ['organizations'];

export const organizationRoutes: FastifyPluginAsyncZod<{ mailer: Mailer; rateLimiter: RateLimiter }> = async (app, { mailer, rateLimiter }) => {
  const invitationDeps = (): InvitationDeps => ({ db: app.db, mailer, rateLimiter, publicUrl: app.config.publicUrl });
  /** The caller, the organization the request acts in and their role there. */
  const actor = (request: FastifyRequest) => {
    const { user } = requireIdentity(request);
    return { ...requireMembership(request), userId: user.id, email: user.email };
  };

  app.get(
    '/api/organizations',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'The organizations I belong to, with my role in each', response: { 200: organizationListSchema, ...errors } },
    },
    async (request) => ({ items: await listMyOrganizations(app.db, requireIdentity(request).user.id) }),
  );

  app.post(
    '/api/organizations',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Create an organization (I become its owner)',
        body: createOrganizationBodySchema,
        response: { 201: organizationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createOrganization(app.db, requireIdentity(request).user.id, request.body)),
  );

  app.get(
    '/api/organizations/current',
    {
      config: { access: 'user', permission: 'organization.view' },
      schema: { tags, summary: 'The organization this request acts in, and my role there', response: { 200: organizationSchema, ...errors } },
    },
    async (request) => getOrganization(app.db, requireMembership(request), requireIdentity(request).user.id),
  );

  app.patch(
    '/api/organizations/current',
    {
      config: { access: 'user', permission: 'organization.settings' },
      schema: { tags, summary: 'Rename the organization', body: updateOrganizationBodySchema, response: { 200: organizationSchema, ...errors } },
    },
    async (request) => renameOrganization(app.db, requireMembership(request), requireIdentity(request).user.id, request.body),
  );

  app.delete(
    '/api/organizations/current',
    {
      config: { access: 'user', permission: 'organization.delete' },
      schema: {
        tags,
        summary: 'Delete the organization with its chatbots, training data, conversations and keys (type its name to confirm)',
        body: deleteOrganizationBodySchema,
        response: { 200: okResponseSchema, ...errors, 503: errorResponseSchema },
      },
    },
    async (request) => {
      await deleteOrganization({ db: app.db, billing: app.billing, log: request.log }, requireMembership(request), request.body);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/organizations/current/members',
    {
      config: { access: 'user', permission: 'organization.view' },
      schema: { tags, summary: 'Members with their role and when they joined (owner first)', response: { 200: memberListSchema, ...errors } },
    },
    async (request) => ({ items: await listMembers(app.db, requireMembership(request).organizationId, requireIdentity(request).user.id) }),
  );

  app.patch(
    '/api/organizations/current/members/:userId',
    {
      config: { access: 'user', permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Change a member’s role (admin or member)',
        params: memberParamsSchema,
        body: updateMemberRoleBodySchema,
        response: { 200: memberSchema, ...errors },
      },
    },
    async (request) => changeMemberRole(app.db, actor(request), request.params.userId, request.body.role),
  );

  app.delete(
    '/api/organizations/current/members/:userId',
    {
      config: { access: 'user', permission: 'team.manage' },
      schema: { tags, summary: 'Remove a member', params: memberParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await removeMember(app.db, actor(request), request.params.userId);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/organizations/current/leave',
    {
      config: { access: 'user', permission: 'organization.leave' },
      schema: { tags, summary: 'Leave the organization (not for its owner)', response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await leaveOrganization(app.db, actor(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/organizations/current/transfer-ownership',
    {
      config: { access: 'user', permission: 'organization.transfer' },
      schema: {
        tags,
        summary: 'Hand the organization to another member; I become an admin',
        body: transferOwnershipBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      await transferOwnership(app.db, actor(request), request.body.userId);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/organizations/current/activity',
    {
      config: { access: 'user', permission: 'team.manage' },
      schema: { tags, summary: 'The latest membership changes (50), newest first', response: { 200: membershipEventListSchema, ...errors } },
    },
    async (request) => ({ items: await listMembershipEvents(app.db, requireMembership(request).organizationId) }),
  );

  app.get(
    '/api/organizations/current/invitations',
    {
      config: { access: 'user', permission: 'team.manage' },
      schema: { tags, summary: 'Pending invitations (expired ones included), newest first', response: { 200: invitationListSchema, ...errors } },
    },
    async (request) => ({ items: await listInvitations(app.db, requireMembership(request).organizationId) }),
  );

  app.post(
    '/api/organizations/current/invitations',
    {
      config: { access: 'user', permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Invite someone by e-mail with a role (the link expires in 7 days and works once)',
        body: createInvitationBodySchema,
        response: { 201: invitationSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteMember(invitationDeps(), actor(request), request.body)),
  );

  app.post(
    '/api/organizations/current/invitations/:id/resend',
    {
      config: { access: 'user', permission: 'team.manage' },
      schema: {
        tags,
        summary: 'Send the invitation again with a new link and a new expiry',
        params: idParamsSchema,
        response: { 200: invitationSchema, ...errors },
      },
    },
    async (request) => resendInvitation(invitationDeps(), actor(request), request.params.id),
  );

  app.delete(
    '/api/organizations/current/invitations/:id',
    {
      config: { access: 'user', permission: 'team.manage' },
      schema: { tags, summary: 'Revoke a pending invitation (its link stops working)', params: idParamsSchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await revokeInvitation(app.db, actor(request), request.params.id);
      return { ok: true as const };
    },
  );

  // The token travels in the body, never in a URL that logs and proxies would keep.
  app.post(
    '/api/invitations/preview',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What an invitation link is for: organization, inviter, e-mail, role and whether it can still be used',
        body: invitationTokenBodySchema,
        response: { 200: invitationPreviewSchema, ...errors },
      },
    },
    async (request) => {
      const limit = await rateLimiter.hit(`invitation-preview:${request.ip}`, INVITATION_LOOKUPS_PER_MINUTE, 60);
      if (!limit.allowed)
        throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
      return previewInvitation(app.db, request.body.token);
    },
  );

  app.post(
    '/api/invitations/accept',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Join the organization of an invitation addressed to my e-mail',
        body: invitationTokenBodySchema,
        response: { 200: acceptInvitationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user } = requireIdentity(request);
      const limit = await rateLimiter.hit(`invitation-accept:${user.id}`, INVITATION_LOOKUPS_PER_MINUTE, 60);
      if (!limit.allowed)
        throw new AppError('RATE_LIMITED', 'Too many attempts. Please wait and try again.', { 'retry-after': String(limit.retryAfterSeconds) });
      return acceptInvitation(app.db, user, request.body.token);
    },
  );
};
