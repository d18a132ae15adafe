import { FREE_TIER } from '@parley/shared/constants';
import { PRICING_PLAN_MESSAGES, type PricingPlan } from '@parley/shared/contracts/pricing-plans';
import { TIER_MESSAGES } from '@parley/shared/contracts/tier-limits';
import { formatTokenAmount, formatUsd } from '@parley/shared/pricing';
import { PencilIcon, PlusIcon, StarIcon, TagsIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useConfirmedDelete } from '@/hooks/use-confirmed-delete';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { useDeletePricingPlan } from '../api/delete-pricing-plan';
import { usePricingPlans } from '../api/get-pricing-plans';
import { PricingPlanDialog } from './pricing-plan-dialog';

const limit = (value: number) => (value === -1 ? 'Unlimited' : formatTokenAmount(value));

function deleteBlocker(plan: PricingPlan): string | null {
  if (plan.tier === FREE_TIER) return TIER_MESSAGES.freeIsFallback;
  if (plan.organizationCount > 0) return TIER_MESSAGES.inUse(plan.organizationCount, plan.displayName);
  return null;
}

type Open = { kind: 'create' } | { kind: 'edit' | 'delete'; plan: PricingPlan } | null;

/** Spec part 2 §2 Plans: the pricing plans manager (table and create/edit dialog). */
export function PricingPlansManager() {
  const query = usePricingPlans();
  const remove = useDeletePricingPlan();
  const [open, setOpen] = useState<Open>(null);

  useLoadErrorToast(query, PRICING_PLAN_MESSAGES.loadFailed, 'pricing-plans-load');

  const confirmDelete = useConfirmedDelete(remove, PRICING_PLAN_MESSAGES.deleted, () => setOpen(null));

  let body;
  if (query.isPending) {
    body = <LoadingRows label="Loading pricing plans" rows={3} className="h-12" />;
  } else if (query.isError) {
    body = <LoadErrorAlert query={query} title={PRICING_PLAN_MESSAGES.loadFailed} />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        icon={TagsIcon}
        title="No pricing plans"
        description="Create the plans customers choose from on the pricing page."
        action={
          <Button onClick={() => setOpen({ kind: 'create' })}>
            <PlusIcon />
            Create plan
          </Button>
        }
      />
    );
  } else {
    body = (
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead className="w-12">Order</TableHead>
            <TableHead>Plan</TableHead>
            <TableHead className="text-right">Monthly</TableHead>
            <TableHead className="text-right">Annual</TableHead>
            <TableHead className="text-right">Chatbots</TableHead>
            <TableHead className="text-right">AI tokens / month</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {query.data.map((plan) => {
            const blocker = deleteBlocker(plan);
            return (
              <TableRow key={plan.id} data-testid="pricing-plan-row">
                <TableCell className="tabular-nums">{plan.sortOrder}</TableCell>
                <TableCell>
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
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatUsd(plan.priceMonthlyCents)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatUsd(plan.priceAnnualCents)}</TableCell>
                <TableCell className="text-right tabular-nums">{limit(plan.maxChatbots)}</TableCell>
                <TableCell className="text-right tabular-nums">{limit(plan.monthlyTokenLimit)}</TableCell>
                <TableCell className="text-right">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" onClick={() => setOpen({ kind: 'edit', plan })} aria-label={`Edit ${plan.displayName}`}>
                      <PencilIcon />
                    </Button>
                    {blocker ? (
                      <Tooltip>
                        <TooltipTrigger asChild>
                          <span tabIndex={0} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                            <Button variant="ghost" size="icon" disabled aria-label={`Delete ${plan.displayName} (not possible)`}>
                              <Trash2Icon />
                            </Button>
                          </span>
                        </TooltipTrigger>
                        <TooltipContent className="max-w-64">{blocker}</TooltipContent>
                      </Tooltip>
                    ) : (
                      <Button
                        variant="ghost"
                        size="icon"
                        className="text-destructive hover:text-destructive"
                        onClick={() => setOpen({ kind: 'delete', plan })}
                        aria-label={`Delete ${plan.displayName}`}
                      >
                        <Trash2Icon />
                      </Button>
                    )}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    );
  }

  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <TagsIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Pricing plans
        </CardTitle>
        <CardDescription>Each plan is a subscription tier; activate or deactivate it on the Tier Limits screen.</CardDescription>
        <CardAction>
          <Button onClick={() => setOpen({ kind: 'create' })} disabled={!query.isSuccess}>
            <PlusIcon />
            <span className="hidden sm:inline">Create plan</span>
            <span className="sm:hidden">New</span>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="px-0 sm:px-6">{body}</CardContent>
      {open?.kind === 'create' && <PricingPlanDialog plan={null} planCount={query.data?.length ?? 0} onClose={() => setOpen(null)} />}
      {open?.kind === 'edit' && <PricingPlanDialog key={open.plan.id} plan={open.plan} planCount={query.data?.length ?? 0} onClose={() => setOpen(null)} />}
      <AlertDialog open={open?.kind === 'delete'} onOpenChange={(isOpen) => !isOpen && setOpen(null)}>
        {open?.kind === 'delete' && (
          <ConfirmDialogContent
            title={`Delete ${open.plan.displayName}?`}
            description={PRICING_PLAN_MESSAGES.deleteConfirm}
            confirmLabel="Delete plan"
            isPending={remove.isPending}
            onConfirm={() => confirmDelete(open.plan.tier)}
          />
        )}
      </AlertDialog>
    </Card>
  );
}
