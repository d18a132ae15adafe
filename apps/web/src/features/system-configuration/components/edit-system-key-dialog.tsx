import { updateSystemApiKeyBodySchema, type SystemApiKey, type UpdateSystemApiKeyBody } from '@parley/shared/contracts/system-api-keys';
import { PencilIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useUpdateSystemApiKey } from '../api/update-system-api-key';
import { parseDailyLimit } from '../utils/key-usage';
import { SYSTEM_KEYS_TEXT } from '../utils/messages';

/** Edit name, description and (free tier) the daily limit. The stored value is not editable: add a new key and delete the old one. */
export function EditSystemKeyDialog({ systemKey }: { systemKey: SystemApiKey }) {
  const update = useUpdateSystemApiKey();
  const [isOpen, setOpen] = useState(false);
  const [form, setForm] = useState({ keyName: '', description: '', limit: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const open = (next: boolean) => {
    if (next) {
      setForm({ keyName: systemKey.keyName, description: systemKey.description, limit: String(systemKey.usageLimitPerDay ?? '') });
      setErrors({});
    }
    setOpen(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changes: UpdateSystemApiKeyBody = {};
    if (form.keyName.trim() !== systemKey.keyName) changes.keyName = form.keyName.trim();
    if (form.description.trim() !== systemKey.description) changes.description = form.description.trim();
    if (systemKey.tier === 'free') {
      const limit = parseDailyLimit(form.limit);
      if (limit !== systemKey.usageLimitPerDay) changes.usageLimitPerDay = limit;
    }
    if (Object.keys(changes).length === 0) {
      setOpen(false);
      return;
    }
    const parsed = updateSystemApiKeyBodySchema.safeParse(changes);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    update.mutate(
      { id: systemKey.id, changes },
      {
        onSuccess: () => {
          toast.success('System key updated');
          setOpen(false);
        },
        onError: (error) => toast.error(SYSTEM_KEYS_TEXT.updateFailed, { description: getErrorMessage(error) }),
      },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={open}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <PencilIcon />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>Edit {systemKey.keyName}</DialogTitle>
            <DialogDescription>The value ending in {systemKey.last4} stays as it is. To replace it, add a new key and delete this one.</DialogDescription>
          </DialogHeader>
          <Field>
            <Label htmlFor="edit-key-name">Key name</Label>
            <Input
              id="edit-key-name"
              value={form.keyName}
              maxLength={100}
              aria-invalid={errors.keyName ? true : undefined}
              onChange={(event) => setForm({ ...form, keyName: event.target.value })}
            />
            <FieldDescription>{SYSTEM_KEYS_TEXT.keyNameHint}</FieldDescription>
            <FieldError>{errors.keyName}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="edit-key-description">Description</Label>
            <Input
              id="edit-key-description"
              value={form.description}
              maxLength={500}
              aria-invalid={errors.description ? true : undefined}
              onChange={(event) => setForm({ ...form, description: event.target.value })}
            />
            <FieldError>{errors.description}</FieldError>
          </Field>
          {systemKey.tier === 'free' && (
            <Field>
              <Label htmlFor="edit-key-limit">Daily usage limit</Label>
              <Input
                id="edit-key-limit"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={form.limit}
                aria-invalid={errors.usageLimitPerDay ? true : undefined}
                onChange={(event) => setForm({ ...form, limit: event.target.value })}
              />
              <FieldDescription>At least 1 (1000 when left empty).</FieldDescription>
              <FieldError>{errors.usageLimitPerDay}</FieldError>
            </Field>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending || form.keyName.trim() === ''}>
              {update.isPending && <Spinner />}
              Save
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
