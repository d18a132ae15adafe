import { describe, expect, it } from 'vitest';
import { eventSummary, formatCost, isLowScore, scoreTone, timeframeLabel } from './security-format';

describe('security monitoring formats', () => {
  it('shows the low-score alert under 70 only', () => {
    expect(isLowScore(69)).toBe(true);
    expect(isLowScore(70)).toBe(false);
    expect([scoreTone(95), scoreTone(90), scoreTone(89), scoreTone(70), scoreTone(69)]).toEqual(['good', 'good', 'fair', 'fair', 'low']);
  });

  it('names the two windows', () => {
    expect(timeframeLabel(24)).toBe('last 24 hours');
    expect(timeframeLabel(168)).toBe('last 7 days');
  });

  it('shows small costs with their significant digits', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(0.000069)).toBe('$0.000069');
    expect(formatCost(0.0012345)).toBe('$0.0012');
    expect(formatCost(12.345)).toBe('$12.35');
    expect(formatCost(1234.5)).toBe('$1,234.50');
  });

  it('summarises an event from its details', () => {
    expect(eventSummary({ reason: 'RATE_LIMITED' })).toBe('reason RATE_LIMITED');
    expect(eventSummary({ status: 401, user_agent: 'x' })).toBe('status 401');
    expect(eventSummary({})).toBe('');
  });
});
