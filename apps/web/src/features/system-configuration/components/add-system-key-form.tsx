import { FREE_KEY_DEFAULT_DAILY_LIMIT, SYSTEM_KEY_SCOPES, SYSTEM_KEY_SERVICES, SYSTEM_KEY_TIERS } from '@parley/shared/constants';
import { createSystemApiKeyBodySchema, type CreateSystemApiKeyBody } from '@parley/shared/contracts/system-api-keys';
import { PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useCreateSystemApiKey } from '../api/create-system-api-key';
import { parseDailyLimit } from '../utils/key-usage';
import { SCOPE_LABELS, SERVICE_LABELS, SYSTEM_KEYS_TEXT, TIER_LABELS } from '../utils/messages';

type Service = (typeof SYSTEM_KEY_SERVICES)[number];
type Tier = (typeof SYSTEM_KEY_TIERS)[number];
type Scope = (typeof SYSTEM_KEY_SCOPES)[number];

const EMPTY = {
  serviceName: 'openai' as Service,
  tier: 'system' as Tier,
  scope: 'all' as Scope,
  keyName: '',
  apiKey: '',
  limit: String(FREE_KEY_DEFAULT_DAILY_LIMIT),
  description: '',
};

/** Spec part 2 §5 "Add system key": name and value required (Add Key disabled until both are filled). */
export function AddSystemKeyForm() {
  const create = useCreateSystemApiKey();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...patch }));
  const canSubmit = form.keyName.trim() !== '' && form.apiKey.trim() !== '' && !create.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    const body: CreateSystemApiKeyBody = {
      serviceName: form.serviceName,
      keyName: form.keyName.trim(),
      apiKey: form.apiKey.trim(),
      tier: form.tier,
      scope: form.scope,
      description: form.description.trim(),
      usageLimitPerDay: form.tier === 'free' ? parseDailyLimit(form.limit) : null,
    };
    const parsed = createSystemApiKeyBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0] ?? 'form'), issue.message])));
      return;
    }
    setErrors({});
    create.mutate(body, {
      onSuccess: (created) => {
        toast.success('System key added', { description: `${created.keyName} ends in ${created.last4}.` });
        setForm(EMPTY);
      },
      onError: (error) => toast.error(SYSTEM_KEYS_TEXT.createFailed, { description: getErrorMessage(error) }),
    });
  };

  return (
    <Card className="gap-5">
      <CardHeader>
        <CardTitle className="text-base">Add Key</CardTitle>
        <CardDescription>
          Provider keys the platform uses for answers and embeddings. The value is encrypted on the server and never shown again; only its last 4 characters
          are.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid items-start gap-5 sm:grid-cols-2" noValidate>
          <Field>
            <Label htmlFor="key-service">Service</Label>
            <Select value={form.serviceName} onValueChange={(value) => set({ serviceName: value as Service })}>
              <SelectTrigger id="key-service" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SYSTEM_KEY_SERVICES.map((service, index) => (
                  <SelectItem key={service} value={service}>
                    {SERVICE_LABELS[service]}
                    {index === 0 ? ' (embeddings)' : ''}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field>
            <Label htmlFor="key-tier">Tier</Label>
            <Select value={form.tier} onValueChange={(value) => set({ tier: value as Tier })}>
              <SelectTrigger id="key-tier" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SYSTEM_KEY_TIERS.map((tier) => (
                  <SelectItem key={tier} value={tier}>
                    {TIER_LABELS[tier]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FieldDescription>System keys are preferred; free keys are used under their daily limit.</FieldDescription>
          </Field>
          <Field>
            <Label htmlFor="key-name">Key name</Label>
            <Input
              id="key-name"
              value={form.keyName}
              maxLength={100}
              autoComplete="off"
              placeholder="openai_primary"
              aria-invalid={errors.keyName ? true : undefined}
              onChange={(event) => set({ keyName: event.target.value })}
            />
            <FieldDescription>{SYSTEM_KEYS_TEXT.keyNameHint}</FieldDescription>
            <FieldError>{errors.keyName}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="key-value">Key value</Label>
            <Input
              id="key-value"
              type="password"
              value={form.apiKey}
              autoComplete="new-password"
              spellCheck={false}
              placeholder="sk-…"
              aria-invalid={errors.apiKey ? true : undefined}
              onChange={(event) => set({ apiKey: event.target.value })}
            />
            <FieldError>{errors.apiKey}</FieldError>
          </Field>
          {form.tier === 'free' && (
            <Field>
              <Label htmlFor="key-limit">Daily usage limit</Label>
              <Input
                id="key-limit"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                value={form.limit}
                aria-invalid={errors.usageLimitPerDay ? true : undefined}
                onChange={(event) => set({ limit: event.target.value })}
              />
              <FieldDescription>Uses per UTC day; at least 1 (1000 when left empty).</FieldDescription>
              <FieldError>{errors.usageLimitPerDay}</FieldError>
            </Field>
          )}
          <Field>
            <Label htmlFor="key-scope">Used for</Label>
            <Select value={form.scope} onValueChange={(value) => set({ scope: value as Scope })}>
              <SelectTrigger id="key-scope" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {SYSTEM_KEY_SCOPES.map((scope) => (
                  <SelectItem key={scope} value={scope}>
                    {SCOPE_LABELS[scope]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
          <Field className="sm:col-span-2">
            <Label htmlFor="key-description">Description</Label>
            <Input
              id="key-description"
              value={form.description}
              maxLength={500}
              placeholder="Optional: what this key is for"
              aria-invalid={errors.description ? true : undefined}
              onChange={(event) => set({ description: event.target.value })}
            />
            <FieldError>{errors.description}</FieldError>
          </Field>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={!canSubmit}>
              {create.isPending ? <Spinner /> : <PlusIcon />}
              Add Key
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
