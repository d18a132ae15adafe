import { BILLING_MESSAGES, SANDBOX_TEST_CARDS, sandboxCardSchema, type PayResult } from '@parley/shared/contracts/billing';
import { useState, type FormEvent } from 'react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-error';
import { useConfirmSandboxSession, usePaySandboxSession, useSandboxSession, useStartSandboxTrial } from '../api/sandbox-checkout';
import { formatCents } from './format';

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox's hosted checkout (/checkout/sandbox/:id): a test-card form, and the confirm step for 3155. */
export function SandboxCheckoutView({ sessionId }: { sessionId: string }) {
  const session = useSandboxSession(sessionId);
  const pay = usePaySandboxSession(sessionId);
  const confirm = useConfirmSandboxSession(sessionId);
  const startTrial = useStartSandboxTrial(sessionId);
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '', name: '' });
  const [message, setMessage] = useState<string | null>(null);

  if (session.isPending) return <LoadingRows label="Loading the checkout" rows={1} className="h-72 rounded-xl" />;
  if (session.isError) return <LoadErrorAlert query={session} title="This checkout cannot be shown" />;
  const data = session.data;

  const done = (result: PayResult) => {
    if (result.status === 'complete' && result.redirectUrl) window.location.assign(result.redirectUrl);
    else setMessage(result.message);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sandboxCardSchema.safeParse(card);
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? BILLING_MESSAGES.cardInvalid);
      return;
    }
    setMessage(null);
    pay.mutate(card, { onSuccess: done, onError: (error) => setMessage(getErrorMessage(error)) });
  };
  const per = data.interval ? ` / ${data.interval}` : '';
  const price = `${formatCents(data.amountCents + data.taxCents, data.currency)}${per}`;

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <div className="flex items-center justify-between gap-2">
          <CardTitle>Parley checkout</CardTitle>
          <Badge variant="outline">Sandbox · test mode</Badge>
        </div>
        <CardDescription>{data.description}</CardDescription>
        <p className="pt-2 text-3xl font-semibold" data-testid="checkout-amount">
          {price}
        </p>
        {data.trialDays > 0 && (
          <p className="text-muted-foreground text-sm">
            Starts with a {data.trialDays}-day free trial: nothing is charged until it ends.
            {data.cardRequired ? '' : ' A card is optional; without one the plan ends with the trial.'}
          </p>
        )}
        {data.taxCents > 0 && (
          <p className="text-muted-foreground text-sm">
            {formatCents(data.amountCents, data.currency)} + {formatCents(data.taxCents, data.currency)} tax{per}
          </p>
        )}
      </CardHeader>
      {data.status === 'complete' || data.status === 'expired' ? (
        <CardContent className="space-y-3">
          <p role="status">{data.status === 'complete' ? BILLING_MESSAGES.sessionComplete : BILLING_MESSAGES.sessionExpired}</p>
          <Button asChild variant="outline">
            <a href={data.status === 'complete' ? data.successUrl : data.cancelUrl}>Back to Parley</a>
          </Button>
        </CardContent>
      ) : data.status === 'requires_action' ? (
        <>
          <CardContent className="space-y-3">
            <p className="font-medium">Confirm this payment</p>
            <p className="text-muted-foreground text-sm">Your bank (the sandbox) asks you to authenticate a payment of {price} to Parley.</p>
            {message && (
              <p className="text-destructive text-sm" role="alert">
                {message}
              </p>
            )}
          </CardContent>
          <CardFooter className="flex gap-2">
            <Button
              disabled={confirm.isPending}
              onClick={() => confirm.mutate(true, { onSuccess: done, onError: (error) => setMessage(getErrorMessage(error)) })}
            >
              Complete authentication
            </Button>
            <Button
              variant="outline"
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate(false, {
                  onSuccess: (result) => (setMessage(result.message), void session.refetch()),
                  onError: (error) => setMessage(getErrorMessage(error)),
                })
              }
            >
              Fail authentication
            </Button>
          </CardFooter>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <CardContent className="space-y-4">
            <p className="text-muted-foreground text-sm">Paying as {data.customerEmail}</p>
            <div className="space-y-1.5">
              <Label htmlFor="card-number">Card number</Label>
              <Input
                id="card-number"
                inputMode="numeric"
                autoComplete="off"
                placeholder="4242 4242 4242 4242"
                value={card.cardNumber}
                onChange={(e) => setCard({ ...card, cardNumber: spaced(e.target.value.replace(/\D/g, '').slice(0, 16)) })}
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div className="space-y-1.5">
                <Label htmlFor="card-expiry">Expiry (MM/YY)</Label>
                <Input
                  id="card-expiry"
                  placeholder="12/34"
                  autoComplete="off"
                  value={card.expiry}
                  onChange={(e) => setCard({ ...card, expiry: e.target.value.slice(0, 7) })}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="card-cvc">CVC</Label>
                <Input
                  id="card-cvc"
                  inputMode="numeric"
                  placeholder="123"
                  autoComplete="off"
                  value={card.cvc}
                  onChange={(e) => setCard({ ...card, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })}
                />
              </div>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="card-name">Name on card</Label>
              <Input id="card-name" autoComplete="off" value={card.name} onChange={(e) => setCard({ ...card, name: e.target.value })} />
            </div>
            {(message ?? data.declineMessage) && (
              <p className="text-destructive text-sm" role="alert">
                {message ?? data.declineMessage}
              </p>
            )}
            <details className="text-muted-foreground text-xs">
              <summary className="cursor-pointer">Test cards</summary>
              <ul className="mt-1 space-y-0.5 font-mono">
                <li>{spaced(SANDBOX_TEST_CARDS.succeeds)} — succeeds</li>
                <li>{spaced(SANDBOX_TEST_CARDS.declined)} — declined</li>
                <li>{spaced(SANDBOX_TEST_CARDS.requiresAction)} — asks for confirmation</li>
                <li>{spaced(SANDBOX_TEST_CARDS.failsLater)} — succeeds now, renewals fail</li>
              </ul>
            </details>
          </CardContent>
          <CardFooter className="flex flex-col gap-2 pt-6">
            <Button type="submit" className="w-full" disabled={pay.isPending || startTrial.isPending}>
              Pay {price}
            </Button>
            {!data.cardRequired && (
              <Button
                type="button"
                variant="outline"
                className="w-full"
                disabled={pay.isPending || startTrial.isPending}
                onClick={() => startTrial.mutate(undefined, { onSuccess: done, onError: (error) => setMessage(getErrorMessage(error)) })}
              >
                Start the trial without a card
              </Button>
            )}
            <a className="text-muted-foreground text-sm hover:underline" href={data.cancelUrl}>
              Cancel and go back
            </a>
          </CardFooter>
        </form>
      )}
    </Card>
  );
}
