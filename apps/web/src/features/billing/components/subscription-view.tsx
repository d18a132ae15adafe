import { BILLING_MESSAGES, type BillingInterval, type SubscriptionOverview } from '@parley/shared/contracts/billing';
import { TOKEN_BALANCE_LABEL } from '@parley/shared/contracts/token-credits';
import { TIER_RATE_LIMIT_KEYS, TIER_RATE_LIMITS } from '@parley/shared/contracts/tier-limits';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { getErrorMessage } from '@/lib/api-error';
import { formatDate } from '@/lib/format';
import { getSubscriptionQueryOptions, useOpenPortal, useStartTierCheckout, useSubscription } from '../api/get-subscription';
import { useCheckoutConfirmation } from '../hooks/use-checkout-confirmation';
import { subscriptionCheckoutOutcome } from '../utils/checkout-outcome';
import { CancelSubscriptionButton } from './cancel-subscription-button';
import { CheckoutConfirmationAlert } from './checkout-confirmation-alert';
import { formatCents, formatLimit } from './format';

const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  trialing: 'Trial',
  past_due: 'Payment overdue',
  unpaid: 'Suspended (unpaid)',
  canceled: 'Canceled',
  incomplete: 'Incomplete',
};

function UsageBar({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="space-y-1">
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="text-muted-foreground tabular-nums">
          {used.toLocaleString('en-US')} / {formatLimit(limit)}
        </span>
      </div>
      {limit !== -1 && <Progress value={percent} aria-label={`${label} used`} />}
    </div>
  );
}

