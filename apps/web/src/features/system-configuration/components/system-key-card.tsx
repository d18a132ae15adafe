import type { SystemApiKey } from '@parley/shared/contracts/system-api-keys';
import { RotateCcwIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useDeleteSystemApiKey } from '../api/delete-system-api-key';
import { useResetSystemApiKeyUsage } from '../api/reset-system-api-key-usage';
import { useUpdateSystemApiKey } from '../api/update-system-api-key';
import { usagePercent, usageTone } from '../utils/key-usage';
import { SCOPE_LABELS, SERVICE_LABELS, SYSTEM_KEYS_TEXT } from '../utils/messages';
import { EditSystemKeyDialog } from './edit-system-key-dialog';

const TONE_TEXT = { normal: 'text-muted-foreground', warning: 'text-orange-600 dark:text-orange-400', danger: 'text-destructive' } as const;
const TONE_BAR = {
  normal: '',
  warning: '[&>[data-slot=progress-indicator]]:bg-orange-500',
  danger: '[&>[data-slot=progress-indicator]]:bg-destructive',
} as const;

const formatDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: 'UTC', dateStyle: 'medium' });

function Usage({ systemKey }: { systemKey: SystemApiKey }) {
  const used = systemKey.usageCountToday;
  if (systemKey.tier !== 'free' || systemKey.usageLimitPerDay === null) {
    return (
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-foreground tabular-nums">{used.toLocaleString()}</span> {used === 1 ? 'use' : 'uses'} today · unlimited
      </p>
    );
  }
  const tone = usageTone(used, systemKey.usageLimitPerDay);
  return (
    <div className="grid gap-1.5">
      <p className={cn('text-sm', TONE_TEXT[tone])}>
        <span className="font-medium tabular-nums">
          {used.toLocaleString()} / {systemKey.usageLimitPerDay.toLocaleString()}
        </span>{' '}
        uses today{tone === 'danger' && used >= systemKey.usageLimitPerDay ? ' · limit reached' : ''}
      </p>
      <Progress
        value={usagePercent(used, systemKey.usageLimitPerDay)}
        className={cn('max-w-xs', TONE_BAR[tone])}
        aria-label={`${systemKey.keyName}: ${used} of ${systemKey.usageLimitPerDay} uses today`}
      />
    </div>
  );
}

/** One stored key: what it is, its switch, today's usage, and its actions. */
export function SystemKeyCard({ systemKey }: { systemKey: SystemApiKey }) {
  const update = useUpdateSystemApiKey();
  const reset = useResetSystemApiKeyUsage();
  const remove = useDeleteSystemApiKey();
  const [isDeleteOpen, setDeleteOpen] = useState(false);

  return (
    <Card className={cn('py-4', !systemKey.isActive && 'opacity-75')}>
      <CardContent className="grid gap-3 px-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="font-medium break-all">{systemKey.keyName}</h3>
              <Badge variant="secondary">{SERVICE_LABELS[systemKey.serviceName]}</Badge>
              <Badge variant={systemKey.tier === 'system' ? 'default' : 'outline'}>{systemKey.tier === 'system' ? 'System' : 'Free'}</Badge>
              {systemKey.scope !== 'all' && <Badge variant="outline">{SCOPE_LABELS[systemKey.scope]}</Badge>}
              {!systemKey.isActive && <Badge variant="outline">Inactive</Badge>}
            </div>
            <p className="font-mono text-xs text-muted-foreground" aria-label={`Value ending in ${systemKey.last4}`}>
              •••• •••• {systemKey.last4}
            </p>
            {systemKey.description && <p className="text-sm text-muted-foreground">{systemKey.description}</p>}
          </div>
          <label className="flex items-center gap-2 text-sm">
            {update.isPending && update.variables?.changes.isActive !== undefined && <Spinner className="size-3.5" />}
            Active
            <Switch
              checked={systemKey.isActive}
              disabled={update.isPending}
              aria-label={`${systemKey.keyName} active`}
              onCheckedChange={(isActive) =>
                update.mutate(
                  { id: systemKey.id, changes: { isActive } },
                  {
                    onSuccess: () => toast.success(isActive ? `${systemKey.keyName} is active` : `${systemKey.keyName} is inactive`),
                    onError: (error) => toast.error(SYSTEM_KEYS_TEXT.toggleFailed, { description: getErrorMessage(error) }),
                  },
                )
              }
            />
          </label>
        </div>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            <Usage systemKey={systemKey} />
            <p className="text-xs text-muted-foreground">Last used: {systemKey.lastUsedDate ? formatDay(systemKey.lastUsedDate) : 'never'}</p>
          </div>
          <div className="flex flex-wrap gap-2">
            {systemKey.tier === 'free' && (
              <Button
                variant="outline"
                size="sm"
                disabled={reset.isPending || systemKey.usageCountToday === 0}
                onClick={() =>
                  reset.mutate(systemKey.id, {
                    onSuccess: () => toast.success('Usage counter reset'),
                    onError: (error) => toast.error(SYSTEM_KEYS_TEXT.toggleFailed, { description: getErrorMessage(error) }),
                  })
                }
              >
                {reset.isPending ? <Spinner /> : <RotateCcwIcon />}
                Reset usage
              </Button>
            )}
            <EditSystemKeyDialog systemKey={systemKey} />
            <AlertDialog open={isDeleteOpen} onOpenChange={setDeleteOpen}>
              <AlertDialogTrigger asChild>
                <Button variant="outline" size="sm" className="text-destructive hover:text-destructive">
                  <Trash2Icon />
                  Delete
                </Button>
              </AlertDialogTrigger>
              <ConfirmDialogContent
                title={`Delete ${systemKey.keyName}?`}
                description="Answers and embeddings stop using it at once. This cannot be undone; the value would have to be entered again."
                confirmLabel="Delete"
                isPending={remove.isPending}
                onConfirm={() =>
                  remove.mutate(systemKey.id, {
                    onSuccess: () => {
                      toast.success('System key deleted');
                      setDeleteOpen(false);
                    },
                    onError: (error) => toast.error(SYSTEM_KEYS_TEXT.deleteFailed, { description: getErrorMessage(error) }),
                  })
                }
              />
            </AlertDialog>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
