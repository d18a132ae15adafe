import { FREE_TIER } from '@parley/shared/constants';
import { TIER_MESSAGES, type Tier } from '@parley/shared/contracts/tier-limits';
import { formatTokenAmount } from '@parley/shared/pricing';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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

/** Spec §2 "a table" of every tier, by monthly token limit, with the active switch (§4). */
export function TiersTable({ tiers, pendingStatusId, onEdit, onToggle, onDelete }: TiersTableProps) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Tier</TableHead>
          <TableHead className="text-right">Monthly tokens</TableHead>
          <TableHead className="text-right">Handoffs / month</TableHead>
          <TableHead className="text-right">Chatbots</TableHead>
          <TableHead className="text-right">Organizations</TableHead>
          <TableHead>Active</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {tiers.map((tier) => {
          const blocker = retireBlocker(tier);
          const canSwitch = !(tier.isActive && blocker);
          return (
            <TableRow key={tier.id} data-testid="tier-row">
              <TableCell>
                <div className="font-medium">{tier.displayName}</div>
                <div className="font-mono text-xs text-muted-foreground">{tier.tier}</div>
              </TableCell>
              <TableCell className="text-right tabular-nums">{limit(tier.monthlyTokenLimit)}</TableCell>
              <TableCell className="text-right tabular-nums">{limit(tier.maxHandoffsPerMonth)}</TableCell>
              <TableCell className="text-right tabular-nums">{limit(tier.maxChatbots)}</TableCell>
              <TableCell className="text-right tabular-nums">{tier.organizationCount}</TableCell>
              <TableCell>
                <Tooltip>
                  <TooltipTrigger asChild>
                    <span className="inline-flex items-center gap-2">
                      <Switch
                        checked={tier.isActive}
                        disabled={!canSwitch || pendingStatusId === tier.id}
                        onCheckedChange={(isActive) => onToggle(tier, isActive)}
                        aria-label={`${tier.displayName} active`}
                      />
                      {!tier.isActive && <Badge variant="secondary">Inactive</Badge>}
                    </span>
                  </TooltipTrigger>
                  {!canSwitch && <TooltipContent className="max-w-64">{blocker}</TooltipContent>}
                </Tooltip>
              </TableCell>
              <TableCell className="text-right">
                <div className="flex justify-end gap-1">
                  <Button variant="ghost" size="icon" onClick={() => onEdit(tier)} aria-label={`Edit ${tier.displayName}`}>
                    <PencilIcon />
                  </Button>
                  {blocker ? (
                    <Tooltip>
                      <TooltipTrigger asChild>
                        <span tabIndex={0} className="rounded-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
                          <Button variant="ghost" size="icon" disabled aria-label={`Delete ${tier.displayName} (not possible)`}>
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
                      onClick={() => onDelete(tier)}
                      aria-label={`Delete ${tier.displayName}`}
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
