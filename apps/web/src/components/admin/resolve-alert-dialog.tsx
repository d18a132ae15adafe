import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';

export interface ResolveAlertDialogProps {
  alert: { id: string; title: string };
  /** The resolve call of the alert's kind (security, billing): records who and when, with the optional notes. */
  resolve: UseMutationResult<unknown, Error, { id: string; notes?: string }>;
  notesMax: number;
  messages: { resolved: string; failed: string };
  onClose: () => void;
}

/** Resolving an alert (security center, billing health): optional notes, then who and when are recorded. */
export function ResolveAlertDialog({ alert, resolve, notesMax, messages, onClose }: ResolveAlertDialogProps) {
  const [notes, setNotes] = useState('');
  const notesId = useId();
  const submit = () =>
    resolve.mutate(
      { id: alert.id, notes: notes.trim() || undefined },
      {
        onSuccess: () => {
          toast.success(messages.resolved);
          onClose();
        },
        onError: (error) => toast.error(messages.failed, { description: getErrorMessage(error) }),
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
          <Label htmlFor={notesId}>Notes (optional)</Label>
          <Textarea
            id={notesId}
            rows={4}
            value={notes}
            maxLength={notesMax}
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
