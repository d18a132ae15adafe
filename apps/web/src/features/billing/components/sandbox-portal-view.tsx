import { sandboxCardSchema } from '@parley/shared/contracts/billing';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { CancelSubscriptionButton } from './cancel-subscription-button';
import { useSandboxPortal, useUpdateSandboxCard } from '../api/sandbox-checkout';
import { formatCents } from './format';

/** The sandbox's customer portal: the saved test card (0341 makes renewals fail) and the subscription. */
export function SandboxPortalView({ returnTo }: { returnTo: string }) {
  const portal = useSandboxPortal();
  const update = useUpdateSandboxCard();
  const [card, setCard] = useState({ cardNumber: '', expiry: '', cvc: '' });
  const [message, setMessage] = useState<string | null>(null);
  if (portal.isPending) return <LoadingRows label="Loading the billing portal" rows={2} className="h-40 rounded-xl" />;
  if (portal.isError) return <LoadErrorAlert query={portal} title="Could not load the billing portal" />;
  const data = portal.data;
  const sub = data.subscription;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = sandboxCardSchema.safeParse({ ...card, name: '' });
    if (!parsed.success) return setMessage(parsed.error.issues[0]?.message ?? null);
    setMessage(null);
    update.mutate(
      { ...card, name: '' },
      {
        onSuccess: () => (toast.success('Card saved'), setCard({ cardNumber: '', expiry: '', cvc: '' })),
        onError: (error) => setMessage(getErrorMessage(error)),
      },
    );
  };
  return (
    <div className="mx-auto w-full max-w-xl space-y-4">
      <Card>
        <CardHeader>
          <div className="flex items-center justify-between gap-2">
            <CardTitle>Billing portal</CardTitle>
            <Badge variant="outline">Sandbox · test mode</Badge>
          </div>
          <CardDescription>
            {data.email} · sandbox time {formatDate(data.clockNow)}
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-2 text-sm">
          {sub ? (
            <>
              <p>
                <span className="font-medium capitalize">{sub.tier}</span> plan, {formatCents(sub.amountCents, sub.currency)} per {sub.interval} ·{' '}
                {sub.status === 'trialing' ? 'trial' : sub.status.replace('_', ' ')}
              </p>
              {sub.currentPeriodEnd && (
                <p className="text-muted-foreground">
                  {sub.cancelAtPeriodEnd ? 'Ends' : sub.status === 'trialing' ? 'Trial ends' : 'Renews'} on {formatDate(sub.currentPeriodEnd)}
                </p>
              )}
              <div>
                <CancelSubscriptionButton
                  subscription={sub}
                  planName={sub.tier.charAt(0).toUpperCase() + sub.tier.slice(1)}
                  onChanged={() => void portal.refetch()}
                />
              </div>
            </>
          ) : (
            <p className="text-muted-foreground">No subscription.</p>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Payment method</CardTitle>
          <CardDescription>
            {data.cardLast4 ? `Card ending in ${data.cardLast4}` : 'No card saved yet.'}
            {data.failRenewals && ' · the next charges will be declined (test card 4000 0000 0000 0341).'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_6rem_5rem_auto] sm:items-end" noValidate>
            <div className="space-y-1.5">
              <Label htmlFor="portal-card">Card number</Label>
              <Input
                id="portal-card"
                inputMode="numeric"
                placeholder="4242 4242 4242 4242"
                value={card.cardNumber}
                onChange={(e) => setCard({ ...card, cardNumber: e.target.value })}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="portal-expiry">Expiry</Label>
              <Input id="portal-expiry" placeholder="12/34" value={card.expiry} onChange={(e) => setCard({ ...card, expiry: e.target.value })} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="portal-cvc">CVC</Label>
              <Input id="portal-cvc" inputMode="numeric" placeholder="123" value={card.cvc} onChange={(e) => setCard({ ...card, cvc: e.target.value })} />
            </div>
            <Button type="submit" disabled={update.isPending}>
              Save card
            </Button>
          </form>
          {message && (
            <p className="text-destructive mt-2 text-sm" role="alert">
              {message}
            </p>
          )}
        </CardContent>
      </Card>
      <Button asChild variant="ghost">
        <a href={returnTo}>Back to Parley</a>
      </Button>
    </div>
  );
}
