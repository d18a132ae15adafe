import { describe, expect, it } from 'vitest';
import { errorRatePercent, securityScore, type ScoreInput } from './score';

const clean: ScoreInput = { highRiskEvents: 0, failedAuth: 0, apiCalls: 0, apiErrors: 0, rateLimitHits: 0, cspViolations: 0, audit: null };
const score = (change: Partial<ScoreInput>) => securityScore({ ...clean, ...change }).score;

describe('the security score (docs/security.md)', () => {
  it('is 100 with nothing against it, and with no audit run', () => {
    expect(securityScore(clean)).toEqual({ score: 100, penalties: [] });
  });

  it('takes 5 per high-risk event, at most 30', () => {
    expect(score({ highRiskEvents: 1 })).toBe(95);
    expect(score({ highRiskEvents: 6 })).toBe(70);
    expect(score({ highRiskEvents: 7 })).toBe(70);
  });

  it('takes 1 per 5 failed sign-ins, at most 20', () => {
    expect(score({ failedAuth: 4 })).toBe(100);
    expect(score({ failedAuth: 5 })).toBe(99);
    expect(score({ failedAuth: 99 })).toBe(81);
    expect(score({ failedAuth: 100 })).toBe(80);
    expect(score({ failedAuth: 10_000 })).toBe(80);
  });

  it('takes 5, 10 or 15 for an error rate above 10, 25 or 50 %, from 20 calls', () => {
    expect(score({ apiCalls: 19, apiErrors: 19 })).toBe(100);
    expect(score({ apiCalls: 20, apiErrors: 2 })).toBe(100); // exactly 10 %
    expect(score({ apiCalls: 20, apiErrors: 3 })).toBe(95);
    expect(score({ apiCalls: 20, apiErrors: 5 })).toBe(95); // exactly 25 %
    expect(score({ apiCalls: 20, apiErrors: 6 })).toBe(90);
    expect(score({ apiCalls: 20, apiErrors: 10 })).toBe(90); // exactly 50 %
    expect(score({ apiCalls: 20, apiErrors: 11 })).toBe(85);
    expect(score({ apiCalls: 1000, apiErrors: 1000 })).toBe(85);
  });

  it('takes 1 per 10 rate-limit refusals (at most 15) and 1 per 10 CSP reports (at most 10)', () => {
    expect(score({ rateLimitHits: 9 })).toBe(100);
    expect(score({ rateLimitHits: 10 })).toBe(99);
    expect(score({ rateLimitHits: 150 })).toBe(85);
    expect(score({ rateLimitHits: 151 })).toBe(85);
    expect(score({ cspViolations: 9 })).toBe(100);
    expect(score({ cspViolations: 20 })).toBe(98);
    expect(score({ cspViolations: 500 })).toBe(90);
  });

  it('takes 10 per failed and 2 per warning check of the latest audit, at most 30', () => {
    expect(score({ audit: { failed: 0, warnings: 0 } })).toBe(100);
    expect(score({ audit: { failed: 1, warnings: 1 } })).toBe(88);
    expect(score({ audit: { failed: 3, warnings: 0 } })).toBe(70);
    expect(score({ audit: { failed: 5, warnings: 5 } })).toBe(70);
  });

  it('never goes below 0, and lists the penalties largest first', () => {
    const worst = securityScore({
      highRiskEvents: 50,
      failedAuth: 500,
      apiCalls: 100,
      apiErrors: 100,
      rateLimitHits: 500,
      cspViolations: 500,
      audit: { failed: 9, warnings: 0 },
    });
    expect(worst.score).toBe(0);
    expect(worst.penalties.map((p) => p.points)).toEqual([30, 30, 20, 15, 15, 10]);
    // 69 shows the low-score alert in the console; 70 does not.
    expect(score({ highRiskEvents: 6, failedAuth: 5 })).toBe(69);
  });

  it('reports the error rate as a percentage with two decimals', () => {
    expect(errorRatePercent(0, 0)).toBe(0);
    expect(errorRatePercent(3, 1)).toBe(33.33);
    expect(errorRatePercent(8, 1)).toBe(12.5);
  });
});
