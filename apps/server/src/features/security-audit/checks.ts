import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditCheck } from '@parley/shared/contracts/security-audit';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { adminUsers, profiles, systemApiKeys } from '../../db/schema/index';
import type { RateLimiter } from '../../lib/rate-limiter';
import { createSecretBox } from '../../lib/secrets';
import { SYSTEM_API_KEYS_SECRET_PURPOSE } from '../../providers/ai/key-store';
import { RATE_LIMIT_STATUS } from '../pricing-plans/index';
import { readSystemConfiguration } from '../../services/system-configuration';
import { readNpmAudit } from './npm-audit';
import { authorizationCoverage, type InventoryRoute } from './route-inventory';

/** Decided thresholds (docs/security.md "Security audit"). */
export const AUDIT_RULES = {
  dormantAdminDays: 90,
  maxSystemAdmins: 5,
  npmAuditMaxAgeDays: 30,
  maxItems: 20,
  /** A random 64-hex key has about 16 distinct characters, a random 32-character one over 20; a key under this is typed by hand. */
  minSecretKeyDistinctCharacters: 10,
} as const;

/** Words of the placeholders in deploy/parley.env.example and in common templates: a key holding one was copied, not generated. */
const PLACEHOLDER_SECRET = /replace[-_ ]?with|change[-_ ]?me|placeholder|your[-_ ]?secret|example|openssl[-_ ]rand/i;

/** Why PARLEY_SECRET_KEY is guessable (a template's placeholder, or too few distinct characters), or null. */
export function weakSecretKeyReason(secretKey: string): string | null {
  if (PLACEHOLDER_SECRET.test(secretKey)) {
    return 'PARLEY_SECRET_KEY is a placeholder copied from a template (such as deploy/parley.env.example): anyone can read it. Generate one with `openssl rand -hex 32`.';
  }
  const distinct = new Set(secretKey).size;
  if (distinct < AUDIT_RULES.minSecretKeyDistinctCharacters) {
    return `PARLEY_SECRET_KEY uses only ${plural(distinct, 'distinct character')}: it was typed, not generated, and can be guessed. Generate one with \`openssl rand -hex 32\`.`;
  }
  return null;
}

export interface AuditDeps {
  db: Db;
  config: Config;
  routeInventory: readonly InventoryRoute[];
  routeTable: readonly { method: string; url: string }[];
  rateLimiter: RateLimiter;
  /** Fetches one of the server's own pages (app.inject), to read the headers it really sends. */
  fetchOwnPage(url: string): Promise<{ headers: Record<string, string | string[] | number | undefined> }>;
  npmAuditFile: string;
  migrationsFolder: string;
  now?: Date;
}

