import { zodResolver } from '@hookform/resolvers/zod';
import { createApiKeyBodySchema, type CreateApiKeyBody } from '@parley/shared/contracts/api-keys';
import { CHATBOT_SEARCH_MAX } from '@parley/shared/contracts/chatbots';
import { KeyRoundIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Checkbox } from '@/components/ui/checkbox';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { SearchablePicker } from '@/components/form/searchable-picker';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { chatbotOptionsSource } from '../api/get-chatbot-options';
import { EXPIRY_OPTIONS, expiryToOption, optionToExpiry } from '../utils/api-key-display';
import { ApiKeySecretDialog } from './api-key-secret-dialog';

const EMPTY_FORM: CreateApiKeyBody = { name: '', chatbotId: null, expiresInDays: null, adminKey: false };

/** "Create API key": name, scope and expiry, validated with the shared contract; then the secret, shown once. */
export function CreateApiKeyDialog() {
  const [isOpen, setOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const form = useForm({ resolver: zodResolver(createApiKeyBodySchema), defaultValues: EMPTY_FORM });
  const { errors } = form.formState;
  const canCreateAdminKeys = useApiKeys().data?.canCreateAdminKeys ?? false;
  const create = useCreateApiKey();

  const close = () => {
    setOpen(false);
    form.reset(EMPTY_FORM);
    create.reset();
  };

  const onSubmit = form.handleSubmit((body) => {
    create.mutate(body, {
      onSuccess: ({ apiKey, secret }) => {
        close();
        setCreated({ name: apiKey.name, secret });
      },
      onError: (error) => toast.error(`Could not create the key: ${getErrorMessage(error)}`),
    });
  });

  return (
    <>
      <Dialog open={isOpen} onOpenChange={(open) => (open ? setOpen(true) : close())}>
        <DialogTrigger asChild>
          <Button>
            <PlusIcon />
            Create API key
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Create API key</DialogTitle>
            <DialogDescription>The key is shown once, right after it is created.</DialogDescription>
          </DialogHeader>
          <form onSubmit={onSubmit} noValidate className="grid gap-5" id="create-api-key-form">
            <Field>
              <Label htmlFor="api-key-name">Name</Label>
              <Input
                id="api-key-name"
                placeholder="e.g. Production backend"
                maxLength={100}
                autoComplete="off"
                aria-invalid={Boolean(errors.name)}
                {...form.register('name')}
              />
              <FieldDescription>So you can tell your keys apart later.</FieldDescription>
              <FieldError>{errors.name?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor="api-key-scope">Scope</Label>
              <Controller
                control={form.control}
                name="chatbotId"
                render={({ field }) => (
                  <SearchablePicker
                    id="api-key-scope"
                    value={field.value ?? null}
                    onChange={field.onChange}
                    source={chatbotOptionsSource}
                    noun="chatbots"
                    noneLabel="All chatbots"
                    missingLabel="Deleted chatbot"
                    searchMaxLength={CHATBOT_SEARCH_MAX}
                    className="w-full"
                    aria-invalid={Boolean(errors.chatbotId)}
                  />
                )}
              />
              <FieldDescription>All chatbots of your organization, or only one of them.</FieldDescription>
              <FieldError>{errors.chatbotId?.message}</FieldError>
            </Field>

            <Field>
              <Label htmlFor="api-key-expiry">Expires</Label>
              <Controller
                control={form.control}
                name="expiresInDays"
                render={({ field }) => (
                  <Select value={expiryToOption(field.value)} onValueChange={(value) => field.onChange(optionToExpiry(value))}>
                    <SelectTrigger id="api-key-expiry" className="w-full" aria-invalid={Boolean(errors.expiresInDays)}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {EXPIRY_OPTIONS.map((option) => (
                        <SelectItem key={option.value} value={option.value}>
                          {option.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
              <FieldError>{errors.expiresInDays?.message}</FieldError>
            </Field>

            {canCreateAdminKeys ? (
              <Controller
                control={form.control}
                name="adminKey"
                render={({ field }) => (
                  <div className="flex items-start gap-3 rounded-md border p-3">
                    <Checkbox id="api-key-admin" checked={field.value === true} onCheckedChange={(checked) => field.onChange(checked === true)} />
                    <div className="grid gap-1">
                      <Label htmlFor="api-key-admin">Personal admin key</Label>
                      <p className="text-sm text-muted-foreground">
                        Only you see it, and it stops working if you are no longer an administrator. Other members of your organization cannot see or revoke it.
                      </p>
                    </div>
                  </div>
                )}
              />
            ) : null}
          </form>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="create-api-key-form" disabled={create.isPending}>
              {create.isPending ? <Spinner /> : <KeyRoundIcon />}
              Create key
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ApiKeySecretDialog name={created?.name ?? ''} secret={created?.secret ?? null} onClose={() => setCreated(null)} />
    </>
  );
}
