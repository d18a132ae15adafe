import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface ResourceCardProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  /** The header's button: ResourceCreateButton or ResourceRefreshButton. */
  action?: ReactNode;
  /** "px-0 sm:px-6" for a table that runs edge to edge on phones. */
  contentClassName?: string;
  /** The list: ResourceStates. */
  children: ReactNode;
}

/** The card an admin catalogue list sits in: icon and title, what the list is, its button, then the list. */
export function ResourceCard({ icon: Icon, title, description, action, contentClassName, children }: ResourceCardProps) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        {action && <CardAction>{action}</CardAction>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
