import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cspViolations } from '../../db/schema/index';
import { describeEachDatabase } from '../../test/harness';

const report = (blocked: string) => ({
  'csp-report': {
    'document-uri': 'http://localhost:3000/dashboard?token=secret',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'blocked-uri': blocked,
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
  },
});

describeEachDatabase('CSP reports', (ctx) => {
  it('every HTML response carries a policy that names the report endpoint', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/dashboard' });
    expect(String(response.headers['content-security-policy'])).toContain('report-uri /api/csp-report');
  });

  it("every response carries helmet's headers; a route with its own policy replaces the CSP", async () => {
    const health = await ctx().app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(String(health.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    // Served over http (the test's public URL): no HSTS, and no header helmet removes.
    expect(health.headers['strict-transport-security']).toBeUndefined();
    expect(health.headers['x-powered-by']).toBeUndefined();
    const docs = await ctx().app.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(docs.headers['x-content-type-options']).toBe('nosniff');
    expect(String(docs.headers['content-security-policy'])).not.toContain('report-uri');
  });

  it('stores a report, and the same directive + document + blocked URI increments violation_count', async () => {
    const blocked = `https://cdn-${Date.now()}.example/evil.js`;
    for (let i = 0; i < 3; i += 1) {
      const response = await ctx().app.inject({
        method: 'POST',
        url: '/api/csp-report',
        headers: { 'content-type': 'application/csp-report' },
        payload: JSON.stringify(report(blocked)),
      });
      expect(response.statusCode).toBe(204);
    }
    const rows = await ctx().database.db.select().from(cspViolations).where(eq(cspViolations.blockedUri, blocked));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ violationCount: 3, violatedDirective: 'script-src-elem', documentUri: 'http://localhost:3000/dashboard' });
  });

  it('accepts Reporting API bodies (application/reports+json)', async () => {
    const blocked = `https://img-${Date.now()}.example/x.png`;
    const body = [
      {
        type: 'csp-violation',
        body: { documentURL: 'http://localhost:3000/auth', effectiveDirective: 'img-src', blockedURL: blocked, disposition: 'enforce' },
      },
    ];
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/csp-report',
      headers: { 'content-type': 'application/reports+json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(204);
    const rows = await ctx().database.db.select().from(cspViolations).where(eq(cspViolations.blockedUri, blocked));
    expect(rows[0]?.violatedDirective).toBe('img-src');
  });

  it('refuses what is not a report with 400 and stores nothing', async () => {
    const before = (await ctx().database.db.select().from(cspViolations)).length;
    for (const payload of ['{"hello":1}', 'not json']) {
      const response = await ctx().app.inject({ method: 'POST', url: '/api/csp-report', headers: { 'content-type': 'application/csp-report' }, payload });
      expect(response.statusCode).toBe(400);
    }
    expect((await ctx().database.db.select().from(cspViolations)).length).toBe(before);
  });
});