type Check = Omit<AuditCheck, 'items'> & { items?: string[] };
const check = (c: Check): AuditCheck => ({ ...c, items: (c.items ?? []).slice(0, AUDIT_RULES.maxItems) });
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const windowText = (seconds: number) => (seconds === 60 ? 'minute' : seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`);

export function routeCoverageCheck(deps: Pick<AuditDeps, 'routeInventory' | 'routeTable'>): { check: AuditCheck; percent: number } {
  const coverage = authorizationCoverage(deps.routeInventory, deps.routeTable);
  const ok = coverage.uncovered.length === 0;
  return {
    percent: coverage.percent,
    check: check({
      id: 'route_authorization',
      category: 'authorization',
      title: 'Every route declares who may call it',
      status: ok ? 'pass' : 'fail',
      reason: ok
        ? `All ${coverage.total} registered routes declare their access, and the server guard enforces it.`
        : `${plural(coverage.uncovered.length, 'route')} of ${coverage.total} declare no access of their own (${coverage.percent}% covered): the guard does not decide who may call them.`,
      items: coverage.uncovered,
    }),
  };
}

async function adminChecks(db: Db, now: Date): Promise<AuditCheck[]> {
  const rows = await db
    .select({
      role: adminUsers.role,
      isActive: adminUsers.isActive,
      email: profiles.email,
      profileActive: profiles.isActive,
      lastSignInAt: profiles.lastSignInAt,
    })
    .from(adminUsers)
    .leftJoin(profiles, eq(profiles.id, adminUsers.userId));
  const active = rows.filter((r) => r.isActive && r.profileActive !== false);
  const systemAdmins = active.filter((r) => r.role === 'system_admin');
  const inactive = rows.filter((r) => !r.isActive || r.profileActive === false);
  const dormantSince = new Date(now.getTime() - AUDIT_RULES.dormantAdminDays * 24 * 60 * 60 * 1000);
  const dormant = active.filter((r) => !r.lastSignInAt || r.lastSignInAt < dormantSince);
  const email = (r: { email: string | null }) => r.email ?? '(no profile)';
  return [
    check({
      id: 'system_admins',
      category: 'admin_accounts',
      title: 'System administrators',
      status: systemAdmins.length === 0 ? 'fail' : systemAdmins.length > AUDIT_RULES.maxSystemAdmins ? 'warn' : 'pass',
      reason:
        systemAdmins.length === 0
          ? 'No active system administrator: nobody can manage this installation.'
          : systemAdmins.length > AUDIT_RULES.maxSystemAdmins
            ? `${systemAdmins.length} active system administrators: keep this role to ${AUDIT_RULES.maxSystemAdmins} or fewer people and give others a narrower role.`
            : `${plural(systemAdmins.length, 'active system administrator')} (of ${plural(active.length, 'active admin')}).`,
      items: systemAdmins.map(email),
    }),
    check({
      id: 'inactive_admins',
      category: 'admin_accounts',
      title: 'Inactive admin accounts',
      status: inactive.length === 0 ? 'pass' : 'warn',
      reason:
        inactive.length === 0
          ? 'No deactivated admin accounts are left in the admin list.'
          : `${plural(inactive.length, 'admin account')} deactivated but still listed: they hold no access now; remove them from Admin Users when they are no longer needed.`,
      items: inactive.map(email),
    }),
    check({
      id: 'dormant_admins',
      category: 'admin_accounts',
      title: `Admins signed in within ${AUDIT_RULES.dormantAdminDays} days`,
      status: dormant.length === 0 ? 'pass' : 'warn',
      reason:
        dormant.length === 0
          ? `Every active admin signed in within the last ${AUDIT_RULES.dormantAdminDays} days.`
          : `${plural(dormant.length, 'active admin')} ${dormant.length === 1 ? 'has' : 'have'} not signed in for ${AUDIT_RULES.dormantAdminDays} days or more: deactivate accounts nobody uses.`,
      items: dormant.map((r) => `${email(r)} — ${r.lastSignInAt ? `last sign-in ${r.lastSignInAt.toISOString().slice(0, 10)}` : 'never signed in'}`),
    }),
  ];
}

/** PARLEY_SECRET_KEY from the environment, or the key generated into DATA_DIR on first run. */
export function secretKeyGenerated(config: Pick<Config, 'dataDir' | 'secretKey'>): boolean {
  const file = path.join(config.dataDir, 'secret.key');
  return existsSync(file) && readFileSync(file, 'utf8').trim() === config.secretKey;
}

async function secretChecks(db: Db, config: Config): Promise<AuditCheck[]> {
  const generated = secretKeyGenerated(config);
  const weak = generated ? null : weakSecretKeyReason(config.secretKey);
  const keys = await db.select({ keyName: systemApiKeys.keyName, encryptedValue: systemApiKeys.encryptedValue }).from(systemApiKeys);
  const box = createSecretBox(config.secretKey, SYSTEM_API_KEYS_SECRET_PURPOSE);
  const unreadable = keys.filter((k) => {
    try {
      box.decrypt(k.encryptedValue);
      return false;
    } catch {
      return true;
    }
  });
  const settings = await readSystemConfiguration(db);
  return [
    check({
      id: 'secret_key',
      category: 'secrets',
      title: 'Encryption key set by the operator',
      status: generated || weak ? 'fail' : 'pass',
      reason: generated
        ? 'PARLEY_SECRET_KEY is not set: the key was generated into DATA_DIR/secret.key, next to the data it protects, so a copy of the data directory carries its key. Set PARLEY_SECRET_KEY from a secret store.'
        : (weak ?? 'PARLEY_SECRET_KEY comes from the environment, not from the data directory, and looks generated.'),
    }),
    check({
      id: 'ai_keys_encrypted',
      category: 'secrets',
      title: 'Stored AI provider keys are encrypted',
      status: unreadable.length === 0 ? 'pass' : 'fail',
      reason:
        keys.length === 0
          ? 'No AI provider keys are stored (keys from the environment are never written to the database).'
          : unreadable.length === 0
            ? `All ${plural(keys.length, 'stored AI provider key')} are sealed with AES-256-GCM under the current encryption key.`
            : `${plural(unreadable.length, 'stored AI provider key')} of ${keys.length} cannot be opened with the current encryption key (stored unencrypted, or sealed under another key): replace them in System Configuration → API Keys.`,
      items: unreadable.map((k) => k.keyName),
    }),
    check({
      id: 'api_key_encryption_required',
      category: 'secrets',
      title: 'API key encryption required',
      status: settings.requireApiKeyEncryption ? 'pass' : 'fail',
      reason: settings.requireApiKeyEncryption
        ? 'require_api_key_encryption is on in the system configuration.'
        : 'require_api_key_encryption is off in the system configuration: turn it on under Integration Settings.',
    }),
  ];
}

async function configurationChecks(deps: AuditDeps): Promise<AuditCheck[]> {
  const { config } = deps;
  const isProduction = config.env === 'production';
  const isHttps = config.publicUrl.startsWith('https://');

  const page = await deps.fetchOwnPage('/');
  const cspHeader = page.headers['content-security-policy'];
  const csp = typeof cspHeader === 'string' ? cspHeader : Array.isArray(cspHeader) ? cspHeader.join('; ') : '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
  const cspProblems = [
    !csp && 'no Content-Security-Policy header',
    csp && !/report-uri \/api\/csp-report/.test(csp) && 'violations are not reported to /api/csp-report',
    csp && /'unsafe-(inline|eval)'/.test(scriptSrc) && "script-src allows 'unsafe-inline' or 'unsafe-eval'",
    csp && !/object-src 'none'/.test(csp) && "object-src is not 'none'",
  ].filter((p): p is string => Boolean(p));

  let limiterError: string | null = null;
  try {
    await deps.rateLimiter.hit(`audit-probe:${Date.now()}:${Math.random().toString(36).slice(2)}`, 1, 1);
  } catch (error) {
    limiterError = error instanceof Error ? error.message : String(error);
  }
  const requestLimits = RATE_LIMIT_STATUS.filter((l) => l.windowSeconds !== null);
  const notEnforced = requestLimits.filter((l) => l.status !== 'enforced');
  const sharedStore = config.redisUrl ? 'shared by every server process through Redis' : 'counted in this process';
  const perProcessOnly = !config.redisUrl && Boolean(config.databaseUrl);

  return [
    check({
      id: 'production_mode',
      category: 'configuration',
      title: 'Development-only features off',
      status: isProduction ? 'pass' : 'fail',
      reason: isProduction
        ? 'NODE_ENV is production: the debug console cannot create test admins.'
        : `NODE_ENV is ${config.env}: development-only features are on (the debug console can create a test admin without signing in). Set NODE_ENV=production.`,
    }),
    check({
      id: 'public_url_https',
      category: 'configuration',
      title: 'Served over HTTPS',
      status: isHttps ? 'pass' : 'fail',
      reason: isHttps
        ? `PUBLIC_URL is ${config.publicUrl}: cookies are Secure and browsers are told to keep to HTTPS.`
        : `PUBLIC_URL is ${config.publicUrl}: sessions travel unencrypted and cookies are not Secure. Serve Parley over HTTPS and set PUBLIC_URL to the https:// address.`,
    }),
    check({
      id: 'email_verification',
      category: 'configuration',
      title: 'E-mail addresses are verified',
      status: config.emailVerificationRequired ? 'pass' : 'warn',
      reason: config.emailVerificationRequired
        ? 'New accounts confirm their e-mail address before they can sign in.'
        : 'EMAIL_VERIFICATION_REQUIRED is false: anyone can sign up with an address they do not own.',
    }),
    check({
      id: 'csp',
      category: 'configuration',
      title: 'Content-Security-Policy on',
      status: cspProblems.length === 0 ? 'pass' : 'fail',
      reason:
        cspProblems.length === 0
          ? "Pages carry a Content-Security-Policy (scripts from 'self' only, no plugins) that reports violations to /api/csp-report."
          : `The policy the server sends is incomplete: ${cspProblems.join('; ')}.`,
      items: csp ? [csp] : [],
    }),
    check({
      id: 'rate_limits',
      category: 'configuration',
      title: 'Rate limits on',
      status: limiterError || notEnforced.length > 0 ? 'fail' : perProcessOnly ? 'warn' : 'pass',
      reason: limiterError
        ? `The rate limiter's store does not answer (${limiterError.slice(0, 200)}): limits fail open until it is back.`
        : notEnforced.length > 0
          ? `${plural(notEnforced.length, 'limit')} only tracked, not enforced.`
          : perProcessOnly
            ? `${requestLimits.length} request limits are enforced, but counted per process: with several server processes on PostgreSQL, set REDIS_URL so they share the counts.`
            : `${requestLimits.length} request limits are enforced with 429 and Retry-After, ${sharedStore}.`,
      items: requestLimits.map((l) => `${l.label} (${l.scope}): ${l.limit ?? 'as many as the tier sets'} per ${windowText(l.windowSeconds!)}`),
    }),
  ];
}

