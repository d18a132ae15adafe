import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES } from '@parley/shared/admin-console';
import { broadcastBodySchema, NOTIFICATION_MESSAGE_MAX, NOTIFICATION_PRIORITIES, NOTIFICATION_TITLE_MAX } from '@parley/shared/contracts/notifications';
import { MailIcon, SendIcon } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useRecipients } from '../api/get-recipients';
import { useSendMessage } from '../api/send-message';
import { matchesRecipient, recipientCount, type RecipientMode } from '../utils/recipient-count';
import { FormSelect } from '@/components/form/form-select';

const PRIORITY_LABELS: Record<(typeof NOTIFICATION_PRIORITIES)[number], string> = { info: 'Info', warning: 'Warning', urgent: 'Urgent' };

const EMPTY_FORM = { recipients: 'active' as RecipientMode, userIds: [] as string[], title: '', message: '', priority: 'info' as const, link: '' };

function Counter({ length, max }: { length: number; max: number }) {
  return <span className={cn('text-xs tabular-nums', length > max ? 'text-destructive' : 'text-muted-foreground')}>{`${length}/${max}`}</span>;
}

/**
 * Spec part 1 §2 "Send Message to Users": recipients (all active, all, or selected), title, message, priority and an
 * optional link; validated with the shared contract the server uses.
 */
