import { ClockIcon, RotateCcwIcon } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useAdvanceSandboxClock, useResetSandboxClock, useSandboxClock } from '../api/advance-sandbox-clock';
import { useBillingConfiguration } from '../api/billing-configuration';

const DAY = 24 * 3600;
const STEPS = [
  { value: String(DAY), label: '1 day' },
  { value: String(3 * DAY), label: '3 days' },
  { value: String(7 * DAY), label: '7 days' },
  { value: String(31 * DAY), label: '1 month (31 days)' },
  { value: String(366 * DAY), label: '1 year (366 days)' },
] as const;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** How far ahead: in days, or in hours or minutes below a day (so a clock a few hours ahead is not "0 days"). */
const ahead = (seconds: number) =>
  seconds >= DAY
    ? plural(Math.round(seconds / DAY), 'day')
    : seconds >= 3600
      ? plural(Math.round(seconds / 3600), 'hour')
      : plural(Math.max(1, Math.round(seconds / 60)), 'minute');

/** What the reset does, said before it is done (docs/decisions/0024-billing-administration.md). */
export const RESET_CLOCK_DESCRIPTION =
  'The sandbox’s time goes back to real time. Nothing is undone: invoices, renewals and cancellations made while the clock was ahead keep their dates, and the revenue figures count them once real time reaches those dates. Subscriptions renewed ahead renew next at the end of their current period.';

/**
 * The sandbox's clock (decisions/0022-payments-and-subscriptions.md): renewals, dunning retries and cancellations at period end happen when the
 * clock passes them, so an operator can watch a year of billing in a minute. Shown only while the sandbox is the
 * provider: Stripe keeps its own time.
 */
export function SandboxClockCard() {
  const configuration = useBillingConfiguration();
  const isSandbox = configuration.data?.provider === 'sandbox';
  const clock = useSandboxClock(isSandbox);
  const advance = useAdvanceSandboxClock();
  const reset = useResetSandboxClock();
  const [step, setStep] = useState<string>(STEPS[3].value);
  const [confirming, setConfirming] = useState(false);
  // What the last action said: an advance's renewals, or a reset.
  const [said, setSaid] = useState<'advance' | 'reset' | null>(null);
  if (!isSandbox) return null;
  const result = advance.data;
  const offset = clock.data?.offsetSeconds ?? 0;
  return (
    <Card className="gap-4" data-testid="sandbox-clock">
      <CardHeader>
        <CardTitle>Sandbox clock</CardTitle>
        <CardDescription>
          Move the sandbox’s time forward: renewals, payment retries and cancellations that fall due run at once, as they would on those days. The billing
          figures (Analytics, Revenue, Customers) are read at this clock. Reset puts it back to real time.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <Select value={step} onValueChange={setStep}>
            <SelectTrigger className="w-48" aria-label="Advance by">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {STEPS.map((s) => (
                <SelectItem key={s.value} value={s.value}>
                  {s.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button onClick={() => advance.mutate(Number(step), { onSuccess: () => setSaid('advance') })} disabled={advance.isPending || reset.isPending}>
            {advance.isPending ? <Spinner /> : <ClockIcon />}
            Advance clock
          </Button>
          <AlertDialog open={confirming} onOpenChange={setConfirming}>
            <AlertDialogTrigger asChild>
              <Button variant="outline" disabled={offset === 0 || advance.isPending || reset.isPending}>
                <RotateCcwIcon />
                Reset to real time
              </Button>
            </AlertDialogTrigger>
            <ConfirmDialogContent
              title={`Put the sandbox clock back ${ahead(offset)}?`}
              description={RESET_CLOCK_DESCRIPTION}
              confirmLabel="Reset clock"
              isPending={reset.isPending}
              onConfirm={() =>
                reset.mutate(undefined, {
                  onSuccess: () => setSaid('reset'),
                  onSettled: () => setConfirming(false),
                })
              }
            />
          </AlertDialog>
        </div>
        {clock.data && (
          <p className="text-sm" data-testid="sandbox-clock-now">
            {offset === 0
              ? `Sandbox time is real time (${formatDateTime(clock.data.now)}).`
              : `Sandbox time: ${formatDateTime(clock.data.now)}, ${ahead(offset)} ahead.`}
          </p>
        )}
        {advance.isError && <p className="text-sm text-destructive">{getErrorMessage(advance.error)}</p>}
        {reset.isError && <p className="text-sm text-destructive">{getErrorMessage(reset.error)}</p>}
        {said === 'reset' && reset.data && (
          <p className="text-sm text-muted-foreground" role="status">
            The clock is back at real time ({formatDateTime(reset.data.now)}); it was {ahead(reset.data.previousOffsetSeconds)} ahead.
          </p>
        )}
        {said === 'advance' && result && (
          <p className="text-sm text-muted-foreground" role="status">
            Sandbox time is now {formatDateTime(result.now)} ({plural(Math.round(result.offsetSeconds / DAY), 'day')} ahead). Renewed{' '}
            {plural(result.renewed, 'subscription')}, {result.failed} failed, {result.canceled} canceled.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
