import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { cspViolationReports, cspViolations } from '../../db/schema/index';
import { deleteExpiredUsage } from '../api-usage/retention';
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
  const postLegacyReport = (body: unknown) =>
    ctx().app.inject({ method: 'POST', url: '/api/csp-report', headers: { 'content-type': 'application/csp-report' }, payload: JSON.stringify(body) });

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
      const response = await postLegacyReport(report(blocked));
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

  it('stores a report whose URIs are as long as allowed (their hash keeps them unique, not a btree entry of all three)', async () => {
    // Random characters do not compress: three of them exceed the 2,704 bytes a btree entry may hold.
    const noise = (n: number) => Array.from({ length: n }, () => String.fromCharCode(0x4e00 + Math.floor(Math.random() * 20000))).join('');
    const document = `http://localhost:3000/${noise(1900)}`;
    const blocked = `https://cdn.example/${noise(1900)}`;
    for (let i = 0; i < 2; i += 1) {
      const response = await postLegacyReport({
        'csp-report': { 'document-uri': document, 'effective-directive': `script-src ${noise(400)}`, 'blocked-uri': blocked },
      });
      expect(response.statusCode).toBe(204);
    }
    const rows = await ctx().database.db.select().from(cspViolations).where(eq(cspViolations.blockedUri, blocked));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.violationCount).toBe(2);
  });

  it('every report of a Reporting API batch counts against the per-address limit', async () => {
    const batch = (n: number, tag: string) =>
      JSON.stringify(
        Array.from({ length: n }, (_, i) => ({
          type: 'csp-violation',
          body: { documentURL: 'http://localhost:3000/auth', effectiveDirective: 'img-src', blockedURL: `https://batch-${tag}-${i}.example/x.png` },
        })),
      );
    const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    const send = (payload: string) =>
      ctx().app.inject({ method: 'POST', url: '/api/csp-report', remoteAddress: address, headers: { 'content-type': 'application/reports+json' }, payload });
    const tag = String(Date.now());
    expect((await send(batch(50, `${tag}-a`))).statusCode).toBe(204);
    const refused = await send(batch(50, `${tag}-b`));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const stored = await ctx()
      .database.db.select({ n: sql<number>`count(*)::int` })
      .from(cspViolations)
      .where(sql`${cspViolations.blockedUri} LIKE ${`https://batch-${tag}-%`}`);
    expect(stored[0]!.n).toBe(50);
  });

  it('a violation group no report has added to in 30 days is deleted with its reports', async () => {
    const blocked = `https://old-${Date.now()}.example/evil.js`;
    const response = await postLegacyReport(report(blocked));
    expect(response.statusCode).toBe(204);
    const [row] = await ctx().database.db.select().from(cspViolations).where(eq(cspViolations.blockedUri, blocked));
    await deleteExpiredUsage(ctx().database.db, new Date(Date.now() + 29 * 24 * 3600 * 1000));
    expect(await ctx().database.db.select().from(cspViolations).where(eq(cspViolations.id, row!.id))).toHaveLength(1);
    await deleteExpiredUsage(ctx().database.db, new Date(Date.now() + 31 * 24 * 3600 * 1000));
    expect(await ctx().database.db.select().from(cspViolations).where(eq(cspViolations.id, row!.id))).toHaveLength(0);
    expect(await ctx().database.db.select().from(cspViolationReports).where(eq(cspViolationReports.violationId, row!.id))).toHaveLength(0);
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
