import { ClockIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useAdvanceSandboxClock } from '../api/advance-sandbox-clock';
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

/**
 * The sandbox's clock (decisions §33): renewals, dunning retries and cancellations at period end happen when the
 * clock passes them, so an operator can watch a year of billing in a minute. Shown only while the sandbox is the
 * provider: Stripe keeps its own time.
 */
export function SandboxClockCard() {
  const configuration = useBillingConfiguration();
  const advance = useAdvanceSandboxClock();
  const [step, setStep] = useState<string>(STEPS[3].value);
  if (configuration.data?.provider !== 'sandbox') return null;
  const result = advance.data;
  return (
    <Card className="gap-4" data-testid="sandbox-clock">
      <CardHeader>
        <CardTitle>Sandbox clock</CardTitle>
        <CardDescription>
          Move the sandbox’s time forward: renewals, payment retries and cancellations that fall due run at once, as they would on those days.
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
          <Button onClick={() => advance.mutate(Number(step))} disabled={advance.isPending}>
            {advance.isPending ? <Spinner /> : <ClockIcon />}
            Advance clock
          </Button>
        </div>
        {advance.isError && <p className="text-sm text-destructive">{getErrorMessage(advance.error)}</p>}
        {result && (
          <p className="text-sm text-muted-foreground" role="status">
            Sandbox time is now {formatDateTime(result.now)} ({plural(Math.round(result.offsetSeconds / DAY), 'day')} ahead). Renewed{' '}
            {plural(result.renewed, 'subscription')}, {result.failed} failed, {result.canceled} canceled.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
