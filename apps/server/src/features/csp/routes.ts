import { CSP_REPORTS_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import { cspReportSchema, reportingApiBodySchema } from '@parley/shared/contracts/csp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { recordCspViolation, type CspViolationInput } from './service';

const MAX_REPORT_BYTES = 64 * 1024;

/** Strip query strings and fragments: reports must not store tokens that were in a URL. */
const trimUri = (value: string | undefined) => (value ?? '').split(/[?#]/)[0]!.slice(0, 2000);

function toViolations(body: unknown): CspViolationInput[] {
  const legacy = cspReportSchema.safeParse(body);
  if (legacy.success) {
    const r = legacy.data['csp-report'];
    return [
      {
        documentUri: trimUri(r['document-uri']),
        violatedDirective: (r['effective-directive'] ?? r['violated-directive'] ?? 'unknown').split(' ')[0]!,
        blockedUri: trimUri(r['blocked-uri']),
        sourceFile: r['source-file'] ? trimUri(r['source-file']) : null,
        lineNumber: r['line-number'] ?? null,
        columnNumber: r['column-number'] ?? null,
        disposition: r.disposition ?? null,
      },
    ];
  }
  const modern = reportingApiBodySchema.safeParse(body);
  if (modern.success) {
    return modern.data
      .filter((report) => report.type === 'csp-violation')
      .map(({ body: r }) => ({
        documentUri: trimUri(r.documentURL),
        violatedDirective: (r.effectiveDirective ?? 'unknown').split(' ')[0]!,
        blockedUri: trimUri(r.blockedURL),
        sourceFile: r.sourceFile ? trimUri(r.sourceFile) : null,
        lineNumber: r.lineNumber ?? null,
        columnNumber: r.columnNumber ?? null,
        disposition: r.disposition ?? null,
      }));
  }
  throw new AppError('VALIDATION_ERROR', 'Not a CSP violation report.');
}

/** POST /api/csp-report: browsers send application/csp-report (report-uri) or application/reports+json (report-to). */
export const cspRoutes: FastifyPluginAsyncZod<{ rateLimiter: RateLimiter }> = async (app, { rateLimiter }) => {
  for (const type of ['application/csp-report', 'application/reports+json']) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: MAX_REPORT_BYTES }, (_request, payload, done) => {
      try {
        done(null, JSON.parse(payload as string));
      } catch {
        done(new AppError('VALIDATION_ERROR', 'The report is not valid JSON.'), undefined);
      }
    });
  }

  app.post(
    '/api/csp-report',
    {
      config: { access: 'public' },
      bodyLimit: MAX_REPORT_BYTES,
      schema: { tags: ['security'], summary: 'Receive Content-Security-Policy violation reports', body: z.unknown(), response: { 204: z.null() } },
    },
    async (request, reply) => {
      let violations: CspViolationInput[] | AppError;
      try {
        violations = toViolations(request.body);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        violations = error;
      }
      // Every report counts against the limit (one Reporting API request may carry up to 100); a request that is no
      // report counts as one.
      const weight = Array.isArray(violations) ? Math.max(1, violations.length) : 1;
      const limit = await rateLimiter.hit(`csp:${request.ip}`, CSP_REPORTS_PER_IP_PER_MINUTE, 60, weight).catch(() => null);
      if (limit && !limit.allowed) throw new AppError('RATE_LIMITED', 'Too many reports.', { 'retry-after': String(limit.retryAfterSeconds) });
      if (violations instanceof AppError) throw violations;
      const ua = request.headers['user-agent'];
      for (const violation of violations) {
        await recordCspViolation(app.db, { ...violation, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null });
      }
      return reply.status(204).send(null);
    },
  );
};
