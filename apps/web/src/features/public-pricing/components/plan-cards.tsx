import type { PublicPlan } from '@parley/shared/contracts/public-pricing';
import { annualSavingsPercent, formatUsd } from '@parley/shared/pricing';
import { CheckIcon, SparklesIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

export type BillingPeriod = 'monthly' | 'annual';

function featureText(feature: PublicPlan['features'][number]): string {
  return feature.value ? `${feature.value} ${feature.name}` : feature.name;
}

function Price({ plan, period }: { plan: PublicPlan; period: BillingPeriod }) {
  if (period === 'monthly') {
    return (
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight tabular-nums">{formatUsd(plan.priceMonthlyCents)}</span>
        <span className="text-sm text-muted-foreground">/month</span>
      </p>
    );
  }
  // A paid plan without an annual price is sold monthly only.
  if (plan.priceAnnualCents === 0 && plan.priceMonthlyCents > 0) {
    return (
      <div className="grid gap-1">
        <p className="flex items-baseline gap-1">
          <span className="text-4xl font-semibold tracking-tight tabular-nums">{formatUsd(plan.priceMonthlyCents)}</span>
          <span className="text-sm text-muted-foreground">/month</span>
        </p>
        <p className="text-xs text-muted-foreground">Billed monthly only</p>
      </div>
    );
  }
  const savings = annualSavingsPercent(plan.priceMonthlyCents, plan.priceAnnualCents);
  return (
    <div className="grid gap-1">
      <p className="flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight tabular-nums">{formatUsd(plan.priceAnnualCents)}</span>
        <span className="text-sm text-muted-foreground">/year</span>
      </p>
      <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {plan.priceAnnualCents > 0 && <span>{formatUsd(Math.round(plan.priceAnnualCents / 12))} a month, billed yearly</span>}
        {savings !== null && (
          <Badge variant="outline" className="border-success/30 bg-success/10 text-success">
            Save {savings}%
          </Badge>
        )}
      </p>
    </div>
  );
}

/** The plans side by side, with the monthly/annual switch; the CTA leads to sign-up (or to one's subscription). */
export function PlanCards({ plans, ctaHref }: { plans: PublicPlan[]; ctaHref: string }) {
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const bestSavings = Math.max(0, ...plans.map((plan) => annualSavingsPercent(plan.priceMonthlyCents, plan.priceAnnualCents) ?? 0));
  return (
    <div className="flex flex-col items-center gap-8">
      <div className="flex justify-center">
        <div role="radiogroup" aria-label="Billing period" className="inline-flex rounded-full border bg-muted p-1 text-sm">
          {(['monthly', 'annual'] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={period === value}
              onClick={() => setPeriod(value)}
              className={cn(
                'rounded-full px-4 py-1.5 font-medium text-muted-foreground transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                period === value && 'bg-background text-foreground shadow-sm',
              )}
            >
              {value === 'monthly' ? 'Monthly' : 'Annual'}
              {value === 'annual' && bestSavings > 0 && <span className="ml-1.5 text-xs text-success">save up to {bestSavings}%</span>}
            </button>
          ))}
        </div>
      </div>
      <ul
        className={cn(
          'grid w-full gap-6 md:grid-cols-2',
          plans.length === 1 && 'max-w-md md:grid-cols-1',
          plans.length === 2 && 'max-w-4xl',
          plans.length === 3 && 'lg:grid-cols-3',
          plans.length >= 4 && 'xl:grid-cols-4',
        )}
      >
        {plans.map((plan) => (
          <li key={plan.tier} className="flex">
            <Card
              data-testid="pricing-plan-card"
              aria-label={plan.displayName}
              className={cn('relative w-full gap-5', plan.isPopular && 'border-brand shadow-lg ring-1 shadow-brand/10 ring-brand')}
            >
              {plan.isPopular && (
                <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 gap-1 rounded-full bg-brand px-3 py-1 text-brand-foreground">
                  <SparklesIcon />
                  Most popular
                </Badge>
              )}
              <CardHeader className="gap-2">
                <CardTitle className="text-xl">{plan.displayName}</CardTitle>
                {plan.description && <CardDescription>{plan.description}</CardDescription>}
              </CardHeader>
              <CardContent className="grid gap-6">
                <Price plan={plan} period={period} />
                <ul className="grid gap-2.5 text-sm" aria-label={`${plan.displayName} features`}>
                  {plan.features.map((feature) => (
                    <li key={feature.name} className={cn('flex items-start gap-2', !feature.isIncluded && 'text-muted-foreground line-through')}>
                      {feature.isIncluded ? (
                        <CheckIcon className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                      ) : (
                        <XIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      )}
                      <span>{featureText(feature)}</span>
                    </li>
                  ))}
                </ul>
              </CardContent>
              <CardFooter className="mt-auto">
                <Button asChild className="w-full" variant={plan.isPopular ? 'default' : 'outline'} size="lg">
                  <Link to={ctaHref}>{plan.ctaText}</Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
