import { TEAM_MESSAGES } from '@parley/shared/contracts/organizations';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useDeleteOrganization } from '../api/delete-organization';

/** Deleting takes the organization's name, typed exactly: everything in it goes, for everyone. */
export function DeleteOrganizationDialog({
  isOpen,
  onOpenChange,
  organizationName,
  memberCount,
  onDeleted,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  organizationName: string;
  memberCount: number;
  onDeleted: () => void | Promise<void>;
}) {
  const [typed, setTyped] = useState('');
  const [isTouched, setTouched] = useState(false);
  const remove = useDeleteOrganization();
  const matches = typed.trim() === organizationName;

  const close = (open: boolean) => {
    if (!open) {
      setTyped('');
      setTouched(false);
      remove.reset();
    }
    onOpenChange(open);
  };

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {organizationName}?</DialogTitle>
          <DialogDescription>
            Its chatbots with their training data, conversations and inbox, its API keys, reports and invitations are deleted for good.
            {memberCount > 1 ? ` ${memberCount - 1} other ${memberCount - 1 === 1 ? 'person loses' : 'people lose'} access at once.` : ''} This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <form
          id="delete-organization-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (!matches) return;
            remove.mutate(
              { confirmName: typed },
              {
                onSuccess: async () => {
                  await onDeleted();
                  toast.success(`${organizationName} was deleted`);
                  close(false);
                },
                onError: (error) => toast.error(`Could not delete the organization: ${getErrorMessage(error)}`),
              },
            );
          }}
        >
          <Field>
            <Label htmlFor="delete-organization-name">
              <span>
                Type <span className="font-semibold">{organizationName}</span> to confirm
              </span>
            </Label>
            <Input
              id="delete-organization-name"
              autoComplete="off"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={isTouched && !matches}
            />
            <FieldError>{isTouched && !matches ? TEAM_MESSAGES.confirmNameMismatch : null}</FieldError>
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="delete-organization-form" variant="destructive" disabled={!matches || remove.isPending}>
            {remove.isPending && <Spinner />}
            Delete organization
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
