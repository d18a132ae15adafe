/** Whether a rise is good news (answer rate), bad news (response time) or neither (tokens). */
export type Polarity = 'higher-is-better' | 'lower-is-better' | 'neutral';

export interface Change {
  trend: 'up' | 'down' | 'flat';
  /** "+12%", "−3.5%", "+4 pts", "0%"; "New" when the previous period had none. */
  label: string;
  tone: 'good' | 'bad' | 'neutral';
  /** The previous period had zero, so there is no percentage to give. */
  isNew: boolean;
}

const MINUS = '\u2212';

/** One decimal under 10, whole numbers above, grouped: 2.5, 12, 1,150. */
function magnitude(value: number): string {
  const abs = Math.abs(value);
  if (abs < 10) return String(Math.round(abs * 10) / 10);
  return Math.round(abs).toLocaleString('en-US');
}

function toneOf(trend: Change['trend'], polarity: Polarity): Change['tone'] {
  if (trend === 'flat' || polarity === 'neutral') return 'neutral';
  return (trend === 'up') === (polarity === 'higher-is-better') ? 'good' : 'bad';
}

function signed(delta: number, unit: string, polarity: Polarity): Change {
  const shown = magnitude(delta);
  const trend = shown === '0' ? 'flat' : delta > 0 ? 'up' : 'down';
  const sign = trend === 'up' ? '+' : trend === 'down' ? MINUS : '';
  return { trend, label: `${sign}${shown}${unit}`, tone: toneOf(trend, polarity), isNew: false };
}

/**
 * A count against the same count in the previous period, in percent: 120 after 100 is "+20%". Without a figure for
 * either period there is nothing to compare (null); from zero to something is "New", from zero to zero "0%".
 */
export function relativeChange(current: number | null, previous: number | null, polarity: Polarity = 'higher-is-better'): Change | null {
  if (current === null || previous === null || !Number.isFinite(current) || !Number.isFinite(previous)) return null;
  if (previous === 0) {
    if (current === 0) return { trend: 'flat', label: '0%', tone: 'neutral', isNew: false };
    return { trend: 'up', label: 'New', tone: toneOf('up', polarity), isNew: true };
  }
  return signed(((current - previous) / Math.abs(previous)) * 100, '%', polarity);
}

/**
 * A rate (0–1) against the previous period's, in percentage points: 80 % after 75 % is "+5 pts" (a percent change
 * of a percentage, "+6.7%", would read as something else).
 */
export function pointChange(current: number | null, previous: number | null, polarity: Polarity = 'higher-is-better'): Change | null {
  if (current === null || previous === null || !Number.isFinite(current) || !Number.isFinite(previous)) return null;
  const delta = (current - previous) * 100;
  const change = signed(delta, ' pts', polarity);
  return magnitude(delta) === '1' ? { ...change, label: change.label.replace(' pts', ' pt') } : change;
}
