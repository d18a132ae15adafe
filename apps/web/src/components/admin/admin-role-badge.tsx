import { ADMIN_ROLE_COLORS, ADMIN_ROLE_LABELS, type AdminRole } from '@parley/shared/access';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Spec part 1 §6: role badges are red, blue, green and gray. */
const COLOR_CLASSES: Record<(typeof ADMIN_ROLE_COLORS)[AdminRole], string> = {
  red: 'border-red-500/25 bg-red-500/10 text-red-700 dark:text-red-300',
  blue: 'border-blue-500/25 bg-blue-500/10 text-blue-700 dark:text-blue-300',
  green: 'border-emerald-500/25 bg-emerald-500/10 text-emerald-700 dark:text-emerald-300',
  gray: 'border-zinc-500/25 bg-zinc-500/10 text-zinc-700 dark:text-zinc-300',
};

export function AdminRoleBadge({ role, className }: { role: AdminRole; className?: string }) {
  return (
    <Badge variant="outline" className={cn(COLOR_CLASSES[ADMIN_ROLE_COLORS[role]], className)} data-role={role}>
      {ADMIN_ROLE_LABELS[role]}
    </Badge>
  );
}
