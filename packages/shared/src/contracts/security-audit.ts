import { z } from 'zod';
import { idSchema } from './common';

/** The Security Audit Dashboard (spec part 2 §2, §7 "security-audit function … response has rls_coverage", §8). */

export const AUDIT_STATUSES = ['pass', 'warn', 'fail'] as const;
export type AuditStatus = (typeof AUDIT_STATUSES)[number];
export const AUDIT_CATEGORIES = ['authorization', 'admin_accounts', 'secrets', 'configuration', 'dependencies', 'database'] as const;
export type AuditCategory = (typeof AUDIT_CATEGORIES)[number];

export const AUDIT_CATEGORY_LABELS: Record<AuditCategory, string> = {
  authorization: 'Authorization',
  admin_accounts: 'Admin accounts',
  secrets: 'Secrets',
  configuration: 'Configuration',
  dependencies: 'Dependencies',
  database: 'Database',
};

/** Spec §4 "Health status": Healthy at 90 or more, Degraded below. */
export const AUDIT_HEALTHY_SCORE = 90;

export const auditCheckSchema = z.object({
  id: z.string(),
  category: z.enum(AUDIT_CATEGORIES),
  title: z.string(),
  status: z.enum(AUDIT_STATUSES),
  reason: z.string(),
  /** Particulars behind the reason (route names, account e-mails, advisories), at most 20. */
  items: z.array(z.string()),
});
export type AuditCheck = z.infer<typeof auditCheckSchema>;

export const securityAuditSchema = z.object({
  id: idSchema,
  ranAt: z.string(),
  ranBy: z.string().nullable(),
  status: z.enum(AUDIT_STATUSES),
  /** Share of checks that pass (a warning counts half), 0–100. */
  score: z.number().int(),
  /** Percent of registered routes that declare who may call them (named for the spec's response). */
  rls_coverage: z.number(),
  checks: z.array(auditCheckSchema),
});
export type SecurityAudit = z.infer<typeof securityAuditSchema>;
export const latestSecurityAuditSchema = z.object({ audit: securityAuditSchema.nullable() });
