import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cspViolationReports, cspViolations } from '../../db/schema/index';

export interface CspViolationInput {
  documentUri: string;
  violatedDirective: string;
  blockedUri: string;
  sourceFile?: string | null;
  lineNumber?: number | null;
  columnNumber?: number | null;
  disposition?: string | null;
  userAgent?: string | null;
}

/**
 * Same directive + document + blocked URI → one row whose violation_count grows; each report is also kept with
 * its time (csp_violation_reports), so Security Monitoring can count the reports of a window.
 */
export async function recordCspViolation(db: Db, input: CspViolationInput): Promise<void> {
  const [violation] = await db
    .insert(cspViolations)
    .values({
      documentUri: input.documentUri,
      violatedDirective: input.violatedDirective,
      blockedUri: input.blockedUri,
      sourceFile: input.sourceFile ?? null,
      lineNumber: input.lineNumber ?? null,
      columnNumber: input.columnNumber ?? null,
      disposition: input.disposition ?? null,
      userAgent: input.userAgent ?? null,
    })
    .onConflictDoUpdate({
      target: cspViolations.reportKey,
      set: { violationCount: sql`${cspViolations.violationCount} + 1`, lastSeenAt: new Date() },
    })
    .returning({ id: cspViolations.id });
  await db.insert(cspViolationReports).values({ violationId: violation!.id });
}
