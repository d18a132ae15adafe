import { describe, expect, it } from 'vitest';
import { formatCountdown, getIdlePhase, isSamePhase } from './idle-phase';

const MINUTE = 60_000;

describe('formatCountdown', () => {
  it('formats seconds as m:ss', () => {
    expect(formatCountdown(300)).toBe('5:00');
    expect(formatCountdown(299)).toBe('4:59');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
  });

  it('never shows negative or fractional time', () => {
    expect(formatCountdown(-3)).toBe('0:00');
    expect(formatCountdown(59.9)).toBe('0:59');
  });
});

describe('getIdlePhase', () => {
  it('stays active for the first 25 minutes', () => {
    expect(getIdlePhase(0)).toEqual({ phase: 'active' });
    expect(getIdlePhase(25 * MINUTE - 1)).toEqual({ phase: 'active' });
  });

  it('warns at 25 minutes with the 300-second countdown', () => {
    expect(getIdlePhase(25 * MINUTE)).toEqual({ phase: 'warning', remainingSeconds: 300 });
    expect(getIdlePhase(25 * MINUTE + 1_500)).toEqual({ phase: 'warning', remainingSeconds: 299 });
    expect(getIdlePhase(30 * MINUTE - 1)).toEqual({ phase: 'warning', remainingSeconds: 1 });
  });

  it('expires at 30 minutes', () => {
    expect(getIdlePhase(30 * MINUTE)).toEqual({ phase: 'expired' });
    expect(getIdlePhase(3 * 60 * MINUTE)).toEqual({ phase: 'expired' });
  });

  it('compares phases including the countdown', () => {
    expect(isSamePhase({ phase: 'active' }, { phase: 'active' })).toBe(true);
    expect(isSamePhase({ phase: 'warning', remainingSeconds: 3 }, { phase: 'warning', remainingSeconds: 2 })).toBe(false);
    expect(isSamePhase({ phase: 'warning', remainingSeconds: 3 }, { phase: 'expired' })).toBe(false);
  });
});
