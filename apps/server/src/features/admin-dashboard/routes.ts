import { activityLogListSchema } from '@parley/shared/contracts/activity-logs';
import { adminStatsSchema, healthMonitorSchema, systemHealthSchema } from '@parley/shared/contracts/admin-dashboard';
import { errorResponses } from '@parley/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../lib/rate-limiter';
import { listActivity } from '../activity-logs/index';
import { healthMonitor } from '../health/index';
import { adminStats, type StatsSources } from './service';
import { systemHealth } from './system-health';

const errors = errorResponses(401, 403);
const tags = ['admin dashboard'];

export const adminDashboardRoutes: FastifyPluginAsyncZod<{ statsSources: StatsSources; rateLimiter: RateLimiter }> = async (
  app,
  { statsSources, rateLimiter },
) => {
  app.get(
    '/api/admin/stats',
    {
      config: { access: 'admin' },
      schema: { tags, summary: 'The four dashboard figures with growth against the previous 30 days', response: { 200: adminStatsSchema, ...errors } },
    },
    async () => adminStats(app.db, statsSources),
  );

  app.get(
    '/api/admin/system-health',
    { config: { access: 'admin' }, schema: { tags, summary: 'Live checks of what this install depends on', response: { 200: systemHealthSchema, ...errors } } },
    async () => systemHealth(app, rateLimiter),
  );

  // The dashboard's Recent System Activity (5) is open to every admin; the full log page (features/activity-logs) is system_admin.
  app.get(
    '/api/admin/activity/recent',
    { config: { access: 'admin' }, schema: { tags, summary: 'The 5 latest admin activity entries', response: { 200: activityLogListSchema, ...errors } } },
    async () => listActivity(app.db, 5),
  );

  app.get(
    '/api/admin/health',
    {
      config: { access: 'developer' },
      schema: { tags: ['health'], summary: 'Last 100 probes, success rate and stress flags', response: { 200: healthMonitorSchema, ...errors } },
    },
    async () => healthMonitor(app.db),
  );
};
