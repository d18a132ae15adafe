import { PUBLIC_PRICING_MESSAGES } from '@parley/shared/contracts/public-pricing';
import { AlertCircleIcon, TagsIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { usePublicPricing } from '../api/get-public-pricing';
import { PlanCards } from './plan-cards';
import { PricingFaqList } from './pricing-faq-list';
import { TokenPackagesSection } from './token-packages-section';

/** The public pricing page's content: plans, token packages, FAQs (the landing page shows the plans only). */
export function PublicPricingView({ ctaHref, plansOnly = false }: { ctaHref: string; plansOnly?: boolean }) {
  const query = usePublicPricing();
  if (query.isPending) {
    return <LoadingRows label="Loading pricing" rows={3} className="h-96 rounded-xl" containerClassName="gap-6 md:grid-cols-3" />;
  }
  if (query.isError) {
    return (
      <EmptyState
        icon={AlertCircleIcon}
        title={PUBLIC_PRICING_MESSAGES.loadFailed}
        description={getErrorMessage(query.error)}
        action={
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching && <Spinner />}
            Retry
          </Button>
        }
      />
    );
  }
  const { plans, tokenPackages, faqs } = query.data;
  return (
    <div className="grid grid-cols-1 gap-20">
      {plans.length === 0 ? (
        <EmptyState icon={TagsIcon} title="Plans" description={PUBLIC_PRICING_MESSAGES.noPlans} />
      ) : (
        <PlanCards plans={plans} ctaHref={ctaHref} />
      )}
      {!plansOnly && tokenPackages.length > 0 && (
        <section aria-labelledby="token-packages-heading" className="grid gap-6">
          <div className="text-center">
            <h2 id="token-packages-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Need more tokens?
            </h2>
            <p className="mt-2 text-muted-foreground">Top up any plan with a one-time token package.</p>
          </div>
          <TokenPackagesSection packages={tokenPackages} />
        </section>
      )}
      {!plansOnly && faqs.length > 0 && (
        <section aria-labelledby="faq-heading" className="mx-auto grid w-full max-w-3xl gap-6">
          <h2 id="faq-heading" className="text-center text-2xl font-semibold tracking-tight sm:text-3xl">
            Frequently asked questions
          </h2>
          <PricingFaqList faqs={faqs} />
        </section>
      )}
    </div>
  );
}
