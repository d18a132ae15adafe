import { describe, expect, it } from 'vitest';
import {
  annualSavingsPercent,
  centsToDollars,
  dollarsToCents,
  formatLimit,
  formatPricePerThousandTokens,
  formatPricePerToken,
  formatTokenAmount,
  formatUsd,
  parseIntegerOr0,
  pricePerToken,
} from './pricing';

describe('parseIntegerOr0 (spec §5: integers, 0 as fallback)', () => {
  it('reads whole numbers and drops fractions', () => {
    expect(parseIntegerOr0('1000')).toBe(1000);
    expect(parseIntegerOr0(' 42 ')).toBe(42);
    expect(parseIntegerOr0('12.9')).toBe(12);
    expect(parseIntegerOr0('-5')).toBe(-5);
    expect(parseIntegerOr0(7.8)).toBe(7);
  });
  it('falls back to 0 for what is not a number', () => {
    expect(parseIntegerOr0('')).toBe(0);
    expect(parseIntegerOr0('abc')).toBe(0);
    expect(parseIntegerOr0(Number.NaN)).toBe(0);
    expect(parseIntegerOr0(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe('dollars and cents', () => {
  it('turns typed dollars into whole cents, exactly', () => {
    expect(dollarsToCents('9.99')).toBe(999);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('1.005')).toBe(101);
    expect(dollarsToCents('29')).toBe(2900);
    expect(dollarsToCents('$1,200.50')).toBe(120050);
    expect(dollarsToCents('.5')).toBe(50);
    expect(dollarsToCents(19.99)).toBe(1999);
  });
  it('reads nonsense as 0', () => {
    expect(dollarsToCents('')).toBe(0);
    expect(dollarsToCents('ten')).toBe(0);
    expect(dollarsToCents('1.2.3')).toBe(0);
  });
  it('shows cents as dollars and back without drift', () => {
    expect(centsToDollars(999)).toBe('9.99');
    expect(centsToDollars(2900)).toBe('29.00');
    expect(centsToDollars(0)).toBe('0.00');
    for (const cents of [0, 1, 29, 999, 2900, 123456]) expect(dollarsToCents(centsToDollars(cents))).toBe(cents);
    expect(formatUsd(2900)).toBe('$29');
    expect(formatUsd(999)).toBe('$9.99');
    expect(formatUsd(120050)).toBe('$1,200.50');
    expect(formatUsd(0)).toBe('$0');
  });
});

describe('price per token (spec §9: cents / tokens / 100)', () => {
  it('is dollars per token', () => {
    expect(pricePerToken(999, 1000)).toBeCloseTo(0.00999, 10);
    expect(pricePerToken(2900, 100_000)).toBeCloseTo(0.00029, 10);
    expect(pricePerToken(500, 0)).toBe(0);
  });
  it('reads small prices with significant digits', () => {
    expect(formatPricePerToken(999, 1000)).toBe('$0.00999');
    expect(formatPricePerToken(2900, 100_000)).toBe('$0.00029');
    expect(formatPricePerToken(0, 1000)).toBe('$0');
    expect(formatPricePerThousandTokens(999, 1000)).toBe('$9.99');
    expect(formatPricePerThousandTokens(2900, 100_000)).toBe('$0.29');
    expect(formatPricePerThousandTokens(1, 1_000_000)).toBe('$0.00001');
  });
});

describe('K and M (spec §9)', () => {
  it('shortens large numbers', () => {
    expect(formatTokenAmount(950)).toBe('950');
    expect(formatTokenAmount(1000)).toBe('1K');
    expect(formatTokenAmount(1500)).toBe('1.5K');
    expect(formatTokenAmount(100_000)).toBe('100K');
    expect(formatTokenAmount(999_999)).toBe('1M');
    expect(formatTokenAmount(2_500_000)).toBe('2.5M');
    expect(formatTokenAmount(1_250_000)).toBe('1.25M');
    expect(formatTokenAmount(-1)).toBe('Unlimited');
  });
  it('writes limits in full for feature lines', () => {
    expect(formatLimit(100_000)).toBe('100,000');
    expect(formatLimit(3)).toBe('3');
    expect(formatLimit(-1)).toBe('Unlimited');
  });
  it('says how much a year saves', () => {
    expect(annualSavingsPercent(2900, 29000)).toBe(17);
    expect(annualSavingsPercent(2900, 34800)).toBeNull();
    expect(annualSavingsPercent(0, 0)).toBeNull();
    expect(annualSavingsPercent(450, 0)).toBeNull();
  });
});
