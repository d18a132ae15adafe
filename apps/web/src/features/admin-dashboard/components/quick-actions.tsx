import type { AdminRole } from '@parley/shared/access';
import { BugIcon, CreditCardIcon, DollarSignIcon, FileTextIcon, WorkflowIcon, ZapIcon, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

interface QuickAction {
  label: string;
  description: string;
  to: string;
  icon: LucideIcon;
  role: AdminRole | null;
}

const ACTIONS: readonly QuickAction[] = [
  { label: 'View Logs', description: 'Admin activity, newest first', to: '/admin/activity', icon: FileTextIcon, role: 'system_admin' },
  { label: 'Manage Pricing', description: 'Plans and prices', to: '/admin/pricing', icon: DollarSignIcon, role: 'system_admin' },
  { label: 'Stripe Testing', description: 'Payment-flow tests', to: '/admin/billing', icon: CreditCardIcon, role: 'system_admin' },
  { label: 'Integrations', description: 'Workflow (n8n) integration', to: '/admin/n8n-integration', icon: WorkflowIcon, role: 'developer' },
  { label: 'Debug Console', description: 'Session and admin status', to: '/admin/debug', icon: BugIcon, role: null },
];

/** Spec part 1 §2 "Quick Actions", limited to the pages the admin's role opens. */
export function QuickActions({ hasRole }: { hasRole: (role: AdminRole) => boolean }) {
  const actions = ACTIONS.filter((action) => action.role === null || hasRole(action.role));
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ZapIcon className="size-4 text-muted-foreground" aria-hidden="true" />
          Quick Actions
        </CardTitle>
        <CardDescription>Common tasks.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 sm:grid-cols-2">
          {actions.map(({ label, description, to, icon: Icon }) => (
            <li key={to}>
              <Link to={to} className="flex items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-brand/10 text-brand">
                  <Icon className="size-4" aria-hidden="true" />
                </span>
                <span className="grid min-w-0">
                  <span className="truncate text-sm font-medium">{label}</span>
                  <span className="truncate text-xs text-muted-foreground">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