function dependencyCheck(deps: AuditDeps, now: Date): AuditCheck {
  const reading = readNpmAudit(deps.npmAuditFile);
  const base = { id: 'npm_audit', category: 'dependencies' as const, title: 'Known vulnerabilities in dependencies' };
  if (reading.kind === 'missing') {
    return check({
      ...base,
      status: 'warn',
      reason: 'Unknown: no dependency audit was recorded. The production build (npm run build) runs npm audit and records the result.',
    });
  }
  if (reading.kind === 'unreadable')
    return check({ ...base, status: 'warn', reason: `Unknown: the recorded dependency audit cannot be read (${reading.error}).` });
  const { audit } = reading;
  const day = audit.ranAt.slice(0, 10);
  if (!audit.ok) {
    return check({ ...base, status: 'warn', reason: `Unknown: npm audit could not run when this build was made (${day}): ${audit.error ?? 'no result'}.` });
  }
  const v = audit.vulnerabilities ?? {};
  const serious = (v.critical ?? 0) + (v.high ?? 0);
  const minor = (v.moderate ?? 0) + (v.low ?? 0);
  const items = Object.entries(audit.packages ?? {})
    .sort(([, a], [, b]) => severityRank(b) - severityRank(a))
    .map(([name, severity]) => `${name} (${severity})`);
  const ageDays = Math.floor((now.getTime() - new Date(audit.ranAt).getTime()) / (24 * 60 * 60 * 1000));
  if (serious > 0) {
    return check({
      ...base,
      status: 'fail',
      reason: `npm audit (${day}) found ${v.critical ?? 0} critical and ${v.high ?? 0} high-severity vulnerabilities: update those packages and rebuild.`,
      items,
    });
  }
  if (minor > 0) {
    return check({
      ...base,
      status: 'warn',
      reason: `npm audit (${day}) found ${v.moderate ?? 0} moderate and ${v.low ?? 0} low-severity vulnerabilities.`,
      items,
    });
  }
  if (ageDays > AUDIT_RULES.npmAuditMaxAgeDays) {
    return check({ ...base, status: 'warn', reason: `npm audit found no vulnerabilities, but it ran ${ageDays} days ago (${day}): rebuild to audit again.` });
  }
  return check({ ...base, status: 'pass', reason: `npm audit (${day}) found no known vulnerabilities in the production dependencies.` });
}

