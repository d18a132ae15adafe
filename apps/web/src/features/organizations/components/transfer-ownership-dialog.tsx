import type { Member } from '@parley/shared/contracts/organizations';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useTransferOwnership } from '../api/transfer-ownership';
import { memberLabel } from './member-actions-menu';

/** The owner hands the organization to another member and becomes an admin. */
export function TransferOwnershipDialog({
  isOpen,
  onOpenChange,
  candidates,
  initialUserId,
  organizationName,
  onTransferred,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** Everyone but the owner. */
  candidates: readonly Member[];
  initialUserId: string | null;
  organizationName: string;
  onTransferred: () => void | Promise<void>;
}) {
  const [chosen, setChosen] = useState<string | null>(initialUserId);
  const transfer = useTransferOwnership();
  const target = candidates.find((member) => member.userId === (chosen ?? initialUserId));

  const close = (open: boolean) => {
    if (!open) {
      setChosen(null);
      transfer.reset();
    }
    onOpenChange(open);
  };

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Transfer ownership</DialogTitle>
          <DialogDescription>The new owner manages billing and can delete {organizationName}. You stay in the organization as an admin.</DialogDescription>
        </DialogHeader>
        {candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">Invite someone first: ownership goes to an existing member.</p>
        ) : (
          <Field>
            <Label htmlFor="transfer-owner">New owner</Label>
            <Select value={target?.userId ?? ''} onValueChange={setChosen}>
              <SelectTrigger id="transfer-owner" className="w-full">
                <SelectValue placeholder="Choose a member" />
              </SelectTrigger>
              <SelectContent>
                {candidates.map((member) => (
                  <SelectItem key={member.userId} value={member.userId}>
                    {memberLabel(member)}
                    {member.name ? ` (${member.email})` : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldDescription>This takes effect at once. Only the new owner can hand it back.</FieldDescription>
          </Field>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={!target || transfer.isPending}
            onClick={() => {
              if (!target) return;
              transfer.mutate(target.userId, {
                onSuccess: async () => {
                  await onTransferred();
                  toast.success(`${memberLabel(target)} now owns ${organizationName}`, { description: 'You are an admin of it now.' });
                  close(false);
                },
                onError: (error) => toast.error(`Could not transfer ownership: ${getErrorMessage(error)}`),
              });
            }}
          >
            {transfer.isPending && <Spinner />}
            Transfer ownership
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
