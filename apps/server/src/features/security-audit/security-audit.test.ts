import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditCheck, SecurityAudit } from '@parley/shared/contracts/security-audit';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { adminActivityLogs, adminUsers, profiles, systemApiKeys } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase, testConfig, type TestContext } from '../../test/harness';
import { readNpmAudit } from './npm-audit';
import { authorizationCoverage } from './route-inventory';
import { weakSecretKeyReason } from './checks';
import { summarizeChecks } from './service';

function npmAuditFixture(content: object): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'parley-npm-audit-')), 'npm-audit.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}
const CLEAN_AUDIT = npmAuditFixture({
  ranAt: new Date().toISOString(),
  ok: true,
  vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 },
  packages: {},
});

async function runAudit(app: FastifyInstance, cookie: string): Promise<SecurityAudit> {
  const response = await app.inject({ method: 'POST', url: '/api/admin/security/audit', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SecurityAudit;
}
const byId = (audit: SecurityAudit) => Object.fromEntries(audit.checks.map((c) => [c.id, c])) as Record<string, AuditCheck>;

describeEachDatabase(
  'security audit: a configured install',
  (ctx) => {
    it('passes every check, reports full route coverage as rls_coverage, and logs the run', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const audit = await runAudit(c.app, admin.cookie);
      const failing = audit.checks.filter((check) => check.status !== 'pass');
      expect(failing, JSON.stringify(failing, null, 2)).toEqual([]);
      expect(audit).toMatchObject({ status: 'pass', score: 100, rls_coverage: 100, ranBy: admin.userId });
      expect(audit.checks.map((check) => check.category)).toEqual(
        expect.arrayContaining(['authorization', 'admin_accounts', 'secrets', 'configuration', 'dependencies', 'database']),
      );
      const [logged] = await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, audit.id));
      expect(logged).toMatchObject({ action: 'security_audit_run', adminUserId: admin.userId });
      const latest = (await c.app.inject({ method: 'GET', url: '/api/admin/security/audit', headers: { cookie: admin.cookie } })).json() as {
        audit: SecurityAudit;
      };
      expect(latest.audit.id).toBe(audit.id);
    });

    it('warns about deactivated and dormant admins, and fails on a stored key it cannot open', async () => {
      const c = ctx();
      const admin = await createAdmin(c, 'system_admin');
      const gone = await createAdmin(c, 'developer', false);
      const dormant = await createAdmin(c, 'support');
      await c.database.db
        .update(profiles)
        .set({ lastSignInAt: new Date(Date.now() - 91 * 24 * 3600_000) })
        .where(eq(profiles.id, dormant.userId));
      await c.database.db
        .insert(systemApiKeys)
        .values({ serviceName: 'openai', keyName: 'pasted-in-plain', encryptedValue: 'sk-live-plaintext', last4: 'text' });
      try {
        const checks = byId(await runAudit(c.app, admin.cookie));
        expect(checks.inactive_admins).toMatchObject({ status: 'warn', items: [gone.email] });
        expect(checks.dormant_admins!.status).toBe('warn');
        expect(checks.dormant_admins!.items[0]).toContain(dormant.email);
        expect(checks.ai_keys_encrypted).toMatchObject({ status: 'fail', items: ['pasted-in-plain'] });
      } finally {
        await c.database.db.delete(systemApiKeys).where(eq(systemApiKeys.keyName, 'pasted-in-plain'));
        await c.database.db.delete(adminUsers).where(eq(adminUsers.userId, gone.userId));
        await c.database.db.delete(adminUsers).where(eq(adminUsers.userId, dormant.userId));
      }
    });

    it('is refused to anyone but a system admin', async () => {
      const c = ctx();
      const developer = await createAdmin(c, 'developer');
      expect((await c.app.inject({ method: 'POST', url: '/api/admin/security/audit', headers: { cookie: developer.cookie } })).statusCode).toBe(403);
      expect((await c.app.inject({ method: 'POST', url: '/api/admin/security/audit' })).statusCode).toBe(401);
    });
  },
  { NODE_ENV: 'production', PUBLIC_URL: 'https://parley.example', TRUSTED_ORIGINS: 'http://localhost:3000' },
  { npmAuditFile: CLEAN_AUDIT },
);

