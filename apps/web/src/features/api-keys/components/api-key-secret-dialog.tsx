import { TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CopyButton } from '@/components/layout/copy-button';

/** Shows a new key's secret, the only time it is ever shown. Closing forgets it. */
export function ApiKeySecretDialog({ name, secret, onClose }: { name: string; secret: string | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      {/* Only Done or the close button end it: a stray click outside must not lose the key. */}
      <DialogContent onInteractOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Your new API key</DialogTitle>
          <DialogDescription>{`“${name}” is ready. Use it as the bearer token of your requests.`}</DialogDescription>
        </DialogHeader>
        <Alert>
          <TriangleAlertIcon />
          <AlertTitle>Copy this key now. You won't be able to see it again.</AlertTitle>
          <AlertDescription>Store it somewhere safe, such as your server's environment variables. Never put it in a web page.</AlertDescription>
        </Alert>
        <div className="flex items-center gap-2 rounded-lg border bg-muted/50 p-2 pl-3">
          <code className="min-w-0 flex-1 font-mono text-sm break-all select-all" data-testid="api-key-secret">
            {secret}
          </code>
          <CopyButton text={secret ?? ''} label="Copy key" />
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
