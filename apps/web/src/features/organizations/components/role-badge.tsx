import type { OrganizationRole } from '@parley/shared/access';
import { ORGANIZATION_ROLE_LABELS } from '@parley/shared/contracts/organizations';
import { CrownIcon, ShieldIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Owner, Admin or Member, told apart by colour and icon as well as by word. */
export function RoleBadge({ role, className }: { role: OrganizationRole; className?: string }) {
  return (
    <Badge
      variant={role === 'member' ? 'secondary' : 'outline'}
      className={cn(
        role === 'owner' && 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-300',
        role === 'admin' && 'border-brand/40 bg-brand/10 text-brand',
        className,
      )}
    >
      {role === 'owner' && <CrownIcon aria-hidden="true" />}
      {role === 'admin' && <ShieldIcon aria-hidden="true" />}
      {ORGANIZATION_ROLE_LABELS[role]}
    </Badge>
  );
}
