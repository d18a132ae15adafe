import { errorResponses } from '@parley/shared/contracts/errors';
import {
  claimReferralBodySchema,
  claimReferralResultSchema,
  myReferralSchema,
  referralDashboardSchema,
  referralListQuerySchema,
  referralListSchema,
  referralSettingsSchema,
  referrerListQuerySchema,
  referrerListSchema,
  updateReferralSettingsBodySchema,
} from '@parley/shared/contracts/referrals';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIdentity } from '../../plugins/access';
import { attributeNewAccount, listReferrals, listReferrers, myReferral, readReferralSettings, referralDashboard, updateReferralSettings } from './service';

const errors = errorResponses(400, 401, 403);
const tags = ['referrals'];

/**
 * Referrals: a customer's own link; the admin dashboard and its settings, system_admin only (the spec's route table
 * for /admin/referrals). See docs/decisions/README.md.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/referrals/me',
    {
      config: { access: 'user' },
      schema: { tags, summary: 'Your referral link (made on first use) and what it brought', response: { 200: myReferralSchema, ...errors } },
    },
    async (request) => myReferral(app.db, requireIdentity(request).user.id, app.config.publicUrl),
  );

  app.post(
    '/api/referrals/claim',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Attribute your new account (made in the last ten minutes, e.g. through single sign-on) to the referral link you arrived by',
        body: claimReferralBodySchema,
        response: { 200: claimReferralResultSchema, ...errors },
      },
    },
    async (request) => ({ attributed: await attributeNewAccount(app.db, { code: request.body.referralCode, userId: requireIdentity(request).user.id }) }),
  );

  app.get(
    '/api/admin/referrals',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Referral totals and settings', response: { 200: referralDashboardSchema, ...errors } },
    },
    async () => referralDashboard(app.db),
  );

  app.get(
    '/api/admin/referrals/referrers',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Referrers, most sign-ups first (paginated)',
        querystring: referrerListQuerySchema,
        response: { 200: referrerListSchema, ...errors },
      },
    },
    async (request) => listReferrers(app.db, request.query),
  );

  app.get(
    '/api/admin/referrals/list',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Referred sign-ups, newest first (paginated)',
        querystring: referralListQuerySchema,
        response: { 200: referralListSchema, ...errors },
      },
    },
    async (request) => listReferrals(app.db, request.query),
  );

  app.get(
    '/api/admin/referrals/settings',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'Referral settings', response: { 200: referralSettingsSchema, ...errors } } },
    async () => readReferralSettings(app.db),
  );

  app.put(
    '/api/admin/referrals/settings',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Save referral settings', body: updateReferralSettingsBodySchema, response: { 200: referralSettingsSchema, ...errors } },
    },
    async (request) => {
      return updateReferralSettings(app.db, { ...request.body, actorId: request.actor.userId }, request.actor);
    },
  );
};
