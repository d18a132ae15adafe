import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { AnalyticsParams } from '../api/get-analytics-summary';
import { type AnalyticsFilter, browserTimeZone, filterSearchParams, type PeriodPreset, readFilter } from '../utils/period';

export interface AnalyticsFilterState {
  filter: AnalyticsFilter;
  /** What the analytics requests send: the filter's days, the chatbot, the viewer's time zone. */
  params: AnalyticsParams;
  timeZone: string;
  setPreset: (preset: PeriodPreset) => void;
  setCustomRange: (from: string, to: string) => void;
  setChatbot: (chatbotId: string | null) => void;
}

/** The dashboard's analytics filter, kept in the URL (`?period=30d&chatbot=<id>`) so a reload or a shared link keeps it. */
export function useAnalyticsFilter(): AnalyticsFilterState {
  const [searchParams, setSearchParams] = useSearchParams();
  const timeZone = useMemo(() => browserTimeZone(), []);
  // Read on every render (it is cheap): a preset's days move on at midnight without a reload.
  const filter = readFilter(searchParams, timeZone);

  const update = useCallback(
    (next: Partial<AnalyticsFilter>) => setSearchParams((current) => filterSearchParams({ ...readFilter(current, timeZone), ...next }), { replace: true }),
    [setSearchParams, timeZone],
  );

  return {
    filter,
    params: { from: filter.from, to: filter.to, tz: timeZone, chatbotId: filter.chatbotId ?? undefined },
    timeZone,
    setPreset: useCallback((preset: PeriodPreset) => update({ period: preset }), [update]),
    setCustomRange: useCallback((from: string, to: string) => update({ period: 'custom', from, to }), [update]),
    setChatbot: useCallback((chatbotId: string | null) => update({ chatbotId }), [update]),
  };
}
