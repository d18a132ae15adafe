import { zodResolver } from '@hookform/resolvers/zod';
import { INVITATION_EXPIRY_DAYS } from '@parley/shared/constants';
import {
  createInvitationBodySchema,
  ORGANIZATION_ROLE_DESCRIPTIONS,
  ORGANIZATION_ROLE_LABELS,
  type CreateInvitationBody,
} from '@parley/shared/contracts/organizations';
import { MailPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateInvitation } from '../api/create-invitation';
import { INVITABLE_ROLES } from '../utils/team-permissions';
import { RolePermissionsTable } from './role-permissions-table';

const EMPTY: CreateInvitationBody = { email: '', role: 'member' };

/** "Invite member": an e-mail address and a role; the server e-mails a link that works once. */
export function InviteMemberDialog({ organizationName }: { organizationName: string }) {
  const [isOpen, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(createInvitationBodySchema), defaultValues: EMPTY });
  const create = useCreateInvitation();
  const { errors } = form.formState;
  const chosenRole = useWatch({ control: form.control, name: 'role' });

  const close = (open: boolean) => {
    setOpen(open);
    if (!open) {
      form.reset(EMPTY);
      create.reset();
    }
  };

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (invitation) => {
        toast.success(`Invitation sent to ${invitation.email}`, { description: `The link works once and expires in ${INVITATION_EXPIRY_DAYS} days.` });
        close(false);
      },
      onError: (error) => toast.error(`Could not send the invitation: ${getErrorMessage(error)}`),
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogTrigger asChild>
        <Button>
          <MailPlusIcon />
          Invite member
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Invite to {organizationName}</DialogTitle>
          <DialogDescription>We e-mail them a link. They sign up or sign in with this address to join.</DialogDescription>
        </DialogHeader>
        <form id="invite-member-form" onSubmit={onSubmit} noValidate className="grid gap-5">
          <Field>
            <Label htmlFor="invite-email">E-mail address</Label>
            <Input
              id="invite-email"
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="colleague@example.com"
              aria-invalid={Boolean(errors.email)}
              {...form.register('email')}
            />
            <FieldError>{errors.email?.message}</FieldError>
          </Field>
          <Field>
            <Label id="invite-role-label">Role</Label>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <RadioGroup value={field.value} onValueChange={field.onChange} aria-labelledby="invite-role-label" className="grid gap-2">
                  {INVITABLE_ROLES.map((role) => (
                    <label
                      key={role}
                      htmlFor={`invite-role-${role}`}
                      className="flex cursor-pointer items-start gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-brand"
                    >
                      <RadioGroupItem id={`invite-role-${role}`} value={role} className="mt-0.5" />
                      <span className="grid gap-0.5">
                        <span className="text-sm font-medium">{ORGANIZATION_ROLE_LABELS[role]}</span>
                        <span className="text-xs text-muted-foreground">{ORGANIZATION_ROLE_DESCRIPTIONS[role]}</span>
                      </span>
                    </label>
                  ))}
                </RadioGroup>
              )}
            />
            <FieldDescription>You can change the role later.</FieldDescription>
            <FieldError>{errors.role?.message}</FieldError>
          </Field>
          <div className="grid gap-2">
            <p className="text-sm font-medium">What each role can do</p>
            <RolePermissionsTable highlight={chosenRole} />
          </div>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="invite-member-form" disabled={create.isPending}>
            {create.isPending && <Spinner />}
            Send invitation
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
