import { zodResolver } from '@hookform/resolvers/zod';
import { ORGANIZATION_NAME_MAX_LENGTH } from '@parley/shared/constants';
import { updateOrganizationBodySchema, type UpdateOrganizationBody } from '@parley/shared/contracts/organizations';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useRenameOrganization } from '../api/rename-organization';

/** The organization's name (admins and the owner). */
export function OrganizationSettingsCard({ name, onRenamed }: { name: string; onRenamed: () => void | Promise<void> }) {
  const form = useForm<UpdateOrganizationBody>({ resolver: zodResolver(updateOrganizationBodySchema), defaultValues: { name } });
  const rename = useRenameOrganization();
  const { errors, isDirty } = form.formState;
  useEffect(() => form.reset({ name }), [form, name]);

  const onSubmit = form.handleSubmit((body) =>
    rename.mutate(body, {
      onSuccess: async (organization) => {
        await onRenamed();
        toast.success(`Renamed to ${organization.name}`);
      },
      onError: (error) => toast.error(`Could not rename the organization: ${getErrorMessage(error)}`),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Organization</CardTitle>
        <CardDescription>The name everyone in the organization sees.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <Field className="flex-1">
            <Label htmlFor="organization-rename" className="sr-only">
              Organization name
            </Label>
            <Input id="organization-rename" maxLength={ORGANIZATION_NAME_MAX_LENGTH} aria-invalid={Boolean(errors.name)} {...form.register('name')} />
            <FieldError>{errors.name?.message}</FieldError>
          </Field>
          <Button type="submit" variant="outline" disabled={!isDirty || rename.isPending}>
            {rename.isPending && <Spinner />}
            Save name
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