export function SendMessageDialog() {
  const [isOpen, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const form = useForm({ resolver: zodResolver(broadcastBodySchema), defaultValues: EMPTY_FORM });
  const { errors } = form.formState;
  const [mode, userIds = [], title = '', message = ''] = useWatch({ control: form.control, name: ['recipients', 'userIds', 'title', 'message'] });
  const active = useRecipients('active', { enabled: isOpen });
  // Older users than the 500 newest are found by the server's search.
  const search = useDebouncedValue(filter.trim(), 250);
  const all = useRecipients('all', { enabled: isOpen, search });
  const send = useSendMessage();
  const count = recipientCount(mode, { active: active.data?.count, all: all.data?.count }, userIds);
  const visibleRecipients = (all.data?.items ?? []).filter((recipient) => matchesRecipient(recipient, filter));

  const close = () => {
    setOpen(false);
    setFilter('');
    form.reset(EMPTY_FORM);
  };

  const onSubmit = form.handleSubmit((body) => {
    if (count === 0) {
      toast.error(ADMIN_MESSAGES.messageFailed(ADMIN_MESSAGES.noRecipients));
      return;
    }
    send.mutate(body, {
      onSuccess: ({ sent }) => {
        toast.success(ADMIN_MESSAGES.messageSent(sent));
        close();
      },
      onError: (error) => toast.error(ADMIN_MESSAGES.messageFailed(getErrorMessage(error))),
    });
  });

  const toggleRecipient = (id: string, isChecked: boolean) => {
    const next = isChecked ? [...new Set([...userIds, id])] : userIds.filter((existing) => existing !== id);
    form.setValue('userIds', next, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Dialog open={isOpen} onOpenChange={(open) => (open ? setOpen(true) : close())}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <MailIcon />
          Send Message
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Send Message to Users</DialogTitle>
          <DialogDescription>The message appears in each recipient’s notification bell.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-5" id="send-message-form">
          <Field>
            <Label id="recipients-label">Recipients</Label>
            <Controller
              control={form.control}
              name="recipients"
              render={({ field }) => (
                <RadioGroup value={field.value} onValueChange={field.onChange} aria-labelledby="recipients-label" className="gap-2">
                  {(
                    [
                      ['active', 'All Active Users', active.data?.count, 'Active accounts that signed in within 30 days'],
                      ['all', 'All Users', all.data?.count, 'Every registered account'],
                      ['selected', 'Selected Users', undefined, 'Pick people from the list'],
                    ] as const
                  ).map(([value, label, total, hint]) => (
                    <label
                      key={value}
                      className={cn(
                        'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm',
                        field.value === value && 'border-brand/50 bg-brand/5',
                      )}
                    >
                      <RadioGroupItem value={value} className="mt-0.5" aria-label={label} />
                      <span className="grid gap-0.5">
                        <span className="font-medium">
                          {label}
                          {value !== 'selected' && <span className="ml-1 text-muted-foreground tabular-nums">({total ?? '…'})</span>}
                        </span>
                        <span className="text-xs text-muted-foreground">{hint}</span>
                      </span>
                    </label>
                  ))}
                </RadioGroup>
              )}
            />
          </Field>

          {mode === 'selected' && (
            <Field>
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor="recipient-filter">Choose recipients</Label>
                <span className="text-xs text-muted-foreground">{userIds.length} selected</span>
              </div>
              <Input
                id="recipient-filter"
                type="search"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                placeholder="Filter by e-mail or name"
              />
              <div className="max-h-52 overflow-y-auto rounded-md border" role="group" aria-label="Users">
                {all.isPending ? (
                  <p className="flex items-center gap-2 p-3 text-sm text-muted-foreground">
                    <Spinner /> Loading users…
                  </p>
                ) : all.isError ? (
                  <p className="p-3 text-sm text-destructive">{getErrorMessage(all.error)}</p>
                ) : visibleRecipients.length === 0 ? (
                  <p className="p-3 text-sm text-muted-foreground">No users match.</p>
                ) : (
                  <ul className="divide-y">
                    {visibleRecipients.map((recipient) => {
                      const checkboxId = `recipient-${recipient.id}`;
                      return (
                        <li key={recipient.id} className="flex items-center gap-3 px-3 py-2">
                          <Checkbox
                            id={checkboxId}
                            checked={userIds.includes(recipient.id)}
                            onCheckedChange={(checked) => toggleRecipient(recipient.id, checked === true)}
                          />
                          <label htmlFor={checkboxId} className="grid min-w-0 cursor-pointer text-sm">
                            <span className="truncate">{recipient.email}</span>
                            {recipient.fullName && <span className="truncate text-xs text-muted-foreground">{recipient.fullName}</span>}
                          </label>
                        </li>
                      );
                    })}
                  </ul>
                )}
              </div>
              <FieldError>{errors.userIds?.message}</FieldError>
            </Field>
          )}

          <Field>
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="message-title">Title</Label>
              <Counter length={title.length} max={NOTIFICATION_TITLE_MAX} />
            </div>
            <Input id="message-title" maxLength={NOTIFICATION_TITLE_MAX} aria-invalid={Boolean(errors.title)} {...form.register('title')} />
            <FieldError>{errors.title?.message}</FieldError>
          </Field>

          <Field>
            <div className="flex items-center justify-between gap-2">
              <Label htmlFor="message-body">Message</Label>
              <Counter length={message.length} max={NOTIFICATION_MESSAGE_MAX} />
            </div>
            <Textarea id="message-body" rows={4} maxLength={NOTIFICATION_MESSAGE_MAX} aria-invalid={Boolean(errors.message)} {...form.register('message')} />
            <FieldError>{errors.message?.message}</FieldError>
          </Field>

          <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
            <Field>
              <Label htmlFor="message-priority">Priority</Label>
              <FormSelect
                control={form.control}
                name="priority"
                options={NOTIFICATION_PRIORITIES}
                optionLabel={(option) => PRIORITY_LABELS[option]}
                id="message-priority"
              />
            </Field>
            <Field>
              <Label htmlFor="message-link">Link (optional)</Label>
              <Input id="message-link" type="url" placeholder="https://…" aria-invalid={Boolean(errors.link)} {...form.register('link')} />
              <FieldError>{errors.link?.message}</FieldError>
            </Field>
          </div>
        </form>
        <DialogFooter className="items-center sm:justify-between">
          <FieldDescription className="text-sm" data-testid="recipient-count">
            {count === null ? 'Counting recipients…' : count === 0 ? ADMIN_MESSAGES.noRecipients : ADMIN_MESSAGES.willSendTo(count)}
          </FieldDescription>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="send-message-form" disabled={send.isPending}>
              {send.isPending ? <Spinner /> : <SendIcon />}
              Send Message
            </Button>
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
