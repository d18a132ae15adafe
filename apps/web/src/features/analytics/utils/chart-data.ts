import type { AnalyticsSummary, AnalyticsTotals } from '@parley/shared/contracts/analytics';
import { formatDay } from './period';

type Daily = AnalyticsSummary['daily'][number];
type Hourly = AnalyticsSummary['hourly'][number];

export interface TrendPoint {
  date: string;
  /** "Nov 3", for the axis and the tooltip. */
  label: string;
  conversations: number;
  questions: number;
}

export interface HourPoint {
  hour: number;
  /** "09:00", for the axis and the tooltip. */
  label: string;
  conversations: number;
  questions: number;
}

export interface SatisfactionPoint {
  date: string;
  label: string;
  thumbsUp: number;
  thumbsDown: number;
}

export const OUTCOMES = ['answered', 'declined', 'handoffs', 'errors'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_LABELS: Readonly<Record<Outcome, string>> = {
  answered: 'Answered',
  declined: 'Declined',
  handoffs: 'Handed off',
  errors: 'Errors',
};

export interface OutcomeSlice {
  key: Outcome;
  label: string;
  value: number;
  /** 0–1 of all outcomes together. */
  share: number;
}

const byDate = (a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date);

/** Conversations and questions per day, oldest first. */
export function trendSeries(daily: readonly Daily[]): TrendPoint[] {
  return [...daily].sort(byDate).map((day) => ({ date: day.date, label: formatDay(day.date), conversations: day.conversations, questions: day.questions }));
}

export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** All 24 hours of the day, 00:00 to 23:00, with zeros for hours the server left out. */
export function hourlySeries(hourly: readonly Hourly[]): HourPoint[] {
  const byHour = new Map(hourly.map((entry) => [entry.hour, entry]));
  return Array.from({ length: 24 }, (_, hour) => ({
    hour,
    label: formatHour(hour),
    conversations: byHour.get(hour)?.conversations ?? 0,
    questions: byHour.get(hour)?.questions ?? 0,
  }));
}

/** Ratings per day, oldest first. */
export function satisfactionSeries(daily: readonly Daily[]): SatisfactionPoint[] {
  return [...daily].sort(byDate).map((day) => ({ date: day.date, label: formatDay(day.date), thumbsUp: day.thumbsUp, thumbsDown: day.thumbsDown }));
}

/** What became of the questions: answered, declined, handed to a person, failed; each with its share. */
export function outcomeBreakdown(totals: Pick<AnalyticsTotals, Outcome>): OutcomeSlice[] {
  const sum = OUTCOMES.reduce((total, key) => total + totals[key], 0);
  return OUTCOMES.map((key) => ({ key, label: OUTCOME_LABELS[key], value: totals[key], share: sum === 0 ? 0 : totals[key] / sum }));
}

/** True when any point has a non-zero value in one of the keys: a chart of only zeros shows its empty state instead. */
export function hasData<T extends object>(points: readonly T[], keys: readonly (keyof T)[]): boolean {
  return points.some((point) => keys.some((key) => Number(point[key]) > 0));
}
