import { FREE_TIER } from '@parley/shared/constants';
import {
  TIER_DESCRIPTION_MAX,
  TIER_DISPLAY_NAME_MAX,
  TIER_ID_MAX,
  TIER_MESSAGES,
  TIER_RATE_LIMIT_KEYS,
  TIER_RATE_LIMIT_MAX,
  TIER_RATE_LIMITS,
  type Tier,
} from '@parley/shared/contracts/tier-limits';
import { SaveIcon, XIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useSaveTier } from '../api/save-tier';
import { checkTierForm, NEW_TIER_FORM, tierToForm, type TierForm } from '../utils/tier-form';

/** Spec §2 "an edit/create panel": the tier's name and limits; -1 is unlimited. */
export function TierFormPanel({ tier, onClose }: { tier: Tier | null; onClose: () => void }) {
  const isNew = tier === null;
  const [form, setForm] = useState<TierForm>(() => (tier ? tierToForm(tier) : NEW_TIER_FORM));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveTier();
  const panel = useRef<HTMLDivElement>(null);
  const retiring = tier !== null && tier.isActive && !form.isActive && (tier.tier === FREE_TIER || tier.organizationCount > 0);

  useEffect(() => {
    panel.current?.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
    panel.current?.querySelector<HTMLInputElement>('input:not([disabled])')?.focus({ preventScroll: true });
  }, []);

  const set = (patch: Partial<TierForm>) => setForm((current) => ({ ...current, ...patch }));
  const failed = isNew ? TIER_MESSAGES.createFailed : TIER_MESSAGES.updateFailed;

  const onSubmit = () => {
    const checked = checkTierForm(form, isNew);
    if (!checked.ok) {
      setError(checked.message);
      toast.error(failed, { description: checked.message });
      return;
    }
    setError(null);
    save.mutate(isNew ? { id: null, body: checked.create } : { id: tier.id, body: { ...checked.update, expectedUpdatedAt: tier.updatedAt } }, {
      onSuccess: () => {
        toast.success(isNew ? TIER_MESSAGES.created : TIER_MESSAGES.updated);
        onClose();
      },
      onError: (failure) => {
        setError(getErrorMessage(failure));
        toast.error(failed, { description: getErrorMessage(failure) });
      },
    });
  };

  return (
    <Card ref={panel} className="gap-5 border-brand/40" data-testid="tier-form-panel">
      <CardHeader>
        <CardTitle>{isNew ? 'Create tier' : `Edit ${tier.displayName}`}</CardTitle>
        <CardDescription>Use -1 for unlimited. Changes apply to every organization on the tier at once.</CardDescription>
      </CardHeader>
      <form
        id="tier-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <CardContent className="grid items-start gap-4 sm:grid-cols-2">
          <Field>
            <Label htmlFor="tier-id">Tier name (ID)</Label>
            <Input
              id="tier-id"
              value={form.tier}
              maxLength={TIER_ID_MAX}
              disabled={!isNew}
              placeholder="e.g. pro"
              autoComplete="off"
              onChange={(event) => set({ tier: event.target.value.toLowerCase() })}
            />
            <FieldDescription>
              {isNew ? 'Lowercase letters, digits, hyphens and underscores. It cannot change later.' : 'Fixed once the tier exists.'}
            </FieldDescription>
          </Field>
          <Field>
            <Label htmlFor="tier-display-name">Display name</Label>
            <Input
              id="tier-display-name"
              value={form.displayName}
              maxLength={TIER_DISPLAY_NAME_MAX}
              placeholder="e.g. Pro"
              onChange={(event) => set({ displayName: event.target.value })}
            />
          </Field>
          <Field>
            <Label htmlFor="tier-monthly-limit">Monthly token limit</Label>
            <Input
              id="tier-monthly-limit"
              type="number"
              step={1}
              min={-1}
              value={form.monthlyTokenLimit}
              onChange={(event) => set({ monthlyTokenLimit: event.target.value })}
            />
            <FieldDescription>Chat and document tokens per calendar month; -1 unlimited.</FieldDescription>
          </Field>
          <Field>
            <Label htmlFor="tier-handoff-limit">Handoff limit per month</Label>
            <Input
              id="tier-handoff-limit"
              type="number"
              step={1}
              min={-1}
              value={form.maxHandoffsPerMonth}
              onChange={(event) => set({ maxHandoffsPerMonth: event.target.value })}
            />
            <FieldDescription>Conversations handed to a person; 0 none, -1 unlimited.</FieldDescription>
          </Field>
          <Field>
            <Label htmlFor="tier-chatbot-limit">Chatbots</Label>
            <Input
              id="tier-chatbot-limit"
              type="number"
              step={1}
              min={-1}
              value={form.maxChatbots}
              onChange={(event) => set({ maxChatbots: event.target.value })}
            />
            <FieldDescription>Chatbots an organization may have; -1 unlimited.</FieldDescription>
          </Field>
          <fieldset className="grid gap-4 rounded-md border p-4 sm:col-span-2 sm:grid-cols-3">
            <legend className="px-1 text-sm font-medium">Rate limits</legend>
            {TIER_RATE_LIMIT_KEYS.map((key) => (
              <Field key={key}>
                <Label htmlFor={`tier-${key}`}>{TIER_RATE_LIMITS[key].label}</Label>
                <Input
                  id={`tier-${key}`}
                  type="number"
                  step={1}
                  min={1}
                  max={TIER_RATE_LIMIT_MAX}
                  value={form[key]}
                  onChange={(event) => set({ [key]: event.target.value })}
                />
                <FieldDescription>{`${TIER_RATE_LIMITS[key].scope[0]!.toUpperCase()}${TIER_RATE_LIMITS[key].scope.slice(1)}. Default ${TIER_RATE_LIMITS[key].default}.`}</FieldDescription>
              </Field>
            ))}
            <FieldDescription className="sm:col-span-3">
              Past a limit the API and the widget answer 429 with Retry-After. A change holds at once, on every server.
            </FieldDescription>
          </fieldset>
          <Field>
            <span className="text-sm leading-none font-medium">Status</span>
            <label className="flex h-9 items-center gap-2 text-sm">
              <Switch checked={form.isActive} onCheckedChange={(isActive) => set({ isActive })} aria-label="Tier active" />
              {form.isActive ? 'Active' : 'Inactive'}
            </label>
            {retiring && (
              <FieldDescription className="text-destructive">
                {tier.tier === FREE_TIER ? TIER_MESSAGES.freeIsFallback : TIER_MESSAGES.inUse(tier.organizationCount, tier.displayName)}
              </FieldDescription>
            )}
          </Field>
          <Field className="sm:col-span-2">
            <Label htmlFor="tier-description">Description</Label>
            <Textarea
              id="tier-description"
              rows={2}
              maxLength={TIER_DESCRIPTION_MAX}
              value={form.description}
              onChange={(event) => set({ description: event.target.value })}
            />
          </Field>
          <FieldError className="sm:col-span-2">{error}</FieldError>
        </CardContent>
      </form>
      <CardFooter className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          <XIcon />
          Cancel
        </Button>
        <Button type="submit" form="tier-form" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : <SaveIcon />}
          {isNew ? 'Create tier' : 'Save changes'}
        </Button>
      </CardFooter>
    </Card>
  );
}
