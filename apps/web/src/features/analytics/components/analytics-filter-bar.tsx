import { useIsFetching } from '@tanstack/react-query';
import { CalendarIcon, CheckIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ChatbotPicker } from './chatbot-picker';
import { ANALYTICS_QUERY_ROOT } from '../api/get-analytics-summary';
import type { AnalyticsFilterState } from '../hooks/use-analytics-filter';
import { customRangeError, formatPeriod, PERIOD_LABELS, PERIOD_PRESETS, type Period, todayIn } from '../utils/period';

interface AnalyticsFilterBarProps {
  state: AnalyticsFilterState;
}

/** Period (presets or a custom range) and chatbot for every figure below it; the choice lives in the URL. */
export function AnalyticsFilterBar({ state }: AnalyticsFilterBarProps) {
  const isRefreshing = useIsFetching({ queryKey: [...ANALYTICS_QUERY_ROOT, 'summary'] }) > 0;
  const { filter, timeZone } = state;
  const id = useId();
  // The dates being typed for a custom range; only a range the server accepts reaches the URL.
  const [draft, setDraft] = useState<{ from: string; to: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const isCustom = draft !== null || filter.period === 'custom';
  const range = draft ?? { from: filter.from, to: filter.to };
  const today = todayIn(timeZone);

  const choosePeriod = (value: string) => {
    setError(null);
    if (value === 'custom') {
      setDraft({ from: filter.from, to: filter.to });
      return;
    }
    setDraft(null);
    state.setPreset(value as Exclude<Period, 'custom'>);
  };

  const applyRange = (event: FormEvent) => {
    event.preventDefault();
    const problem = customRangeError(range.from, range.to);
    setError(problem);
    if (problem) return;
    state.setCustomRange(range.from, range.to);
    setDraft(null);
  };

  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-3 shadow-xs sm:flex-row sm:flex-wrap sm:items-end" data-testid="analytics-filter">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-period`} className="text-xs text-muted-foreground">
          Period
        </Label>
        <Select value={draft !== null ? 'custom' : filter.period} onValueChange={choosePeriod}>
          <SelectTrigger id={`${id}-period`} className="w-full sm:w-44 *:data-[slot=select-value]:flex-1">
            <CalendarIcon className="text-muted-foreground" aria-hidden="true" />
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {[...PERIOD_PRESETS, 'custom' as const].map((period) => (
              <SelectItem key={period} value={period}>
                {PERIOD_LABELS[period]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      {isCustom && (
        <form onSubmit={applyRange} noValidate className="grid gap-1.5" aria-label="Custom period">
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid flex-1 gap-1.5 sm:flex-none">
              <Label htmlFor={`${id}-from`} className="text-xs text-muted-foreground">
                From
              </Label>
              <Input
                id={`${id}-from`}
                type="date"
                value={range.from}
                max={range.to || today}
                aria-invalid={Boolean(error)}
                onChange={(event) => setDraft({ ...range, from: event.target.value })}
                className="w-full sm:w-40"
              />
            </div>
            <div className="grid flex-1 gap-1.5 sm:flex-none">
              <Label htmlFor={`${id}-to`} className="text-xs text-muted-foreground">
                To
              </Label>
              <Input
                id={`${id}-to`}
                type="date"
                value={range.to}
                min={range.from}
                max={today}
                aria-invalid={Boolean(error)}
                onChange={(event) => setDraft({ ...range, to: event.target.value })}
                className="w-full sm:w-40"
              />
            </div>
            <Button type="submit" variant="secondary" disabled={draft === null}>
              <CheckIcon />
              Apply
            </Button>
          </div>
          {error && (
            <p className="text-xs text-destructive" role="alert">
              {error}
            </p>
          )}
        </form>
      )}

      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-chatbot`} className="text-xs text-muted-foreground">
          Chatbot
        </Label>
        <ChatbotPicker id={`${id}-chatbot`} value={filter.chatbotId} onChange={state.setChatbot} className="w-full sm:w-56" />
      </div>

      <p className="flex items-center gap-2 text-xs text-muted-foreground sm:ml-auto sm:pb-2.5" aria-live="polite">
        {isRefreshing && <Spinner className="size-3" />}
        <span>
          {formatPeriod(filter.from, filter.to)} · {timeZone}
        </span>
      </p>
    </div>
  );
}
