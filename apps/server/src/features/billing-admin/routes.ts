import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  adminCustomerDetailSchema,
  adminCustomerListSchema,
  adminInvoiceListSchema,
  adminSubscriptionListSchema,
  billingAlertListSchema,
  billingAlertSchema,
  billingAnalyticsSchema,
  billingConfigurationSchema,
  billingEventListSchema,
  billingHealthSchema,
  billingSettingsResponseSchema,
  billingSettingsSchema,
  billingSummarySchema,
  customerQuerySchema,
  invoiceItemSchema,
  invoiceListSchema,
  invoiceQuerySchema,
  paymentFailuresSchema,
  paymentFlowBodySchema,
  paymentFlowParamsSchema,
  paymentFlowResultSchema,
  productSyncBodySchema,
  productSyncResponseSchema,
  productSyncResultSchema,
  resolveBillingAlertBodySchema,
  revenueQuerySchema,
  revenueResponseSchema,
  subscriberListSchema,
  subscriptionHealthSchema,
  subscriptionQuerySchema,
  updateBillingConfigurationBodySchema,
  webhookHealthSchema,
  webhookTestBodySchema,
  webhookTestResultSchema,
} from '@parley/shared/contracts/billing-admin';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAdmin } from '../../plugins/access';
import { sandboxInvoiceParams, sandboxInvoicePdf, sendInvoicePdf } from '../billing/index';
import { recentBillingEvents, recentInvoices, recentSubscribers } from './activity';
import { evaluateBillingAlerts, listOpenBillingAlerts, resolveBillingAlert } from './alerts';
import { billingAnalytics, billingReportTime, revenueByMonth } from './analytics';
import { customerDetail, invoicesCsv, listCustomers, listInvoices, listSubscriptions } from './customers';
import { billingHealth, billingSummary, paymentFailures, subscriptionHealth, webhookHealth } from './monitoring';
import {
  billingConfiguration,
  loadProductSync,
  retryFailedInvoice,
  runPaymentFlow,
  saveProductSync,
  sendTestWebhook,
  updateBillingConfiguration,
} from './provider-tools';
import { getBillingSettings, saveBillingSettings } from './settings';

const errors = errorResponses(400, 401, 403, 404, 409, 503);
const tags = ['billing-admin'];

/**
 * The admin side of commerce (spec part 2 §2 "Payment-provider Integration Testing" and the billing tabs of
 * "Pricing and Billing Administration"): system_admin only. Alerts are evaluated after every billing event.
 */
