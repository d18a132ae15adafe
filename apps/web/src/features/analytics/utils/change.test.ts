import { describe, expect, it } from 'vitest';
import { pointChange, relativeChange } from './change';

describe('change against the previous period', () => {
  it('gives counts as a signed percentage', () => {
    expect(relativeChange(112, 100)).toEqual({ trend: 'up', label: '+12%', tone: 'good', isNew: false });
    expect(relativeChange(95, 100)).toEqual({ trend: 'down', label: '\u22125%', tone: 'bad', isNew: false });
    expect(relativeChange(1025, 1000)?.label).toBe('+2.5%');
    expect(relativeChange(1250, 100)?.label).toBe('+1,150%');
  });

  it('calls a change too small to show flat', () => {
    expect(relativeChange(10_001, 10_000)).toEqual({ trend: 'flat', label: '0%', tone: 'neutral', isNew: false });
    expect(relativeChange(0, 0)).toEqual({ trend: 'flat', label: '0%', tone: 'neutral', isNew: false });
  });

  it('says "New" rather than dividing by zero', () => {
    expect(relativeChange(7, 0)).toEqual({ trend: 'up', label: 'New', tone: 'good', isNew: true });
  });

  it('colours by what the figure means: slower answers are bad news, tokens are neither', () => {
    expect(relativeChange(1200, 1000, 'lower-is-better')?.tone).toBe('bad');
    expect(relativeChange(800, 1000, 'lower-is-better')?.tone).toBe('good');
    expect(relativeChange(2000, 1000, 'neutral')?.tone).toBe('neutral');
  });

  it('has nothing to compare when a period has no figure', () => {
    expect(relativeChange(null, 10)).toBeNull();
    expect(pointChange(0.8, null)).toBeNull();
  });

  it('gives rates in percentage points', () => {
    expect(pointChange(0.8, 0.75)).toEqual({ trend: 'up', label: '+5 pts', tone: 'good', isNew: false });
    expect(pointChange(0.9, 0.91)?.label).toBe('\u22121 pt');
    expect(pointChange(0.905, 0.9)?.label).toBe('+0.5 pts');
    expect(pointChange(0.5, 0.5)?.trend).toBe('flat');
  });
});
