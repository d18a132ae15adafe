import type { ApiKey } from '@parley/shared/contracts/api-keys';
import { BanIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialogContent } from '@/components/layout/confirm-dialog-content';
import { AlertDialog, AlertDialogTrigger } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-error';
import { useRevokeApiKey } from '../api/revoke-api-key';

export function RevokeApiKeyButton({ apiKey }: { apiKey: ApiKey }) {
  const [isOpen, setOpen] = useState(false);
  const revoke = useRevokeApiKey();
  return (
    <AlertDialog open={isOpen} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-destructive hover:text-destructive">
          <BanIcon />
          Revoke
        </Button>
      </AlertDialogTrigger>
      <ConfirmDialogContent
        title={`Revoke “${apiKey.name}”?`}
        description="Requests made with this key will be refused from now on. This cannot be undone; create a new key if you need access again."
        confirmLabel="Revoke"
        isPending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(apiKey.id, {
            onSuccess: () => {
              toast.success(`“${apiKey.name}” was revoked.`);
              setOpen(false);
            },
            onError: (error) => toast.error(`Could not revoke the key: ${getErrorMessage(error)}`),
          })
        }
      />
    </AlertDialog>
  );
}
