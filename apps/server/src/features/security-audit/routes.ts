import { errorResponses } from '@parley/shared/contracts/errors';
import { latestSecurityAuditSchema, securityAuditSchema } from '@parley/shared/contracts/security-audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrationsFolder } from '../../db/client';
import type { RateLimiter } from '../../lib/rate-limiter';
import { latestSecurityAudit, runSecurityAudit } from './service';

const errors = errorResponses(401, 403);
const tags = ['security'];

/** The Security Audit Dashboard (spec part 2 §2, §7 "security-audit function: POST with the session"): system_admin only. */
export const securityAuditRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter; npmAuditFile: string }> = async (app, { rateLimiter, npmAuditFile }) => {
  app.get(
    '/api/admin/security/audit',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'The latest security audit, if one has run', response: { 200: latestSecurityAuditSchema, ...errors } },
    },
    async () => ({ audit: await latestSecurityAudit(app.db) }),
  );

  app.post(
    '/api/admin/security/audit',
    {
      config: { access: 'system_admin' },
      schema: { tags, summary: 'Run the security audit of this installation', response: { 200: securityAuditSchema, ...errors } },
    },
    async (request) => {
      return runSecurityAudit(
        {
          db: app.db,
          config: app.config,
          routeInventory: app.routeInventory,
          routeTable: app.routeTable,
          rateLimiter,
          fetchOwnPage: (url) => app.inject({ method: 'GET', url }),
          npmAuditFile,
          migrationsFolder: migrationsFolder(),
        },
        { id: request.actor.userId, context: request.actor },
      );
    },
  );
};
