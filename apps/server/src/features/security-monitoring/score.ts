import type { ScorePenalty } from '@parley/shared/contracts/security-monitoring';

/**
 * The security score (docs/security.md "Security score" says the same in words; keep both in step): start at 100,
 * subtract each penalty below, never below 0.
 */
export const SCORE_RULES = {
  highRiskEvents: { pointsEach: 5, max: 30 },
  failedAuth: { per: 5, max: 20 },
  /** The error-rate penalty needs this many calls in the window, so a handful of 404s cannot sink the score. */
  errorRate: {
    minCalls: 20,
    steps: [
      { above: 50, points: 15 },
      { above: 25, points: 10 },
      { above: 10, points: 5 },
    ],
  },
  rateLimitHits: { per: 10, max: 15 },
  cspViolations: { per: 10, max: 10 },
  auditChecks: { failPoints: 10, warnPoints: 2, max: 30 },
} as const;

export interface ScoreInput {
  highRiskEvents: number;
  failedAuth: number;
  apiCalls: number;
  apiErrors: number;
  rateLimitHits: number;
  cspViolations: number;
  /** The latest audit's failing and warning checks; null when no audit has run. */
  audit: { failed: number; warnings: number } | null;
}

export function errorRatePercent(calls: number, errors: number): number {
  return calls === 0 ? 0 : Math.round((errors / calls) * 10_000) / 100;
}

export function securityScore(input: ScoreInput): { score: number; penalties: ScorePenalty[] } {
  const penalties: ScorePenalty[] = [];
  const add = (penalty: ScorePenalty) => penalty.points > 0 && penalties.push(penalty);

  const r = SCORE_RULES;
  add({
    key: 'high_risk_events',
    label: 'High-risk events',
    points: Math.min(r.highRiskEvents.max, input.highRiskEvents * r.highRiskEvents.pointsEach),
    detail: `${input.highRiskEvents} high or critical event${input.highRiskEvents === 1 ? '' : 's'}: −${r.highRiskEvents.pointsEach} each, at most −${r.highRiskEvents.max}`,
  });
  add({
    key: 'failed_auth',
    label: 'Failed sign-ins',
    points: Math.min(r.failedAuth.max, Math.floor(input.failedAuth / r.failedAuth.per)),
    detail: `${input.failedAuth} failed sign-ins: −1 per ${r.failedAuth.per}, at most −${r.failedAuth.max}`,
  });
  const rate = errorRatePercent(input.apiCalls, input.apiErrors);
  const step = input.apiCalls >= r.errorRate.minCalls ? r.errorRate.steps.find((s) => rate > s.above) : undefined;
  add({
    key: 'error_rate',
    label: 'API error rate',
    points: step?.points ?? 0,
    detail: `${rate}% of ${input.apiCalls} calls failed: above ${step?.above ?? 10}% costs ${step?.points ?? 5} points`,
  });
  add({
    key: 'rate_limit_hits',
    label: 'Rate-limit refusals',
    points: Math.min(r.rateLimitHits.max, Math.floor(input.rateLimitHits / r.rateLimitHits.per)),
    detail: `${input.rateLimitHits} refusals: −1 per ${r.rateLimitHits.per}, at most −${r.rateLimitHits.max}`,
  });
  add({
    key: 'csp_violations',
    label: 'CSP violations',
    points: Math.min(r.cspViolations.max, Math.floor(input.cspViolations / r.cspViolations.per)),
    detail: `${input.cspViolations} reports: −1 per ${r.cspViolations.per}, at most −${r.cspViolations.max}`,
  });
  if (input.audit) {
    add({
      key: 'audit_checks',
      label: 'Security audit',
      points: Math.min(r.auditChecks.max, input.audit.failed * r.auditChecks.failPoints + input.audit.warnings * r.auditChecks.warnPoints),
      detail: `Latest audit: ${input.audit.failed} failed (−${r.auditChecks.failPoints} each), ${input.audit.warnings} warnings (−${r.auditChecks.warnPoints} each), at most −${r.auditChecks.max}`,
    });
  }
  penalties.sort((a, b) => b.points - a.points);
  const score = Math.max(0, 100 - penalties.reduce((total, p) => total + p.points, 0));
  return { score, penalties };
}
