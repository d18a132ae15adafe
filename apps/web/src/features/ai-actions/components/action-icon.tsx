import type { ActionIcon } from '@parley/shared/contracts/ai-actions';
import {
  BellIcon,
  CodeIcon,
  ExternalLinkIcon,
  FileTextIcon,
  GlobeIcon,
  MessageSquareIcon,
  SearchIcon,
  UserCheckIcon,
  ZapIcon,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

/** The spec's icon list (§3), by name. */
export const ACTION_ICON_COMPONENTS: Record<ActionIcon, LucideIcon> = {
  Zap: ZapIcon,
  Globe: GlobeIcon,
  FileText: FileTextIcon,
  Bell: BellIcon,
  ExternalLink: ExternalLinkIcon,
  UserCheck: UserCheckIcon,
  MessageSquare: MessageSquareIcon,
  Code: CodeIcon,
  Search: SearchIcon,
};

/** An action's or category's icon in a tinted square. */
export function ActionIconTile({ icon, className }: { icon: ActionIcon; className?: string }) {
  const Icon = ACTION_ICON_COMPONENTS[icon] ?? ZapIcon;
  return (
    <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand/10 text-brand', className)} aria-hidden="true">
      <Icon className="size-4" />
    </span>
  );
}
