import type { OrganizationRole } from '@parley/shared/access';
import { ORGANIZATION_ROLE_LABELS, type Organization } from '@parley/shared/contracts/organizations';
import { CheckIcon, ChevronsUpDownIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { CreateOrganizationDialog } from './create-organization-dialog';

export interface SwitcherOrganization {
  id: string;
  name: string;
  role: OrganizationRole;
  isPersonal: boolean;
}

function Initial({ name, className }: { name: string; className?: string }) {
  return (
    <span
      className={cn('flex size-8 shrink-0 items-center justify-center rounded-md bg-brand/15 text-sm font-semibold text-brand', className)}
      aria-hidden="true"
    >
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** "Personal workspace · Owner", "Organization · Member". */
const describe = (organization: SwitcherOrganization) =>
  `${organization.isPersonal ? 'Personal workspace' : 'Organization'} · ${ORGANIZATION_ROLE_LABELS[organization.role]}`;

/**
 * The organization card at the bottom of the sidebar: which organization the dashboard acts in and your role there;
 * opened, the others you belong to and "Create organization".
 */
export function OrganizationSwitcher({
  organizations,
  current,
  onSwitch,
  onCreated,
}: {
  organizations: readonly SwitcherOrganization[];
  current: SwitcherOrganization;
  onSwitch: (organizationId: string) => void;
  onCreated: (organization: Organization) => void | Promise<void>;
}) {
  const [isCreateOpen, setCreateOpen] = useState(false);
  const hasSeveral = organizations.length > 1;
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger
          className="flex w-full items-center gap-3 rounded-lg border bg-background/60 p-3 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-accent"
          aria-label={`Organization: ${current.name}, ${current.role}. ${hasSeveral ? 'Switch organization' : 'Organization menu'}`}
          data-testid="organization-switcher"
        >
          <Initial name={current.name} />
          <span className="grid min-w-0 flex-1">
            <span className="truncate text-sm font-medium">{current.name}</span>
            <span className="truncate text-xs text-muted-foreground">{describe(current)}</span>
          </span>
          <ChevronsUpDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-64">
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
            {hasSeveral ? 'Switch organization' : 'Your organization'}
          </DropdownMenuLabel>
          <DropdownMenuGroup className="max-h-72 overflow-y-auto">
            {organizations.map((organization) => {
              const isCurrent = organization.id === current.id;
              return (
                <DropdownMenuItem
                  key={organization.id}
                  onSelect={() => {
                    if (!isCurrent) onSwitch(organization.id);
                  }}
                  className="gap-2"
                  aria-current={isCurrent ? 'true' : undefined}
                >
                  <Initial name={organization.name} className="size-7 text-xs" />
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate">{organization.name}</span>
                    <span className="truncate text-xs text-muted-foreground">{describe(organization)}</span>
                  </span>
                  <CheckIcon className={cn('size-4', isCurrent ? 'opacity-100' : 'opacity-0')} aria-hidden="true" />
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreateOpen(true)}>
            <PlusIcon />
            Create organization
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateOrganizationDialog isOpen={isCreateOpen} onOpenChange={setCreateOpen} onCreated={onCreated} />
    </>
  );
}
