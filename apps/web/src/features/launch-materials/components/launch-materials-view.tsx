import { ADMIN_ROLE_LABELS } from '@parley/shared/access';
import { roleNeededFor } from '@parley/shared/admin-routes';
import type { LaunchCheck } from '@parley/shared/contracts/launch-materials';
import { ArrowRightIcon, CheckCircle2Icon, CircleDashedIcon, GlobeIcon, MinusCircleIcon, RocketIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatDateTime, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useLaunchMaterials } from '../api/get-launch-materials';

const STATUS = {
  done: { label: 'Done', icon: CheckCircle2Icon, text: 'text-success', badge: 'border-success/30 bg-success/10 text-success' },
  todo: {
    label: 'To do',
    icon: CircleDashedIcon,
    text: 'text-amber-600 dark:text-amber-400',
    badge: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400',
  },
  not_configured: { label: 'Not configured', icon: MinusCircleIcon, text: 'text-muted-foreground', badge: 'border-border bg-muted text-muted-foreground' },
} as const;

/** Whether the signed-in admin may open a console link (the route decides, from the admin's role). */
export type CanOpen = (href: string) => boolean;

function CheckItem({ check, canOpen }: { check: LaunchCheck; canOpen: CanOpen }) {
  const status = STATUS[check.status];
  const Icon = status.icon;
  const role = roleNeededFor(check.link.href);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-start" data-testid="launch-check" data-status={check.status}>
      <Icon className={cn('mt-0.5 hidden size-5 shrink-0 sm:block', status.text)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{check.label}</p>
          <Badge variant="outline" className={status.badge}>
            {status.label}
          </Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">{check.detail}</p>
      </div>
      {canOpen(check.link.href) ? (
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link to={check.link.href}>
            {check.link.label}
            <ArrowRightIcon />
          </Link>
        </Button>
      ) : (
        // A developer reads the checklist too, but some items are done on screens only a system admin opens.
        <p className="max-w-56 self-start text-sm text-muted-foreground sm:text-right" data-testid="launch-check-role-note">
          {check.link.label}: a {role ? ADMIN_ROLE_LABELS[role] : 'system admin'} does this.
        </p>
      )}
    </li>
  );
}

/** /launch-materials (system_admin, developer): what this installation still needs before launch, with where to do it. */
export function LaunchMaterialsView({ canOpen }: { canOpen: CanOpen }) {
  const query = useLaunchMaterials();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title="Launch Materials" description="A checklist read from this installation, not a form: each item turns Done when the server sees it." />
      {query.isPending ? (
        <LoadingRows label="Loading the launch checklist" rows={4} className="h-20" containerClassName="gap-3" />
      ) : query.isError ? (
        <LoadErrorAlert query={query} title="Failed to load the launch checklist" />
      ) : (
        <>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <RocketIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                Launch checklist
              </CardTitle>
              <CardDescription>
                {query.data.completed} of {query.data.total} done for {query.data.publicUrl}.
              </CardDescription>
              <Progress value={(query.data.completed / query.data.total) * 100} aria-label={`${query.data.completed} of ${query.data.total} done`} />
            </CardHeader>
            <CardContent>
              <ul className="divide-y">
                {query.data.checks.map((check) => (
                  <CheckItem key={check.key} check={check} canOpen={canOpen} />
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card className="gap-3">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <GlobeIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                Where the widget has been seen
              </CardTitle>
              <CardDescription>Websites whose pages loaded a chatbot's widget (by the Origin of its requests), most recent first.</CardDescription>
            </CardHeader>
            <CardContent>
              {query.data.embeds.length === 0 ? (
                <p className="text-sm text-muted-foreground">Not seen on any website yet.</p>
              ) : (
                <ul className="grid gap-2">
                  {query.data.embeds.map((embed) => (
                    <li key={`${embed.chatbotId} ${embed.origin}`} className="grid gap-0.5 rounded-lg border p-3 text-sm" data-testid="widget-embed">
                      <p className="font-mono text-xs break-all">{embed.origin}</p>
                      <p className="text-xs text-muted-foreground">
                        {embed.chatbotName} · {formatNumber(embed.requestCount)} loads · last {formatDateTime(embed.lastSeenAt)}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
