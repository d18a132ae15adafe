import type { N8nAdvancedSettings, N8nWebhookSecret } from '@parley/shared/contracts/n8n';
import { KeyRoundIcon, RefreshCwIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { CopyButton } from '@/components/layout/copy-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { N8nApiKey } from './n8n-api-key';

/**
 * Security: the bearer secret Parley sends n8n instead of the admin's session (a deliberate deviation from the spec,
 * docs/n8n.md), shown whole only once, right after it is made; and the address rules for a private n8n.
 */
export function SecuritySettings({ settings }: { settings: N8nAdvancedSettings }) {
  const rotate = useRotateWebhookSecret();
  const [confirming, setConfirming] = useState(false);
  const [made, setMade] = useState<N8nWebhookSecret | null>(null);
  const hasSecret = Boolean(settings.webhookSecretHint);

  const makeSecret = () =>
    rotate.mutate(undefined, {
      onSuccess: (secret) => {
        setMade(secret);
        setConfirming(false);
        toast.success('New bearer secret made');
      },
      onError: (error) => toast.error('Error', { description: `The bearer secret could not be made: ${getErrorMessage(error)}` }),
    });

  return (
    <div className="grid gap-5">
      <div className="grid gap-3 rounded-lg border p-4">
        <div className="flex items-start gap-3">
          <KeyRoundIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="grid gap-1 text-sm">
            <span className="font-medium">Bearer secret for requests to n8n</span>
            <p className="text-muted-foreground">
              Every webhook test and document hand-off carries <span className="font-mono">Authorization: Bearer …</span> with this installation’s secret. Your
              session is never sent to n8n. In n8n, add a Header Auth credential (name <span className="font-mono">Authorization</span>, value{' '}
              <span className="font-mono">Bearer &lt;secret&gt;</span>) and choose it in each Webhook node.
            </p>
            <p data-testid="n8n-secret-hint">
              {hasSecret ? (
                <>
                  Current secret ends in <span className="font-mono font-medium">…{settings.webhookSecretHint}</span>
                  {settings.webhookSecretCreatedAt && <span className="text-muted-foreground"> · made {formatDateTime(settings.webhookSecretCreatedAt)}</span>}
                </>
              ) : (
                <span className="text-muted-foreground">No secret yet: one is made with the first request to n8n. Make one now to see it.</span>
              )}
            </p>
          </div>
        </div>
        <div>
          <Button type="button" variant="outline" onClick={() => (hasSecret ? setConfirming(true) : makeSecret())} disabled={rotate.isPending}>
            {rotate.isPending ? <Spinner /> : <RefreshCwIcon />}
            New bearer secret
          </Button>
        </div>
        {made && (
          <Alert>
            <ShieldCheckIcon />
            <AlertTitle>Copy it now: it is not shown again</AlertTitle>
            <AlertDescription>
              <code className="block rounded bg-muted px-2 py-1 font-mono text-xs break-all text-foreground" data-testid="n8n-new-secret">
                {made.secret}
              </code>
              <div className="mt-2">
                <CopyButton text={made.secret} label="Copy secret" />
              </div>
            </AlertDescription>
          </Alert>
        )}
      </div>
      <N8nApiKey settings={settings} />
      <Alert>
        <ShieldCheckIcon />
        <AlertTitle>n8n on your own network</AlertTitle>
        <AlertDescription>
          <p>
            The server calls only public addresses (checked after DNS). An n8n on a private or local network (for example http://n8n:5678) needs the server
            started with <span className="font-mono">N8N_ALLOW_PRIVATE_NETWORK=true</span>.
          </p>
        </AlertDescription>
      </Alert>
      <AlertDialog open={confirming} onOpenChange={(open) => !open && !rotate.isPending && setConfirming(false)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Make a new bearer secret?</AlertDialogTitle>
            <AlertDialogDescription>
              The secret ending in …{settings.webhookSecretHint} stops being sent at once: requests to n8n fail its check until you put the new one into the n8n
              credential.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              disabled={rotate.isPending}
              onClick={(event) => {
                event.preventDefault();
                makeSecret();
              }}
            >
              {rotate.isPending && <Spinner />}
              Make new secret
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