describeEachDatabase('security audit: what it finds wrong', (ctx) => {
  async function appWith(c: TestContext, config: ReturnType<typeof testConfig>, prepare?: (app: FastifyInstance) => Promise<void>) {
    const app = await buildApp(config, { database: c.database, logger: false, npmAuditFile: CLEAN_AUDIT });
    await prepare?.(app);
    await app.ready();
    const admin = await createAdmin({ ...c, app, config }, 'system_admin');
    return { app, admin };
  }

  it('fails a fresh development install on the production settings, each with its reason', async () => {
    const c = ctx();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-fresh-'));
    // What `npm run dev` on a new machine gets: no PARLEY_SECRET_KEY (generated into DATA_DIR), http://localhost.
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, { persistSecret: true });
    const { app, admin } = await appWith(c, config);
    try {
      const audit = await runAudit(app, admin.cookie);
      const checks = byId(audit);
      expect(audit.status).toBe('fail');
      expect(checks.production_mode).toMatchObject({ status: 'fail' });
      expect(checks.production_mode!.reason).toContain('NODE_ENV is development');
      expect(checks.public_url_https).toMatchObject({ status: 'fail' });
      expect(checks.public_url_https!.reason).toContain('PUBLIC_URL is http://localhost:3000');
      expect(checks.secret_key).toMatchObject({ status: 'fail' });
      expect(checks.secret_key!.reason).toContain('generated into DATA_DIR/secret.key');
      // What does not depend on the environment still passes.
      expect(checks.route_authorization!.status).toBe('pass');
      expect(checks.csp!.status).toBe('pass');
      expect(checks.migrations!.status).toBe('pass');
      expect(audit.score).toBeLessThan(100);
    } finally {
      await app.close();
    }
  });

  it('fails the placeholder PARLEY_SECRET_KEY of deploy/parley.env.example', async () => {
    const c = ctx();
    const { app, admin } = await appWith(c, testConfig({ PARLEY_SECRET_KEY: 'replace-with-64-hex-characters-from-openssl-rand-hex-32' }));
    try {
      const checks = byId(await runAudit(app, admin.cookie));
      expect(checks.secret_key).toMatchObject({ status: 'fail', reason: expect.stringContaining('placeholder copied from a template') });
    } finally {
      await app.close();
    }
  });

  it('a route that declares no access of its own drops coverage below 100 % and fails the audit', async () => {
    const c = ctx();
    // Under a prefix the guard grants to the API docs plugin, a route of ours gets in without a declaration.
    const { app, admin } = await appWith(c, testConfig(), async (built) => {
      await built.register(
        async (child) => {
          child.get('/export', async () => ({ everything: true }));
        },
        { prefix: '/api/docs' },
      );
    });
    try {
      const audit = await runAudit(app, admin.cookie);
      const coverage = byId(audit).route_authorization!;
      expect(coverage.status).toBe('fail');
      expect(coverage.items).toEqual(['GET /api/docs/export']);
      expect(audit.rls_coverage).toBeLessThan(100);
      expect(audit.rls_coverage).toBeGreaterThan(90);
      expect(audit.status).toBe('fail');
    } finally {
      await app.close();
    }
  });

  it('fails when a migration is not applied', async () => {
    const c = ctx();
    const { app, admin } = await appWith(c, testConfig());
    const [last] = (
      (await c.database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`)) as unknown as {
        rows: { id: number; hash: string; created_at: string }[];
      }
    ).rows;
    await c.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      const check = byId(await runAudit(app, admin.cookie)).migrations!;
      expect(check.status).toBe('fail');
      expect(check.reason).toMatch(/^1 migration of \d+ not applied/);
    } finally {
      await c.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`,
      );
      await app.close();
    }
  });
});

describe('security audit: its parts', () => {
  it('counts a route as covered only when it declares access itself, or is a third-party plugin route the guard knows', () => {
    const table = [
      { method: 'GET', url: '/api/a' },
      { method: 'GET', url: '/api/docs' },
      { method: 'GET', url: '/api/docs/mine' },
    ];
    const coverage = authorizationCoverage(
      [
        { method: 'GET', url: '/api/a', declared: true, thirdParty: false },
        { method: 'GET', url: '/api/docs', declared: false, thirdParty: true },
        { method: 'GET', url: '/api/docs/mine', declared: false, thirdParty: false },
        { method: 'GET', url: '/api/unguarded', declared: true, thirdParty: false },
      ],
      table,
    );
    expect(coverage).toEqual({ total: 4, covered: 2, percent: 50, uncovered: ['GET /api/docs/mine', 'GET /api/unguarded'] });
  });

  it('scores a pass as 1 and a warning as ½; any failure fails the audit', () => {
    const check = (status: AuditCheck['status']): AuditCheck => ({ id: status, category: 'database', title: '', status, reason: '', items: [] });
    expect(summarizeChecks([check('pass'), check('pass')])).toEqual({ status: 'pass', score: 100 });
    expect(summarizeChecks([check('pass'), check('warn')])).toEqual({ status: 'warn', score: 75 });
    expect(summarizeChecks([check('pass'), check('warn'), check('fail'), check('pass')])).toEqual({ status: 'fail', score: 63 });
  });

  it('reads the dependency audit recorded at build time, or says it is missing', () => {
    expect(readNpmAudit(path.join(tmpdir(), `none-${randomBytes(4).toString('hex')}.json`))).toEqual({ kind: 'missing' });
    const offline = npmAuditFixture({ ranAt: '2026-01-01T00:00:00.000Z', ok: false, error: 'registry unreachable (ENOTFOUND)' });
    expect(readNpmAudit(offline)).toMatchObject({ kind: 'recorded', audit: { ok: false, error: 'registry unreachable (ENOTFOUND)' } });
  });
});

describe('weakSecretKeyReason', () => {
  it('refuses template placeholders and hand-typed keys, accepts generated ones', () => {
    expect(weakSecretKeyReason('replace-with-64-hex-characters-from-openssl-rand-hex-32')).toContain('placeholder');
    expect(weakSecretKeyReason('change-me-change-me-change-me-change-me')).toContain('placeholder');
    expect(weakSecretKeyReason('a'.repeat(64))).toContain('only 1 distinct character:');
    expect(weakSecretKeyReason('0123'.repeat(16))).toContain('only 4 distinct characters');
    for (let i = 0; i < 50; i += 1) {
      expect(weakSecretKeyReason(randomBytes(32).toString('hex'))).toBeNull();
      expect(weakSecretKeyReason(randomBytes(24).toString('base64url'))).toBeNull();
    }
  });
});
