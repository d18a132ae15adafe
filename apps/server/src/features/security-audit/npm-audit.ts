import { existsSync, readFileSync } from 'node:fs';

/**
 * The dependency audit captured at build time (apps/server/build.mjs writes dist/npm-audit.json): `npm audit --json`
 * of the production dependencies, or why it could not run (offline build).
 */
export interface RecordedNpmAudit {
  ranAt: string;
  ok: boolean;
  /** Why npm audit gave no result (registry unreachable, npm missing). */
  error?: string;
  vulnerabilities?: { info?: number; low?: number; moderate?: number; high?: number; critical?: number; total?: number };
  /** Package name → its highest severity. */
  packages?: Record<string, string>;
}

export type NpmAuditReading = { kind: 'missing' } | { kind: 'unreadable'; error: string } | { kind: 'recorded'; audit: RecordedNpmAudit };

export function readNpmAudit(file: string): NpmAuditReading {
  if (!existsSync(file)) return { kind: 'missing' };
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as RecordedNpmAudit;
    if (typeof parsed.ranAt !== 'string' || typeof parsed.ok !== 'boolean') return { kind: 'unreadable', error: 'unexpected content' };
    return { kind: 'recorded', audit: parsed };
  } catch (error) {
    return { kind: 'unreadable', error: error instanceof Error ? error.message : String(error) };
  }
}
