import { PLAN_CTA_MAX, PRICING_PLAN_MESSAGES, type PricingPlan } from '@parley/shared/contracts/pricing-plans';
import { TIER_DESCRIPTION_MAX, TIER_DISPLAY_NAME_MAX, TIER_ID_MAX } from '@parley/shared/contracts/tier-limits';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { getErrorMessage } from '@/lib/api-error';
import { useSavePricingPlan } from '../api/save-pricing-plan';
import { checkPlanForm, newPlanForm, planToForm, type PlanField, type PlanForm } from '../utils/plan-form';

/** Spec §2 Plans: the create/edit dialog; prices in dollars (stored as cents), the tier id locked once created (§5). */
export function PricingPlanDialog({ plan, planCount, onClose }: { plan: PricingPlan | null; planCount: number; onClose: () => void }) {
  const isNew = plan === null;
  const [form, setForm] = useState<PlanForm>(() => (plan ? planToForm(plan) : newPlanForm(planCount)));
  const [error, setError] = useState<{ field: PlanField; message: string } | null>(null);
  const save = useSavePricingPlan();
  const set = (patch: Partial<PlanForm>) => setForm((current) => ({ ...current, ...patch }));
  const errorFor = (field: PlanField) => (error?.field === field ? error.message : undefined);

  const onSubmit = () => {
    const checked = checkPlanForm(form, isNew);
    if (!checked.ok) {
      setError({ field: checked.field, message: checked.message });
      return;
    }
    setError(null);
    save.mutate(isNew ? { tier: null, body: checked.create } : { tier: plan.tier, body: { ...checked.update, expectedUpdatedAt: plan.updatedAt } }, {
      onSuccess: () => {
        toast.success(PRICING_PLAN_MESSAGES.saved);
        onClose();
      },
      // Spec §8: the backend's message is shown.
      onError: (failure) => toast.error('Error', { description: getErrorMessage(failure) }),
    });
  };

  const number = (field: 'maxChatbots' | 'monthlyTokenLimit' | 'sortOrder', label: string, hint: string, min: number) => (
    <Field>
      <Label htmlFor={`plan-${field}`}>{label}</Label>
      <Input
        id={`plan-${field}`}
        type="number"
        step={1}
        min={min}
        value={form[field]}
        aria-invalid={Boolean(errorFor(field))}
        onChange={(event) => set({ [field]: event.target.value })}
      />
      <FieldDescription>{hint}</FieldDescription>
      <FieldError>{errorFor(field)}</FieldError>
    </Field>
  );

  const price = (field: 'priceMonthly' | 'priceAnnual', label: string) => (
    <Field>
      <Label htmlFor={`plan-${field}`}>{label}</Label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">$</span>
        <Input
          id={`plan-${field}`}
          inputMode="decimal"
          className="pl-7"
          value={form[field]}
          aria-invalid={Boolean(errorFor(field))}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      </div>
      <FieldError>{errorFor(field)}</FieldError>
    </Field>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isNew ? 'Create pricing plan' : `Edit ${plan.displayName}`}</DialogTitle>
          <DialogDescription>Prices in US dollars. -1 means unlimited chatbots or tokens.</DialogDescription>
        </DialogHeader>
        <form
          id="pricing-plan-form"
          noValidate
          className="grid items-start gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <Field>
            <Label htmlFor="plan-tier">Tier ID</Label>
            <Input
              id="plan-tier"
              value={form.tier}
              disabled={!isNew}
              maxLength={TIER_ID_MAX}
              placeholder="e.g. pro"
              autoComplete="off"
              aria-invalid={Boolean(errorFor('tier'))}
              onChange={(event) => set({ tier: event.target.value.toLowerCase() })}
            />
            <FieldDescription>{isNew ? 'Lowercase letters, digits, hyphens, underscores.' : 'Fixed once the plan exists.'}</FieldDescription>
            <FieldError>{errorFor('tier')}</FieldError>
          </Field>
          <Field>
            <Label htmlFor="plan-name">Display name</Label>
            <Input
              id="plan-name"
              value={form.displayName}
              maxLength={TIER_DISPLAY_NAME_MAX}
              placeholder="e.g. Pro"
              aria-invalid={Boolean(errorFor('displayName'))}
              onChange={(event) => set({ displayName: event.target.value })}
            />
            <FieldError>{errorFor('displayName')}</FieldError>
          </Field>
          <Field className="sm:col-span-2">
            <Label htmlFor="plan-description">Description</Label>
            <Textarea
              id="plan-description"
              rows={2}
              maxLength={TIER_DESCRIPTION_MAX}
              value={form.description}
              onChange={(event) => set({ description: event.target.value })}
            />
            <FieldError>{errorFor('description')}</FieldError>
          </Field>
          {price('priceMonthly', 'Monthly price')}
          {price('priceAnnual', 'Annual price')}
          {number('maxChatbots', 'Max chatbots', '-1 for unlimited.', -1)}
          {number('monthlyTokenLimit', 'AI tokens per month', '-1 for unlimited.', -1)}
          {number('sortOrder', 'Sort order', 'Lower numbers come first on the pricing page.', 0)}
          <Field>
            <Label htmlFor="plan-cta">Button text</Label>
            <Input
              id="plan-cta"
              value={form.ctaText}
              maxLength={PLAN_CTA_MAX}
              aria-invalid={Boolean(errorFor('ctaText'))}
              onChange={(event) => set({ ctaText: event.target.value })}
            />
            <FieldError>{errorFor('ctaText')}</FieldError>
          </Field>
          <Field className="sm:col-span-2">
            <Label htmlFor="plan-features">Extra features</Label>
            <Textarea
              id="plan-features"
              rows={4}
              value={form.extraFeatures}
              placeholder={'Priority support\nCustom branding'}
              aria-invalid={Boolean(errorFor('extraFeatures'))}
              onChange={(event) => set({ extraFeatures: event.target.value })}
            />
            <FieldDescription>One per line. “Active Chatbots” and “AI Tokens/month” are added from the limits above.</FieldDescription>
            <FieldError>{errorFor('extraFeatures')}</FieldError>
          </Field>
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <Switch checked={form.isPopular} onCheckedChange={(isPopular) => set({ isPopular })} aria-label="Popular plan" />
            Mark as popular (highlighted with a badge on the pricing page)
          </label>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="pricing-plan-form" disabled={save.isPending}>
            {save.isPending && <Spinner />}
            {isNew ? 'Create plan' : 'Save plan'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
