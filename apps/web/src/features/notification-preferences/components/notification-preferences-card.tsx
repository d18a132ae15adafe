import { NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationKind } from '@parley/shared/contracts/notification-preferences';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { useNotificationPreferences, useUpdateNotificationPreferences } from '../api/get-notification-preferences';

/** One switch per kind of optional e-mail; each is saved as soon as it is flipped. */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  const toggle = (kind: NotificationKind, value: boolean) =>
    update.mutate(
      { [kind]: value },
      {
        onSuccess: () => toast.success(`${NOTIFICATION_KIND_LABELS[kind].title} e-mails ${value ? 'on' : 'off'}`),
        onError: (error) => toast.error(getErrorMessage(error)),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail notifications</CardTitle>
        <CardDescription>
          Choose which e-mails you get. Messages about your account itself — confirming an address, a changed password, invitations — are always sent.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isPending ? (
          <LoadingRows label="Loading notification preferences" rows={4} className="h-12 w-full" />
        ) : preferences.isError ? (
          <LoadErrorAlert query={preferences} title="Could not load your notification preferences" />
        ) : (
          <ul className="divide-y">
            {NOTIFICATION_KINDS.map((kind) => (
              <li key={kind} className="flex items-start justify-between gap-4 py-4">
                <div className="space-y-1">
                  <Label htmlFor={`notify-${kind}`} className="text-sm font-medium">
                    {NOTIFICATION_KIND_LABELS[kind].title}
                  </Label>
                  <p className="text-sm text-muted-foreground">{NOTIFICATION_KIND_LABELS[kind].description}</p>
                </div>
                <Switch id={`notify-${kind}`} checked={preferences.data[kind]} onCheckedChange={(value) => toggle(kind, value)} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
