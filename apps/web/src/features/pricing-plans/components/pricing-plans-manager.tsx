import { FREE_TIER } from '@parley/shared/constants';
import { PRICING_PLAN_MESSAGES, type PricingPlan } from '@parley/shared/contracts/pricing-plans';
import { TIER_MESSAGES } from '@parley/shared/contracts/tier-limits';
import { formatTokenAmount, formatUsd } from '@parley/shared/pricing';
import { StarIcon, TagsIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadingRows } from '@/components/layout/loading-rows';
import { ResourceCreateButton, ResourceRowActions } from '@/components/resource-manager/resource-buttons';
import { ResourceCard } from '@/components/resource-manager/resource-card';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { ResourceStates } from '@/components/resource-manager/resource-states';
import { figureColumn, ResourceTable, type ResourceColumn } from '@/components/resource-manager/resource-table';
import { useResourceDialog, type ResourceDialog } from '@/components/resource-manager/use-resource-dialog';
import { Badge } from '@/components/ui/badge';
import { useDeletePricingPlan } from '../api/delete-pricing-plan';
import { usePricingPlans } from '../api/get-pricing-plans';
import { PricingPlanDialog } from './pricing-plan-dialog';

const limit = (value: number) => (value === -1 ? 'Unlimited' : formatTokenAmount(value));

function deleteBlocker(plan: PricingPlan): string | null {
  if (plan.tier === FREE_TIER) return TIER_MESSAGES.freeIsFallback;
  if (plan.organizationCount > 0) return TIER_MESSAGES.inUse(plan.organizationCount, plan.displayName);
  return null;
}

function planColumns(dialog: ResourceDialog<PricingPlan>): ResourceColumn<PricingPlan>[] {
  return [
    { header: 'Order', headClassName: 'w-12', cellClassName: 'tabular-nums', cell: (plan) => plan.sortOrder },
    {
      header: 'Plan',
      cell: (plan) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{plan.displayName}</span>
            {plan.isPopular && (
              <Badge className="bg-brand text-brand-foreground">
                <StarIcon />
                Popular
              </Badge>
            )}
            {!plan.isActive && <Badge variant="secondary">Inactive</Badge>}
          </div>
          <div className="font-mono text-xs text-muted-foreground">{plan.tier}</div>
        </>
      ),
    },
    figureColumn('Monthly', (plan) => formatUsd(plan.priceMonthlyCents)),
    figureColumn('Annual', (plan) => formatUsd(plan.priceAnnualCents)),
    figureColumn('Chatbots', (plan) => limit(plan.maxChatbots)),
    figureColumn('AI tokens / month', (plan) => limit(plan.monthlyTokenLimit)),
    {
      header: 'Actions',
      headClassName: 'text-right',
      cellClassName: 'text-right',
      cell: (plan) => (
        <ResourceRowActions
          editLabel={`Edit ${plan.displayName}`}
          onEdit={() => dialog.openFor('edit', plan)}
          deleteLabel={`Delete ${plan.displayName}`}
          onDelete={() => dialog.openFor('delete', plan)}
          deleteBlocker={deleteBlocker(plan)}
        />
      ),
    },
  ];
}

/** Spec part 2 §2 Plans: the pricing plans manager (table and create/edit dialog). */
export function PricingPlansManager() {
  const query = usePricingPlans();
  const remove = useDeletePricingPlan();
  const dialog = useResourceDialog<PricingPlan>();
  const editing = dialog.itemFor('edit');
  const deleting = dialog.itemFor('delete');
  const planCount = query.data?.length ?? 0;

  return (
    <>
      <ResourceCard
        icon={TagsIcon}
        title="Pricing plans"
        description="Each plan is a subscription tier; activate or deactivate it on the Tier Limits screen."
        action={<ResourceCreateButton label="Create plan" shortLabel="New" onClick={dialog.openCreate} disabled={!query.isSuccess} />}
        contentClassName="px-0 sm:px-6"
      >
        <ResourceStates
          query={query}
          loading={<LoadingRows label="Loading pricing plans" rows={3} className="h-12" />}
          loadFailedTitle={PRICING_PLAN_MESSAGES.loadFailed}
          loadFailedToastId="pricing-plans-load"
          empty={
            <EmptyState
              icon={TagsIcon}
              title="No pricing plans"
              description="Create the plans customers choose from on the pricing page."
              action={<ResourceCreateButton label="Create plan" onClick={dialog.openCreate} />}
            />
          }
        >
          {(plans) => <ResourceTable items={plans} columns={planColumns(dialog)} rowTestId="pricing-plan-row" />}
        </ResourceStates>
      </ResourceCard>
      {dialog.isCreating && <PricingPlanDialog plan={null} planCount={planCount} onClose={dialog.close} />}
      {editing && <PricingPlanDialog key={editing.id} plan={editing} planCount={planCount} onClose={dialog.close} />}
      {deleting && (
        <ResourceDeleteDialog
          title={`Delete ${deleting.displayName}?`}
          description={PRICING_PLAN_MESSAGES.deleteConfirm}
          confirmLabel="Delete plan"
          mutation={remove}
          variables={deleting.tier}
          deletedMessage={PRICING_PLAN_MESSAGES.deleted}
          onClose={dialog.close}
        />
      )}
    </>
  );
}
