import { TriangleAlertIcon } from 'lucide-react';
import { CopyButton } from '@/components/layout/copy-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export interface RevealedSecret {
  webhookName: string;
  secret: string;
  /** After a rotation the previous secret keeps signing for 24 hours. */
  isRotation: boolean;
}

/** A webhook's signing secret, the only time it is shown whole. Closing forgets it. */
export function WebhookSecretDialog({ revealed, onClose }: { revealed: RevealedSecret | null; onClose: () => void }) {
  return (
    <Dialog open={revealed !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Only Done or the close button end it: a stray click outside must not lose the secret. */}
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>{revealed?.isRotation ? 'New signing secret' : 'Webhook added'}</DialogTitle>
          <DialogDescription>
            {`Deliveries to “${revealed?.webhookName ?? ''}” are signed with this secret (Standard Webhooks). Your endpoint uses it to check that a request comes from Parley.`}
          </DialogDescription>
        </DialogHeader>
        <Alert>
          <TriangleAlertIcon />
          <AlertTitle>Copy this secret now. You won't be able to see it again.</AlertTitle>
          <AlertDescription>
            {revealed?.isRotation
              ? 'The previous secret keeps signing too (a second signature) for 24 hours, so you have a day to switch your endpoint over.'
              : 'Store it with your endpoint’s configuration, such as an environment variable. Later only its last four characters are shown.'}
          </AlertDescription>
        </Alert>
        <div className="flex items-center gap-2 rounded-lg border bg-muted/50 p-2 pl-3">
          <code className="min-w-0 flex-1 font-mono text-sm break-all select-all" data-testid="webhook-secret">
            {revealed?.secret}
          </code>
          <CopyButton text={revealed?.secret ?? ''} label="Copy secret" />
        </div>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
