import { FREE_TIER } from '@parley/shared/constants';
import { TIER_MESSAGES, type Tier } from '@parley/shared/contracts/tier-limits';
import { formatTokenAmount } from '@parley/shared/pricing';
import { ResourceRowActions } from '@/components/resource-manager/resource-buttons';
import { figureColumn, ResourceTable, type ResourceColumn } from '@/components/resource-manager/resource-table';
import { Badge } from '@/components/ui/badge';
import { Switch } from '@/components/ui/switch';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';

const limit = (value: number) => (value === -1 ? 'Unlimited' : formatTokenAmount(value));

/** Why a tier can be neither deleted nor deactivated, or null when it can. */
export function retireBlocker(tier: Tier): string | null {
  if (tier.tier === FREE_TIER) return TIER_MESSAGES.freeIsFallback;
  if (tier.organizationCount > 0) return TIER_MESSAGES.inUse(tier.organizationCount, tier.displayName);
  return null;
}

interface TiersTableProps {
  tiers: Tier[];
  pendingStatusId: string | null;
  onEdit: (tier: Tier) => void;
  onToggle: (tier: Tier, isActive: boolean) => void;
  onDelete: (tier: Tier) => void;
}

function ActiveSwitch({ tier, isPending, onToggle }: { tier: Tier; isPending: boolean; onToggle: TiersTableProps['onToggle'] }) {
  const blocker = retireBlocker(tier);
  const canSwitch = !(tier.isActive && blocker);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span className="inline-flex items-center gap-2">
          <Switch
            checked={tier.isActive}
            disabled={!canSwitch || isPending}
            onCheckedChange={(isActive) => onToggle(tier, isActive)}
            aria-label={`${tier.displayName} active`}
          />
          {!tier.isActive && <Badge variant="secondary">Inactive</Badge>}
        </span>
      </TooltipTrigger>
      {!canSwitch && <TooltipContent className="max-w-64">{blocker}</TooltipContent>}
    </Tooltip>
  );
}

/** Spec §2 "a table" of every tier, by monthly token limit, with the active switch (§4). */
export function TiersTable({ tiers, pendingStatusId, onEdit, onToggle, onDelete }: TiersTableProps) {
  const columns: ResourceColumn<Tier>[] = [
    {
      header: 'Tier',
      cell: (tier) => (
        <>
          <div className="font-medium">{tier.displayName}</div>
          <div className="font-mono text-xs text-muted-foreground">{tier.tier}</div>
        </>
      ),
    },
    figureColumn('Monthly tokens', (tier) => limit(tier.monthlyTokenLimit)),
    figureColumn('Handoffs / month', (tier) => limit(tier.maxHandoffsPerMonth)),
    figureColumn('Chatbots', (tier) => limit(tier.maxChatbots)),
    figureColumn('Organizations', (tier) => tier.organizationCount),
    { header: 'Active', cell: (tier) => <ActiveSwitch tier={tier} isPending={pendingStatusId === tier.id} onToggle={onToggle} /> },
    {
      header: 'Actions',
      headClassName: 'text-right',
      cellClassName: 'text-right',
      cell: (tier) => (
        <ResourceRowActions
          editLabel={`Edit ${tier.displayName}`}
          onEdit={() => onEdit(tier)}
          deleteLabel={`Delete ${tier.displayName}`}
          onDelete={() => onDelete(tier)}
          deleteBlocker={retireBlocker(tier)}
        />
      ),
    },
  ];
  return <ResourceTable items={tiers} columns={columns} rowTestId="tier-row" />;
}
