import { TIER_MESSAGES, type Tier } from '@parley/shared/contracts/tier-limits';
import { formatTokenAmount } from '@parley/shared/pricing';
import { InfoIcon, LayersIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { useLoadErrorToast } from '@/hooks/use-load-error-toast';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { ResourceRefreshButton } from '@/components/resource-manager/resource-buttons';
import { ResourceDeleteDialog } from '@/components/resource-manager/resource-delete-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteTier } from '../api/delete-tier';
import { useTiers } from '../api/get-tiers';
import { useSetTierActive } from '../api/set-tier-active';
import { TierFormPanel } from './tier-form-panel';
import { TiersTable } from './tiers-table';

const limit = (value: number) => (value === -1 ? 'Unlimited' : formatTokenAmount(value));

function ActiveTierCard({ tier }: { tier: Tier }) {
  return (
    <li>
      <Card className="h-full gap-3 py-4" data-testid="active-tier-card">
        <CardHeader className="px-4">
          <CardTitle className="flex items-center justify-between gap-2">
            <span className="truncate">{tier.displayName}</span>
            <Badge variant="outline" className="font-mono">
              {tier.tier}
            </Badge>
          </CardTitle>
        </CardHeader>
        <CardContent className="px-4">
          <dl className="grid gap-1.5 text-sm">
            {[
              ['Tokens per month', limit(tier.monthlyTokenLimit)],
              ['Handoffs per month', limit(tier.maxHandoffsPerMonth)],
              ['Chatbots', limit(tier.maxChatbots)],
            ].map(([label, value]) => (
              <div key={label} className="flex items-baseline justify-between gap-3 border-b border-dashed pb-1.5 last:border-0 last:pb-0">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-3 text-xs text-muted-foreground">
            {tier.organizationCount} organization{tier.organizationCount === 1 ? '' : 's'}
          </p>
        </CardContent>
      </Card>
    </li>
  );
}

type Panel = { kind: 'create' } | { kind: 'edit'; tier: Tier } | null;

/** Spec part 2 §2 "Subscription Tier Limits": cards for active tiers, a table, the edit/create panel and the sync note. */
export function TierLimitsManager() {
  const query = useTiers();
  const setActive = useSetTierActive();
  const remove = useDeleteTier();
  const [panel, setPanel] = useState<Panel>(null);
  const [deleting, setDeleting] = useState<Tier | null>(null);

  useLoadErrorToast(query, TIER_MESSAGES.fetchFailed, 'tiers-load');

  const toggle = (tier: Tier, isActive: boolean) =>
    setActive.mutate(
      { id: tier.id, isActive },
      {
        onSuccess: () => toast.success(isActive ? TIER_MESSAGES.activated : TIER_MESSAGES.deactivated),
        onError: (error) => toast.error(TIER_MESSAGES.statusFailed, { description: getErrorMessage(error) }),
      },
    );

  let body;
  if (query.isPending) {
    body = (
      <div className="grid gap-4" aria-busy="true" aria-label="Loading subscription tiers">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-36 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  } else if (query.isError) {
    body = <LoadErrorAlert query={query} title={TIER_MESSAGES.fetchFailed} />;
  } else if (query.data.length === 0) {
    body = (
      <EmptyState
        icon={LayersIcon}
        title="No subscription tiers"
        description="Organizations need at least the free tier. Create one to get started."
        action={
          <Button onClick={() => setPanel({ kind: 'create' })}>
            <PlusIcon />
            New tier
          </Button>
        }
      />
    );
  } else {
    const active = query.data.filter((tier) => tier.isActive);
    body = (
      <>
        <section aria-label="Active tiers">
          {active.length === 0 ? (
            <p className="text-sm text-muted-foreground">No tier is active: every organization falls back to the free tier’s limits.</p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
              {active.map((tier) => (
                <ActiveTierCard key={tier.id} tier={tier} />
              ))}
            </ul>
          )}
        </section>
        {panel && (
          <TierFormPanel key={panel.kind === 'edit' ? panel.tier.id : 'new'} tier={panel.kind === 'edit' ? panel.tier : null} onClose={() => setPanel(null)} />
        )}
        <Card className="gap-4">
          <CardHeader>
            <CardTitle>All tiers</CardTitle>
            <CardDescription>By monthly token limit; unlimited last.</CardDescription>
            <CardAction>
              <ResourceRefreshButton query={query} label="Refresh tiers" />
            </CardAction>
          </CardHeader>
          <CardContent className="px-0 sm:px-6">
            <TiersTable
              tiers={query.data}
              pendingStatusId={setActive.isPending ? (setActive.variables?.id ?? null) : null}
              onEdit={(tier) => setPanel({ kind: 'edit', tier })}
              onToggle={toggle}
              onDelete={setDeleting}
            />
          </CardContent>
        </Card>
      </>
    );
  }

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Alert className="flex-1" data-testid="tier-sync-note">
          <InfoIcon />
          <AlertTitle>Automatic synchronisation</AlertTitle>
          <AlertDescription>{TIER_MESSAGES.syncNote}</AlertDescription>
        </Alert>
        <Button onClick={() => setPanel({ kind: 'create' })} disabled={!query.isSuccess} className="sm:mt-1">
          <PlusIcon />
          New tier
        </Button>
      </div>
      {body}
      {deleting && (
        <ResourceDeleteDialog
          title={`Delete the ${deleting.displayName} tier?`}
          description="The tier, its plan on the pricing page and all of the plan’s features are deleted. This cannot be undone."
          confirmLabel="Delete tier"
          mutation={remove}
          variables={deleting.id}
          deletedMessage={TIER_MESSAGES.deleted}
          failedMessage={TIER_MESSAGES.deleteFailed}
          onDeleted={() => {
            if (panel?.kind === 'edit' && panel.tier.id === deleting.id) setPanel(null);
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
