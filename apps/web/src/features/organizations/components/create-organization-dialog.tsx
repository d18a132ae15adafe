import { zodResolver } from '@hookform/resolvers/zod';
import { ORGANIZATION_NAME_MAX_LENGTH } from '@parley/shared/constants';
import { createOrganizationBodySchema, type CreateOrganizationBody, type Organization } from '@parley/shared/contracts/organizations';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateOrganization } from '../api/create-organization';

const EMPTY: CreateOrganizationBody = { name: '' };

/** "Create organization": a name; the creator becomes its owner and the dashboard switches to it. */
export function CreateOrganizationDialog({
  isOpen,
  onOpenChange,
  onCreated,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (organization: Organization) => void | Promise<void>;
}) {
  const form = useForm({ resolver: zodResolver(createOrganizationBodySchema), defaultValues: EMPTY });
  const create = useCreateOrganization();
  const { errors } = form.formState;

  const close = (open: boolean) => {
    if (!open) {
      form.reset(EMPTY);
      create.reset();
    }
    onOpenChange(open);
  };

  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: async (organization) => {
        await onCreated(organization);
        toast.success(`${organization.name} was created`, { description: 'You are its owner. Invite your colleagues from the Team page.' });
        close(false);
      },
      onError: (error) => toast.error(`Could not create the organization: ${getErrorMessage(error)}`),
    }),
  );

  return (
    <Dialog open={isOpen} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create organization</DialogTitle>
          <DialogDescription>A separate workspace with its own chatbots, inbox, keys and team. You will be its owner.</DialogDescription>
        </DialogHeader>
        <form id="create-organization-form" onSubmit={onSubmit} noValidate className="grid gap-4">
          <Field>
            <Label htmlFor="organization-name">Name</Label>
            <Input
              id="organization-name"
              placeholder="e.g. Acme Support"
              maxLength={ORGANIZATION_NAME_MAX_LENGTH}
              autoComplete="organization"
              aria-invalid={Boolean(errors.name)}
              {...form.register('name')}
            />
            <FieldDescription>Your colleagues see this name. You can change it later.</FieldDescription>
            <FieldError>{errors.name?.message}</FieldError>
          </Field>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" form="create-organization-form" disabled={create.isPending}>
            {create.isPending && <Spinner />}
            Create organization
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
