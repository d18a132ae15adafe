import { AUDIT_CATEGORY_LABELS, type AuditCheck } from '@parley/shared/contracts/security-audit';
import { AlertTriangleIcon, CheckCircle2Icon, XCircleIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { groupChecks } from '../utils/audit-summary';

const STATUS = {
  pass: { label: 'Pass', icon: CheckCircle2Icon, text: 'text-success', badge: 'border-success/30 bg-success/10 text-success' },
  warn: {
    label: 'Warning',
    icon: AlertTriangleIcon,
    text: 'text-amber-600 dark:text-amber-400',
    badge: 'border-amber-500/40 bg-amber-500/10 text-amber-700 dark:text-amber-400',
  },
  fail: { label: 'Fail', icon: XCircleIcon, text: 'text-destructive', badge: 'border-destructive/40 bg-destructive/10 text-destructive' },
} as const;

function CheckRow({ check }: { check: AuditCheck }) {
  const status = STATUS[check.status];
  const Icon = status.icon;
  return (
    <li className="grid gap-1.5 py-3 first:pt-0 last:pb-0" data-testid="audit-check" data-status={check.status}>
      <div className="flex items-start gap-3">
        <Icon className={cn('mt-0.5 size-4 shrink-0', status.text)} aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="text-sm font-medium">{check.title}</p>
            <Badge variant="outline" className={status.badge}>
              {status.label}
            </Badge>
          </div>
          <p className="mt-1 text-sm wrap-anywhere text-muted-foreground">{check.reason}</p>
          {check.items.length > 0 && (
            <ul className="mt-2 grid gap-1 rounded-md bg-muted/60 p-2 font-mono text-xs break-all text-muted-foreground">
              {check.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </li>
  );
}

/** The checks by category, failures first. */
export function AuditCheckList({ checks }: { checks: readonly AuditCheck[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {groupChecks(checks).map((group) => (
        <Card key={group.category} className="gap-3">
          <CardHeader>
            <CardTitle>{AUDIT_CATEGORY_LABELS[group.category]}</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y">
              {group.checks.map((check) => (
                <CheckRow key={check.id} check={check} />
              ))}
            </ul>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