export const billingAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/billing/sandbox/invoices/:invoiceId/pdf',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: "Any organization's sandbox invoice as a PDF", params: sandboxInvoiceParams, response: { 200: z.any(), ...errors } },
    },
    async (request, reply) => sendInvoicePdf(reply, await sandboxInvoicePdf(app.db, null, request.params.invoiceId)),
  );

  // The alerts are evaluated again after each of this app's billing events (app.billing, the billing feature's context).
  app.billing.onEventProcessed(async () => {
    await evaluateBillingAlerts(app.db);
  });

  /* ---- Payment-provider Integration Testing ---- */

  app.get(
    '/api/admin/billing/summary',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'The four summary tiles', response: { 200: billingSummarySchema, ...errors } } },
    async () => billingSummary(app.db),
  );
  app.get(
    '/api/admin/billing/health',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Billing health score (spec §9) and its figures', response: { 200: billingHealthSchema, ...errors } },
    },
    async () => billingHealth(app.db),
  );
  app.get(
    '/api/admin/billing/payment-failures',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Payment failures in 1 h, 24 h, 7 d, 30 d', response: { 200: paymentFailuresSchema, ...errors } },
    },
    async () => paymentFailures(app.db),
  );
  app.get(
    '/api/admin/billing/subscription-health',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Current subscriptions by status', response: { 200: subscriptionHealthSchema, ...errors } },
    },
    async () => subscriptionHealth(app.db),
  );
  app.get(
    '/api/admin/billing/webhook-health',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'Webhook events of the last 24 hours', response: { 200: webhookHealthSchema, ...errors } } },
    async () => webhookHealth(app.db),
  );
  app.get(
    '/api/admin/billing/alerts',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'The 50 unresolved billing alerts', response: { 200: billingAlertListSchema, ...errors } } },
    async () => ({
      items: await listOpenBillingAlerts(app.db),
    }),
  );
  app.post(
    '/api/admin/billing/alerts/:id/resolve',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Resolve an alert (notes optional)',
        params: idParamsSchema,
        body: resolveBillingAlertBodySchema,
        response: { 200: billingAlertSchema, ...errors },
      },
    },
    async (request) => {
      return resolveBillingAlert(app.db, { id: request.params.id, notes: request.body.notes, actorId: request.actor.userId }, request.actor);
    },
  );
  app.get(
    '/api/admin/billing/events',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'The latest 50 billing events', response: { 200: billingEventListSchema, ...errors } } },
    async () => ({
      items: await recentBillingEvents(app.db),
    }),
  );
  app.get(
    '/api/admin/billing/subscribers',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'The latest 20 subscribers', response: { 200: subscriberListSchema, ...errors } } },
    async () => ({
      items: await recentSubscribers(app.db),
    }),
  );
  app.get(
    '/api/admin/billing/recent-invoices',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'The latest 20 invoices', response: { 200: invoiceListSchema, ...errors } } },
    async () => ({
      items: await recentInvoices(app.db),
    }),
  );
  app.post(
    '/api/admin/billing/webhook-test',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Send a signed test event through POST /api/webhooks/stripe',
        body: webhookTestBodySchema,
        response: { 200: webhookTestResultSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      return sendTestWebhook(app, { eventType: request.body.eventType, userId: identity.user.id });
    },
  );
  app.post(
    '/api/admin/billing/payment-flows/:step',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Run one payment test step against the configured provider',
        params: paymentFlowParamsSchema,
        body: paymentFlowBodySchema,
        response: { 200: paymentFlowResultSchema, ...errors },
      },
    },
    async (request) => {
      const { identity } = requireAdmin(request);
      return runPaymentFlow(app.billing, { step: request.params.step, userId: identity.user.id, email: identity.user.email, ...request.body });
    },
  );
  app.get(
    '/api/admin/billing/product-sync',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: "The provider's products and prices, and the paid tiers", response: { 200: productSyncResponseSchema, ...errors } },
    },
    async () => loadProductSync(app.billing),
  );
  app.put(
    '/api/admin/billing/product-sync',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Save price ids onto tiers', body: productSyncBodySchema, response: { 200: productSyncResultSchema, ...errors } },
    },
    async (request) => {
      return saveProductSync(app.db, { mappings: request.body.mappings, actorId: request.actor.userId }, request.actor);
    },
  );
  app.get(
    '/api/admin/billing/configuration',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Provider, masked secrets, events and webhook URL', response: { 200: billingConfigurationSchema, ...errors } },
    },
    async () => billingConfiguration(app.db, app.config),
  );
  app.put(
    '/api/admin/billing/configuration',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Set, rotate or clear the Stripe secrets',
        body: updateBillingConfigurationBodySchema,
        response: { 200: billingConfigurationSchema, ...errors },
      },
    },
    async (request) => {
      return updateBillingConfiguration(app.db, app.config, { ...request.body, actorId: request.actor.userId }, request.actor);
    },
  );

  /* ---- Pricing and Billing Administration tabs ---- */

  app.get(
    '/api/admin/billing/analytics',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'MRR, churn, plan distribution', response: { 200: billingAnalyticsSchema, ...errors } } },
    async () => billingAnalytics(app.db, await billingReportTime(app.db, app.config)),
  );
  app.get(
    '/api/admin/billing/revenue',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Revenue, MRR, churn and plans per month',
        querystring: revenueQuerySchema,
        response: { 200: revenueResponseSchema, ...errors },
      },
    },
    async (request) => revenueByMonth(app.db, request.query.months, await billingReportTime(app.db, app.config)),
  );
  app.get(
    '/api/admin/billing/subscriptions',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Subscriptions, searched and filtered',
        querystring: subscriptionQuerySchema,
        response: { 200: adminSubscriptionListSchema, ...errors },
      },
    },
    async (request) => listSubscriptions(app.db, request.query),
  );
  app.get(
    '/api/admin/billing/customers',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Customers, searched and filtered by status',
        querystring: customerQuerySchema,
        response: { 200: adminCustomerListSchema, ...errors },
      },
    },
    async (request) => listCustomers(app.db, request.query, await billingReportTime(app.db, app.config)),
  );
  app.get(
    '/api/admin/billing/customers/:id',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: "One customer's subscriptions, invoices and token purchases",
        params: idParamsSchema,
        response: { 200: adminCustomerDetailSchema, ...errors },
      },
    },
    async (request) => customerDetail(app.db, request.params.id, await billingReportTime(app.db, app.config)),
  );
  app.get(
    '/api/admin/billing/invoices',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Invoices, searched and filtered', querystring: invoiceQuerySchema, response: { 200: adminInvoiceListSchema, ...errors } },
    },
    async (request) => listInvoices(app.db, request.query),
  );
  app.get(
    '/api/admin/billing/invoices/export',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Invoices matching the filters as CSV',
        querystring: invoiceQuerySchema.omit({ page: true, pageSize: true }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await invoicesCsv(app.db, request.query);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="invoices-${stamp}.csv"`).send(csv);
    },
  );
  app.post(
    '/api/admin/billing/invoices/:id/retry',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Retry the payment of a failed invoice',
        params: idParamsSchema,
        response: { 200: z.object({ paid: z.boolean(), invoice: invoiceItemSchema }), ...errors },
      },
    },
    async (request) => {
      return retryFailedInvoice(app.billing, { id: request.params.id, actorId: request.actor.userId }, request.actor);
    },
  );
  app.get(
    '/api/admin/billing/settings',
    { config: { access: 'system_admin' }, schema: { tags, summary: 'Billing settings', response: { 200: billingSettingsResponseSchema, ...errors } } },
    async () => getBillingSettings(app.db),
  );
  app.put(
    '/api/admin/billing/settings',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Save billing settings', body: billingSettingsSchema, response: { 200: billingSettingsResponseSchema, ...errors } },
    },
    async (request) => {
      return saveBillingSettings(app.db, { settings: request.body, actorId: request.actor.userId }, request.actor);
    },
  );
};
