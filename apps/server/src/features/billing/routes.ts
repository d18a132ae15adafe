import { can } from '@parley/shared/access';
import {
  cancelSubscriptionBodySchema,
  checkoutResultSchema,
  invoicePageSchema,
  payResultSchema,
  portalResultSchema,
  sandboxCardSchema,
  sandboxCheckoutSessionSchema,
  sandboxClockBodySchema,
  sandboxClockResetSchema,
  sandboxClockResultSchema,
  sandboxClockStateSchema,
  sandboxConfirmBodySchema,
  sandboxPortalCardBodySchema,
  sandboxPortalSchema,
  sandboxSessionParamsSchema,
  subscriptionOverviewSchema,
  tierCheckoutBodySchema,
  tokenCheckoutBodySchema,
  tokenOverviewSchema,
} from '@parley/shared/contracts/billing';
import { okResponseSchema } from '@parley/shared/contracts/auth';
import { pageQuerySchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireIdentity, requireMembership } from '../../plugins/access';
import type { Mailer } from '../../providers/email/mailer';
import { sendBillingEventEmails, sendCancellationScheduledEmail } from './notifications';
import { openCustomerPortal, setCancelAtPeriodEnd, startTierCheckout, startTokenCheckout } from './checkout';
import { confirmSandboxCheckout, getSandboxCheckoutSession, paySandboxCheckout, startSandboxTrialWithoutCard } from '../../providers/payments/sandbox/checkout';
import { advanceSandboxClock, resetSandboxClock, sandboxClockState } from '../../providers/payments/sandbox/clock';
import { runSandboxRenewals } from './sandbox-renewals';
import {
  listInvoices,
  SANDBOX_INVOICE_ID_PATTERN,
  sandboxInvoicePdf,
  sandboxPortal,
  sendInvoicePdf,
  subscriptionOverview,
  tokenOverview,
  updateSandboxCard,
} from './service';
import { handleBillingWebhook } from './webhook';

const errors = errorResponses(400, 401, 403, 404, 409, 410, 503);
const tags = ['billing'];
export const sandboxInvoiceParams = z.object({ invoiceId: z.string().regex(SANDBOX_INVOICE_ID_PATTERN, 'Not a sandbox invoice id') });