function CurrentPlan({ data }: { data: SubscriptionOverview }) {
  const sub = data.subscription;
  const portal = useOpenPortal();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {data.tier.displayName} plan
          {sub && (
            <Badge variant={sub.status === 'past_due' || sub.status === 'unpaid' ? 'destructive' : 'secondary'}>{STATUS_LABEL[sub.status] ?? sub.status}</Badge>
          )}
        </CardTitle>
        <CardDescription>
          {sub
            ? `${formatCents(sub.amountCents, sub.currency)} per ${sub.interval}` +
              (sub.currentPeriodEnd
                ? sub.cancelAtPeriodEnd
                  ? ` · ends on ${formatDate(sub.currentPeriodEnd)}`
                  : sub.status === 'trialing'
                    ? ` · trial ends on ${formatDate(sub.currentPeriodEnd)}, then billed`
                    : ` · renews on ${formatDate(sub.currentPeriodEnd)}`
                : '')
            : BILLING_MESSAGES.noSubscription}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sub?.status === 'past_due' && (
          <p className="text-destructive text-sm" role="alert">
            Your last payment failed ({sub.failedPaymentCount} {sub.failedPaymentCount === 1 ? 'attempt' : 'attempts'}). Update your card in the billing portal;
            we will retry automatically.
          </p>
        )}
        <UsageBar label="Tokens this month" used={data.usage.tokensUsed} limit={data.limits.monthlyTokenLimit} />
        <UsageBar label="Chatbots" used={data.usage.chatbots} limit={data.limits.maxChatbots} />
        <p className="text-muted-foreground text-sm">
          Handoffs per month: {formatLimit(data.limits.maxHandoffsPerMonth)} · {TOKEN_BALANCE_LABEL}: {data.usage.creditBalance.toLocaleString('en-US')}
        </p>
        <div className="space-y-1">
          <h3 className="text-sm font-medium">Rate limits</h3>
          <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3" aria-label="Rate limits of your plan">
            {TIER_RATE_LIMIT_KEYS.map((key) => (
              <div key={key}>
                <dt className="text-muted-foreground">{`${TIER_RATE_LIMITS[key].label}, ${TIER_RATE_LIMITS[key].scope}`}</dt>
                <dd className="font-medium tabular-nums">{data.limits[key].toLocaleString('en-US')}</dd>
              </div>
            ))}
          </dl>
          <p className="text-muted-foreground text-xs">Past a limit, requests get 429 Too Many Requests with Retry-After; a larger plan raises them.</p>
        </div>
      </CardContent>
      {data.canManage && (
        <CardFooter className="flex flex-wrap gap-2">
          {sub && <CancelSubscriptionButton subscription={sub} planName={data.tier.displayName} />}
          <Button
            variant="outline"
            disabled={portal.isPending}
            onClick={() =>
              portal.mutate(undefined, {
                onSuccess: ({ url }) => window.location.assign(url),
                onError: (error) => toast.error(getErrorMessage(error)),
              })
            }
          >
            Manage billing
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}

function Plans({ data }: { data: SubscriptionOverview }) {
  const [interval, setInterval] = useState<BillingInterval>(data.subscription?.interval ?? 'month');
  const checkout = useStartTierCheckout();
  const paid = data.offers.filter((offer) => offer.tier !== 'free');
  if (paid.length === 0) return null;
  return (
    <section className="space-y-3" aria-labelledby="plans-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="plans-heading" className="text-lg font-semibold">
          Plans
        </h2>
        <div className="flex gap-1" role="group" aria-label="Billing interval">
          <Button size="sm" variant={interval === 'month' ? 'default' : 'outline'} onClick={() => setInterval('month')} aria-pressed={interval === 'month'}>
            Monthly
          </Button>
          <Button size="sm" variant={interval === 'year' ? 'default' : 'outline'} onClick={() => setInterval('year')} aria-pressed={interval === 'year'}>
            Annual
          </Button>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {paid.map((offer) => {
          const price = interval === 'year' ? offer.priceAnnualCents : offer.priceMonthlyCents;
          const isCurrent = data.subscription?.tier === offer.tier && data.subscription.interval === interval;
          return (
            <Card key={offer.tier} className={offer.isPopular ? 'border-primary' : undefined}>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  {offer.displayName}
                  {offer.isPopular && <Badge>Popular</Badge>}
                </CardTitle>
                <CardDescription>{offer.description}</CardDescription>
              </CardHeader>
              <CardContent className="space-y-1 text-sm">
                <p className="text-2xl font-semibold">
                  {formatCents(price, data.currency)}
                  <span className="text-muted-foreground text-sm font-normal"> / {interval}</span>
                </p>
                <p>{formatLimit(offer.monthlyTokenLimit)} tokens a month</p>
                <p>{formatLimit(offer.maxChatbots)} chatbots</p>
                <p>{formatLimit(offer.maxHandoffsPerMonth)} handoffs a month</p>
              </CardContent>
              {data.canManage && (
                <CardFooter>
                  <Button
                    className="w-full"
                    disabled={isCurrent || price <= 0 || checkout.isPending}
                    onClick={() =>
                      checkout.mutate(
                        { tier: offer.tier, interval },
                        {
                          onSuccess: (result) => {
                            if (result.url) window.location.assign(result.url);
                            else toast.success(BILLING_MESSAGES.planChanged);
                          },
                          onError: (error) => toast.error(BILLING_MESSAGES.checkoutFailed, { description: getErrorMessage(error) }),
                        },
                      )
                    }
                  >
                    {isCurrent ? 'Current plan' : data.subscription ? `Switch to ${offer.displayName}` : offer.ctaText || `Choose ${offer.displayName}`}
                  </Button>
                </CardFooter>
              )}
            </Card>
          );
        })}
      </div>
    </section>
  );
}

/** /dashboard/subscription: the plan, its limits and use, upgrade or downgrade, cancel, the billing portal. */
export function SubscriptionView() {
  const query = useSubscription();
  const confirmation = useCheckoutConfirmation({
    query: getSubscriptionQueryOptions(),
    outcome: subscriptionCheckoutOutcome,
    successMessage: BILLING_MESSAGES.planActive,
  });
  if (query.isPending) return <LoadingRows label="Loading your plan" rows={3} className="h-32 rounded-xl" />;
  if (query.isError) return <LoadErrorAlert query={query} title="Could not load your plan" />;
  return (
    <div className="space-y-6">
      <CheckoutConfirmationAlert {...confirmation} />
      <CurrentPlan data={query.data} />
      <Plans data={query.data} />
      {query.data.provider === 'sandbox' && (
        <p className="text-muted-foreground text-xs">
          Payments run in the built-in sandbox (test mode): use test cards such as 4242 4242 4242 4242; no money moves.
        </p>
      )}
    </div>
  );
}
