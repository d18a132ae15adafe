import { describe, expect, it } from 'vitest';
import { parseDailyLimit, usagePercent, usageTone } from './key-usage';

describe('usageTone', () => {
  it('is orange from 70 % and destructive from 90 % of the daily limit', () => {
    expect(usageTone(0, 1000)).toBe('normal');
    expect(usageTone(699, 1000)).toBe('normal');
    expect(usageTone(700, 1000)).toBe('warning');
    expect(usageTone(899, 1000)).toBe('warning');
    expect(usageTone(900, 1000)).toBe('danger');
    expect(usageTone(1000, 1000)).toBe('danger');
  });

  it('has no tone for unlimited keys', () => {
    expect(usageTone(5000, null)).toBe('normal');
  });
});

describe('usagePercent', () => {
  it('is bounded to 0–100', () => {
    expect(usagePercent(250, 1000)).toBe(25);
    expect(usagePercent(2000, 1000)).toBe(100);
    expect(usagePercent(10, null)).toBe(0);
  });
});

describe('parseDailyLimit', () => {
  it('is at least 1 and falls back to 1000 when not a number', () => {
    expect(parseDailyLimit('250')).toBe(250);
    expect(parseDailyLimit('0')).toBe(1);
    expect(parseDailyLimit('-5')).toBe(1);
    expect(parseDailyLimit('')).toBe(1000);
    expect(parseDailyLimit('lots')).toBe(1000);
    expect(parseDailyLimit('12.9')).toBe(12);
  });
});
