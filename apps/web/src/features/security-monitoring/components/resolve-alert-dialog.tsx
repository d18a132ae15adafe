import { ALERT_RESOLUTION_NOTES_MAX, SECURITY_MESSAGES, type SecurityAlert } from '@parley/shared/contracts/security-monitoring';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useResolveSecurityAlert } from '../api/resolve-security-alert';

/** Resolving an alert records who and when; the notes are optional (spec §5). */
export function ResolveAlertDialog({ alert, onClose }: { alert: SecurityAlert; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const resolve = useResolveSecurityAlert();
  const submit = () =>
    resolve.mutate(
      { id: alert.id, notes: notes.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(SECURITY_MESSAGES.alertResolved);
          onClose();
        },
        onError: (error) => toast.error(SECURITY_MESSAGES.resolveFailed, { description: getErrorMessage(error) }),
      },
    );
  return (
    <Dialog open onOpenChange={(open) => !open && !resolve.isPending && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Resolve alert</DialogTitle>
          <DialogDescription>{alert.title}</DialogDescription>
        </DialogHeader>
        <Field>
          <Label htmlFor="alert-notes">Notes (optional)</Label>
          <Textarea
            id="alert-notes"
            rows={4}
            value={notes}
            maxLength={ALERT_RESOLUTION_NOTES_MAX}
            placeholder="What was it, and what was done"
            onChange={(event) => setNotes(event.target.value)}
          />
        </Field>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={resolve.isPending}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={resolve.isPending}>
            {resolve.isPending && <Spinner />}
            Resolve
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
