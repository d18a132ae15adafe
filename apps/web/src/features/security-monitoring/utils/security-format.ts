import { SECURITY_LOW_SCORE, type SecuritySeverityLevel, type SecurityTimeframeHours } from '@parley/shared/contracts/security-monitoring';

/** "last 24 hours" / "last 7 days": the spec's two windows in words. */
export function timeframeLabel(hours: SecurityTimeframeHours): string {
  return hours === 24 ? 'last 24 hours' : 'last 7 days';
}

/** Spec §9: a score under 70 shows the low-score alert. */
export function isLowScore(score: number): boolean {
  return score < SECURITY_LOW_SCORE;
}

/** 90 and more good, 70–89 fair, under 70 low (the thresholds of the console's other health scores). */
export function scoreTone(score: number): 'good' | 'fair' | 'low' {
  if (score >= 90) return 'good';
  return isLowScore(score) ? 'low' : 'fair';
}

/** Dollars: whole cents from a cent up, four significant digits below ("$0.00023"), "$0.00" for nothing. */
export function formatCost(dollars: number): string {
  if (!Number.isFinite(dollars) || dollars <= 0) return '$0.00';
  if (dollars < 0.01) return `$${Number(dollars.toPrecision(2)).toString()}`;
  return `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export const SEVERITY_BADGE_CLASS: Record<SecuritySeverityLevel, string> = {
  low: 'border-border bg-muted text-muted-foreground',
  medium: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400',
  high: 'border-destructive/40 bg-destructive/10 text-destructive',
  critical: 'border-destructive bg-destructive text-white',
};

/** One line from an event's details: why it happened, in the words the server stored. */
export function eventSummary(details: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const key of ['reason', 'method', 'status', 'error', 'source'] as const) {
    const value = details[key];
    if (typeof value === 'string' || typeof value === 'number') parts.push(`${key} ${value}`);
  }
  return parts.join(' · ');
}
