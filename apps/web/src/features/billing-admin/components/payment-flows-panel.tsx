import { BILLING_ADMIN_MESSAGES, PAYMENT_FLOW_STEPS, type PaymentFlowResult, type PaymentFlowStep } from '@parley/shared/contracts/billing-admin';
import { CheckCircle2Icon, CircleDashedIcon, ExternalLinkIcon, PlayIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { useRunPaymentFlow } from '../api/run-payment-flow';

const LABELS: Record<PaymentFlowStep, { title: string; description: string }> = {
  checkout: { title: 'Checkout creation', description: 'A subscription checkout for the first paid tier.' },
  'token-checkout': { title: 'Token checkout', description: 'A checkout for the smallest active token package.' },
  'customer-portal': { title: 'Customer portal', description: "A portal session for your organization's customer." },
};

type StepState = { status: 'pending' } | { status: 'running' } | { status: 'done'; result: PaymentFlowResult } | { status: 'failed'; message: string };

/** Runs the real test steps against the configured provider; each is pending, success or error (spec §4). */
export function PaymentFlowsPanel() {
  const [states, setStates] = useState<Record<PaymentFlowStep, StepState>>({
    checkout: { status: 'pending' },
    'token-checkout': { status: 'pending' },
    'customer-portal': { status: 'pending' },
  });
  const run = useRunPaymentFlow();
  const runStep = async (step: PaymentFlowStep) => {
    setStates((s) => ({ ...s, [step]: { status: 'running' } }));
    try {
      const result = await run.mutateAsync({ step });
      setStates((s) => ({ ...s, [step]: { status: 'done', result } }));
    } catch (error) {
      // Spec §5: the tests need a signed-in user (the session ended meanwhile: the sign-in page follows).
      const message = error instanceof ApiError && error.status === 401 ? BILLING_ADMIN_MESSAGES.mustBeLoggedIn : getErrorMessage(error);
      setStates((s) => ({ ...s, [step]: { status: 'failed', message } }));
    }
  };
  const runAll = async () => {
    for (const step of PAYMENT_FLOW_STEPS) await runStep(step);
  };
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Payment Flows</CardTitle>
          <CardDescription>
            Each step calls the configured provider for real, acting in your organization (your personal one is created when you have none).
          </CardDescription>
        </div>
        <Button onClick={() => void runAll()} disabled={run.isPending}>
          <PlayIcon />
          Run all
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {PAYMENT_FLOW_STEPS.map((step) => {
            const state = states[step];
            const ok = state.status === 'done' && state.result.status === 'success';
            const bad = state.status === 'failed' || (state.status === 'done' && state.result.status === 'error');
            return (
              <li key={step} className="flex flex-col gap-2 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between" data-testid={`flow-${step}`}>
                <div className="flex min-w-0 items-start gap-3">
                  {state.status === 'running' ? (
                    <Spinner className="mt-0.5" />
                  ) : ok ? (
                    <CheckCircle2Icon className="mt-0.5 size-4 text-success" />
                  ) : bad ? (
                    <XCircleIcon className="mt-0.5 size-4 text-destructive" />
                  ) : (
                    <CircleDashedIcon className="mt-0.5 size-4 text-muted-foreground" />
                  )}
                  <div className="grid min-w-0 gap-0.5">
                    <p className="font-medium">
                      {LABELS[step].title}{' '}
                      <Badge variant={ok ? 'secondary' : bad ? 'destructive' : 'outline'} className="ml-1">
                        {ok ? 'success' : bad ? 'error' : 'pending'}
                      </Badge>
                    </p>
                    <p className="text-sm break-words text-muted-foreground">
                      {state.status === 'done' ? state.result.message : state.status === 'failed' ? state.message : LABELS[step].description}
                    </p>
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  {state.status === 'done' && state.result.url && (
                    <Button variant="outline" size="sm" asChild>
                      <a href={state.result.url} target="_blank" rel="noreferrer">
                        <ExternalLinkIcon />
                        Open
                      </a>
                    </Button>
                  )}
                  <Button variant="outline" size="sm" onClick={() => void runStep(step)} disabled={state.status === 'running'}>
                    Run
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