const severityRank = (s: string) => ['info', 'low', 'moderate', 'high', 'critical'].indexOf(s);

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function migrationCheck(deps: AuditDeps): Promise<AuditCheck> {
  const base = { id: 'migrations', category: 'database' as const, title: 'Database migrations up to date' };
  const journal = JSON.parse(readFileSync(path.join(deps.migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  const result = await deps.db.execute(sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at`);
  const applied = (result as unknown as { rows: { hash: string; created_at: string | number }[] }).rows.map((r) => ({
    hash: r.hash,
    createdAt: Number(r.created_at),
  }));
  const lastApplied = applied.reduce((max, r) => Math.max(max, r.createdAt), 0);
  const pending = journal.entries.filter((e) => e.when > lastApplied);
  const byTime = new Map(applied.map((r) => [r.createdAt, r.hash]));
  const changed = journal.entries.filter((e) => {
    const hash = byTime.get(e.when);
    if (!hash) return false;
    const file = path.join(deps.migrationsFolder, `${e.tag}.sql`);
    return existsSync(file) && createHash('sha256').update(readFileSync(file, 'utf8')).digest('hex') !== hash;
  });
  if (pending.length > 0) {
    return check({
      ...base,
      status: 'fail',
      reason: `${plural(pending.length, 'migration')} of ${journal.entries.length} not applied: restart the server (it migrates on start).`,
      items: pending.map((e) => e.tag),
    });
  }
  if (changed.length > 0) {
    return check({
      ...base,
      status: 'warn',
      reason: `All ${journal.entries.length} migrations are applied, but ${plural(changed.length, 'file')} changed after being applied.`,
      items: changed.map((e) => e.tag),
    });
  }
  return check({ ...base, status: 'pass', reason: `All ${journal.entries.length} migrations are applied.` });
}

/** Every check of the audit, in the order the dashboard shows them. */
export async function runAuditChecks(deps: AuditDeps): Promise<{ checks: AuditCheck[]; rlsCoverage: number }> {
  const now = deps.now ?? new Date();
  const coverage = routeCoverageCheck(deps);
  const [admins, secrets, configuration, migrations] = await Promise.all([
    adminChecks(deps.db, now),
    secretChecks(deps.db, deps.config),
    configurationChecks(deps),
    migrationCheck(deps),
  ]);
  return { checks: [coverage.check, ...admins, ...secrets, ...configuration, dependencyCheck(deps, now), migrations], rlsCoverage: coverage.percent };
}
