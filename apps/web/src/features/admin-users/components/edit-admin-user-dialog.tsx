import type { AdminRole } from '@parley/shared/access';
import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import type { AdminUser } from '@parley/shared/contracts/admin-users';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { RoleSelect } from './role-select';

/** Spec part 1 §2: the edit dialog with the role and an Active checkbox. */
export function EditAdminUserDialog({ adminUser, isSelf, onClose }: { adminUser: AdminUser; isSelf: boolean; onClose: () => void }) {
  const [role, setRole] = useState<AdminRole>(adminUser.role);
  const [isActive, setActive] = useState(adminUser.isActive);
  const update = useUpdateAdminUser();
  const changes = { ...(role !== adminUser.role ? { role } : {}), ...(isActive !== adminUser.isActive ? { isActive } : {}) };
  const hasChanges = Object.keys(changes).length > 0;

  const onSave = () => {
    update.mutate(
      { id: adminUser.id, ...changes },
      {
        onSuccess: () => {
          toast.success(ADMIN_MESSAGES.adminUserUpdated);
          onClose();
        },
        onError: (error) => toast.error(ADMIN_MESSAGES.adminUserUpdateFailed(getErrorMessage(error))),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit Admin User</DialogTitle>
          <DialogDescription className="break-all">{adminUser.userEmail}</DialogDescription>
        </DialogHeader>
        <Field>
          <Label htmlFor="admin-edit-role">Role</Label>
          <RoleSelect id="admin-edit-role" value={role} onChange={setRole} disabled={isSelf} />
          {isSelf && <FieldDescription>You cannot change your own role; another system admin can.</FieldDescription>}
        </Field>
        <div className="flex items-start gap-3 rounded-md border p-3">
          <Checkbox id="admin-edit-active" checked={isActive} onCheckedChange={(checked) => setActive(checked === true)} />
          <div className="grid gap-1">
            <Label htmlFor="admin-edit-active">Active</Label>
            <p className="text-xs text-muted-foreground">An inactive admin keeps the record but has no access to the console.</p>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={!hasChanges || update.isPending}>
            {update.isPending && <Spinner />}
            Save changes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
