import { idParamsSchema } from '@parley/shared/contracts/common';
import { errorResponses } from '@parley/shared/contracts/errors';
import {
  apiUsageResponseSchema,
  cspViolationListSchema,
  resolveSecurityAlertBodySchema,
  securityAlertListSchema,
  securityAlertQuerySchema,
  securityAlertSchema,
  securityEventListSchema,
  securityMetricsResponseSchema,
  timeframeQuerySchema,
  type SecurityTimeframeHours,
} from '@parley/shared/contracts/security-monitoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listSecurityAlerts, resolveSecurityAlert } from '../security-alerts/index';
import { apiUsageAnalytics, recentCspViolations, recentSecurityEvents, securityMetrics } from './service';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['security'];

/** Security Monitoring (spec part 2 §2, §7): system_admin only. */
export const securityMonitoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const hoursOf = (query: { timeframeHours: number }) => query.timeframeHours as SecurityTimeframeHours;

  app.get(
    '/api/admin/security/metrics',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Security metrics and score over the last 24 or 168 hours',
        querystring: timeframeQuerySchema,
        response: { 200: securityMetricsResponseSchema, ...errors },
      },
    },
    async (request) => {
      // This process's buffered requests first, so the figures include the latest second.
      await app.apiUsage.flush();
      return securityMetrics(app.db, hoursOf(request.query));
    },
  );

  app.get(
    '/api/admin/security/api-usage',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'API usage analytics over the last 24 or 168 hours',
        querystring: timeframeQuerySchema,
        response: { 200: apiUsageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await app.apiUsage.flush();
      return apiUsageAnalytics(app.db, hoursOf(request.query));
    },
  );

  app.get(
    '/api/admin/security/events',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'The 10 most recent security events of the window',
        querystring: timeframeQuerySchema,
        response: { 200: securityEventListSchema, ...errors },
      },
    },
    async (request) => ({ items: await recentSecurityEvents(app.db, hoursOf(request.query)) }),
  );

  app.get(
    '/api/admin/security/csp-violations',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'The 10 CSP violations seen most recently in the window',
        querystring: timeframeQuerySchema,
        response: { 200: cspViolationListSchema, ...errors },
      },
    },
    async (request) => ({ items: await recentCspViolations(app.db, hoursOf(request.query)) }),
  );

  app.get(
    '/api/admin/security/alerts',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Security alerts (open, or all), most recently seen first, at most 50',
        querystring: securityAlertQuerySchema,
        response: { 200: securityAlertListSchema, ...errors },
      },
    },
    async (request) => listSecurityAlerts(app.db, request.query.status),
  );

  app.post(
    '/api/admin/security/alerts/:id/resolve',
    {
      config: { access: 'system_admin' },
      schema: {
        tags,
        summary: 'Resolve a security alert (notes optional)',
        params: idParamsSchema,
        body: resolveSecurityAlertBodySchema,
        response: { 200: securityAlertSchema, ...errors },
      },
    },
    async (request) => {
      return resolveSecurityAlert(app.db, { id: request.params.id, notes: request.body.notes, actorId: request.actor.userId }, request.actor);
    },
  );
};