/**
 * POST /api/webhooks/stripe: public, verified by signature. Its own plugin so the raw body (which the signature
 * covers, byte for byte) is kept here and JSON is parsed as usual everywhere else.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/webhooks/stripe',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Payment provider webhook (Stripe, and the sandbox): verifies stripe-signature; idempotent by event id',
        body: z.instanceof(Buffer, { error: 'Send the event as application/json.' }),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean(), status: z.string() }), ...errors },
      },
    },
    async (request) => {
      const outcome = await handleBillingWebhook(app.billing, request.body, request.headers, request.log);
      if (outcome.status === 'failed' && outcome.retry) throw new AppError('SERVICE_UNAVAILABLE', 'The event could not be processed now; deliver it again.');
      return { received: true as const, duplicate: outcome.duplicate, status: outcome.status };
    },
  );
};

/** The customer side: /dashboard/subscription and /dashboard/billing; the sandbox's hosted checkout and portal. */
export const billingRoutes: FastifyPluginAsyncZod<{ mailer: Mailer }> = async (app, { mailer }) => {
  // The customer's billing e-mails, after each processed event of this app (decisions/0023-billing-settings.md).
  app.billing.onEventProcessed(async (event) => {
    await sendBillingEventEmails({ db: app.db, mailer, publicUrl: app.config.publicUrl }, event);
  });

  app.get(
    '/api/billing/subscription',
    {
      config: { access: 'user', permission: 'billing.view' },
      schema: {
        tags,
        summary: 'The plan, its limits and use, the subscription and the plans on offer',
        response: { 200: subscriptionOverviewSchema, ...errors },
      },
    },
    async (request) => {
      const membership = requireMembership(request);
      return subscriptionOverview(app.db, app.config, membership.organizationId, can(membership.role, 'billing.manage'));
    },
  );

  app.post(
    '/api/billing/subscription/checkout',
    {
      config: { access: 'user', permission: 'billing.manage' },
      schema: {
        tags,
        summary: 'Upgrade or downgrade: a checkout, or a change of the current subscription',
        body: tierCheckoutBodySchema,
        response: { 200: checkoutResultSchema, ...errors },
      },
    },
    async (request) => {
      const identity = requireIdentity(request);
      const { organizationId } = requireMembership(request);
      return startTierCheckout(app.billing, { organizationId, userId: identity.user.id, email: identity.user.email, ...request.body });
    },
  );

  app.post(
    '/api/billing/subscription/cancel',
    {
      config: { access: 'user', permission: 'billing.manage' },
      schema: {
        tags,
        summary: 'Cancel at the end of the period (or take it back)',
        body: cancelSubscriptionBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { organizationId } = requireMembership(request);
      const scheduled = await setCancelAtPeriodEnd(app.billing, organizationId, request.body.cancelAtPeriodEnd);
      // The owners get a confirmation saying when the plan ends (the mailer never throws for a transport failure).
      if (scheduled) await sendCancellationScheduledEmail({ db: app.db, mailer, publicUrl: app.config.publicUrl }, { organizationId, ...scheduled });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/billing/portal',
    {
      config: { access: 'user', permission: 'billing.manage' },
      schema: { tags, summary: "The provider's customer portal", response: { 200: portalResultSchema, ...errors } },
    },
    async (request) => openCustomerPortal(app.billing, requireMembership(request).organizationId),
  );

  app.get(
    '/api/billing/invoices',
    {
      config: { access: 'user', permission: 'billing.view' },
      schema: { tags, summary: "The organization's invoices, newest first", querystring: pageQuerySchema, response: { 200: invoicePageSchema, ...errors } },
    },
    async (request) => listInvoices(app.db, requireMembership(request).organizationId, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/billing/tokens',
    {
      config: { access: 'user', permission: 'billing.view' },
      schema: { tags, summary: 'Token balance, packages for sale and recent purchases', response: { 200: tokenOverviewSchema, ...errors } },
    },
    async (request) => {
      const membership = requireMembership(request);
      return tokenOverview(app.db, app.config, membership.organizationId, can(membership.role, 'billing.manage'));
    },
  );

  app.post(
    '/api/billing/tokens/checkout',
    {
      config: { access: 'user', permission: 'billing.manage' },
      schema: { tags, summary: 'Buy a token package: a checkout', body: tokenCheckoutBodySchema, response: { 200: portalResultSchema, ...errors } },
    },
    async (request) => {
      const identity = requireIdentity(request);
      return startTokenCheckout(app.billing, {
        organizationId: requireMembership(request).organizationId,
        userId: identity.user.id,
        email: identity.user.email,
        packageId: request.body.packageId,
      });
    },
  );

  app.get(
    '/api/billing/sandbox/checkout/:checkoutId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "A sandbox checkout session (the buyer's own)",
        params: sandboxSessionParamsSchema,
        response: { 200: sandboxCheckoutSessionSchema, ...errors },
      },
    },
    async (request) => getSandboxCheckoutSession(app.db, request.params.checkoutId, requireIdentity(request).user.id),
  );

  app.post(
    '/api/billing/sandbox/checkout/:checkoutId/pay',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Pay a sandbox checkout with a test card',
        params: sandboxSessionParamsSchema,
        body: sandboxCardSchema,
        response: { 200: payResultSchema, ...errors },
      },
    },
    async (request) =>
      paySandboxCheckout(
        app.db,
        app.config,
        { sessionId: request.params.checkoutId, userId: requireIdentity(request).user.id, card: request.body },
        app.billing.sandboxSink(request.log),
      ),
  );

  app.post(
    '/api/billing/sandbox/checkout/:checkoutId/start-trial',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Start the trial of a sandbox checkout without a card (when the billing settings allow it)',
        params: sandboxSessionParamsSchema,
        response: { 200: payResultSchema, ...errors },
      },
    },
    async (request) =>
      startSandboxTrialWithoutCard(
        app.db,
        app.config,
        { sessionId: request.params.checkoutId, userId: requireIdentity(request).user.id },
        app.billing.sandboxSink(request.log),
      ),
  );

  app.post(
    '/api/billing/sandbox/checkout/:checkoutId/confirm',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Confirm (or refuse) a payment that requires action',
        params: sandboxSessionParamsSchema,
        body: sandboxConfirmBodySchema,
        response: { 200: payResultSchema, ...errors },
      },
    },
    async (request) =>
      confirmSandboxCheckout(
        app.db,
        app.config,
        { sessionId: request.params.checkoutId, userId: requireIdentity(request).user.id, approve: request.body.approve },
        app.billing.sandboxSink(request.log),
      ),
  );

  app.get(
    '/api/billing/sandbox/portal',
    {
      config: { access: 'user', permission: 'billing.manage' },
      schema: { tags, summary: "The sandbox's customer portal", response: { 200: sandboxPortalSchema, ...errors } },
    },
    async (request) => sandboxPortal(app.db, requireMembership(request).organizationId),
  );

  app.put(
    '/api/billing/sandbox/portal/card',
    {
      config: { access: 'user', permission: 'billing.manage' },
      schema: { tags, summary: 'Replace the saved test card', body: sandboxPortalCardBodySchema, response: { 200: sandboxPortalSchema, ...errors } },
    },
    async (request) => updateSandboxCard(app.db, requireMembership(request).organizationId, request.body),
  );

  app.get(
    '/api/billing/sandbox/invoices/:invoiceId/pdf',
    {
      config: { access: 'user', permission: 'billing.view' },
      schema: { tags, summary: 'A sandbox invoice as a PDF', params: sandboxInvoiceParams, response: { 200: z.any(), ...errors } },
    },
    async (request, reply) => {
      return sendInvoicePdf(reply, await sandboxInvoicePdf(app.db, requireMembership(request).organizationId, request.params.invoiceId));
    },
  );

  app.post(
    '/api/admin/billing/sandbox/clock',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Move the sandbox clock forward and run what became due (renewals, retries)',
        body: sandboxClockBodySchema,
        response: { 200: sandboxClockResultSchema, ...errors },
      },
    },
    async (request) => {
      const { now, offsetSeconds } = await advanceSandboxClock(app.db, request.body.seconds);
      const run = await runSandboxRenewals(app.billing, request.log);
      return { now: now.toISOString(), offsetSeconds, renewed: run.renewed, failed: run.failed, canceled: run.canceled };
    },
  );

  app.get(
    '/api/admin/billing/sandbox/clock',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'The sandbox clock: its time and how far it is ahead of real time', response: { 200: sandboxClockStateSchema, ...errors } },
    },
    async () => {
      const { now, offsetSeconds } = await sandboxClockState(app.db);
      return { now: now.toISOString(), offsetSeconds };
    },
  );

  app.delete(
    '/api/admin/billing/sandbox/clock',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Put the sandbox clock back to real time (what happened while it was ahead stays recorded)',
        response: { 200: sandboxClockResetSchema, ...errors },
      },
    },
    async () => {
      const { now, offsetSeconds, previousOffsetSeconds } = await resetSandboxClock(app.db);
      return { now: now.toISOString(), offsetSeconds, previousOffsetSeconds };
    },
  );
};
