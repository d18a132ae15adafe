import { BILLING_ADMIN_MESSAGES, billingSettingsSchema, type BillingSettings } from '@parley/shared/contracts/billing-admin';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { getErrorMessage } from '@/lib/api-error';
import { useBillingSettings, useSaveBillingSettings } from '../api/billing-settings';

type Group = keyof BillingSettings;
const TABS: { value: Group; label: string }[] = [
  { value: 'payment', label: 'Payment' },
  { value: 'invoicing', label: 'Invoicing' },
  { value: 'tax', label: 'Tax & Compliance' },
  { value: 'notifications', label: 'Notifications' },
  { value: 'advanced', label: 'Advanced' },
];

type FieldSpec = { group: Group; key: string; label: string; kind: 'bool' | 'int' | 'number' | 'text'; hint?: string };
const FIELDS: FieldSpec[] = [
  {
    group: 'payment',
    key: 'testMode',
    label: 'Test mode',
    kind: 'bool',
    hint: 'On: test payments only (the sandbox or Stripe test credentials; live ones are refused). Off: real payments only (Stripe live credentials).',
  },
  {
    group: 'payment',
    key: 'currency',
    label: 'Currency',
    kind: 'text',
    hint: 'Three-letter code, such as usd. New token checkouts and sandbox plans; Stripe plans keep their price’s currency.',
  },
  { group: 'invoicing', key: 'invoicePrefix', label: 'Invoice prefix', kind: 'text' },
  { group: 'invoicing', key: 'nextInvoiceNumber', label: 'Next invoice number', kind: 'int' },
  { group: 'invoicing', key: 'dueDays', label: 'Due after (days)', kind: 'int' },
  { group: 'invoicing', key: 'autoSend', label: 'Send invoices automatically', kind: 'bool', hint: 'E-mails each paid invoice to the owners and admins.' },
  { group: 'tax', key: 'enabled', label: 'Charge tax', kind: 'bool', hint: 'Added on top of prices in new checkouts and sandbox invoices.' },
  { group: 'tax', key: 'ratePercent', label: 'Tax rate (%)', kind: 'number' },
  { group: 'notifications', key: 'paymentFailed', label: 'E-mail on failed payment', kind: 'bool', hint: 'To the organization’s owners and admins.' },
  { group: 'notifications', key: 'newSubscription', label: 'E-mail on new subscription', kind: 'bool' },
  { group: 'notifications', key: 'cancellation', label: 'E-mail on cancellation', kind: 'bool' },
  { group: 'advanced', key: 'retryAttempts', label: 'Payment retries', kind: 'int' },
  { group: 'advanced', key: 'retryIntervalDays', label: 'Days between retries', kind: 'int' },
  { group: 'advanced', key: 'suspendAfterFailures', label: 'Suspend after the last failed retry', kind: 'bool' },
  { group: 'advanced', key: 'trialDays', label: 'Trial days', kind: 'int', hint: 'For an organization’s first subscription; 0 for none.' },
  {
    group: 'advanced',
    key: 'trialRequiresPaymentMethod',
    label: 'Trial needs a payment method',
    kind: 'bool',
    hint: 'Off: a trial can start without a card and ends with the trial unless one is added.',
  },
  { group: 'advanced', key: 'webhookToleranceSeconds', label: 'Webhook signature tolerance (s)', kind: 'int' },
];

/** Settings (tabs Payment, Invoicing, Tax & Compliance, Notifications, Advanced): saved to billing_settings and used by the billing core. */
export function BillingSettingsTab() {
  const settings = useBillingSettings();
  const save = useSaveBillingSettings();
  const [draft, setDraft] = useState<Record<Group, Record<string, unknown>> | null>(null);
  useEffect(() => {
    if (settings.data) {
      const { updatedAt: _updatedAt, updatedBy: _updatedBy, ...groups } = settings.data;
      setDraft(groups as unknown as Record<Group, Record<string, unknown>>);
    }
  }, [settings.data]);
  if (settings.isPending || !draft)
    return settings.isError ? (
      <LoadErrorAlert query={settings} title="Failed to load billing settings" />
    ) : (
      <LoadingRows label="Loading settings" rows={3} className="h-16" />
    );
  const set = (group: Group, key: string, value: unknown) => setDraft((d) => (d ? { ...d, [group]: { ...d[group], [key]: value } } : d));
  const parsed = billingSettingsSchema.safeParse(draft);
  const errors = new Map(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
  const submit = () => {
    if (!parsed.success) return;
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(BILLING_ADMIN_MESSAGES.settingsSaved),
      onError: (error) => toast.error(BILLING_ADMIN_MESSAGES.settingsFailed, { description: getErrorMessage(error) }),
    });
  };
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>Billing settings</CardTitle>
          <CardDescription>
            Used by the billing core: payment mode and currency, invoice numbering, due dates and e-mails, tax, retries and trials. Every change is written to
            the activity log.
          </CardDescription>
        </div>
        <Button onClick={submit} disabled={save.isPending || !parsed.success}>
          {save.isPending && <Spinner />}
          Save settings
        </Button>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="payment">
          <TabsList className="flex-wrap">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
                {[...errors.keys()].some((k) => k.startsWith(`${t.value}.`)) && (
                  <Badge variant="destructive" className="ml-1 px-1">
                    !
                  </Badge>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((t) => (
            <TabsContent key={t.value} value={t.value} className="mt-4 grid gap-4 sm:grid-cols-2">
              {FIELDS.filter((f) => f.group === t.value).map((f) => {
                const id = `billing-setting-${f.group}-${f.key}`;
                const value = draft[f.group][f.key];
                const error = errors.get(`${f.group}.${f.key}`);
                if (f.kind === 'bool')
                  return (
                    <div key={f.key} className="flex items-center justify-between gap-3 rounded-lg border p-3">
                      <div>
                        <Label htmlFor={id}>{f.label}</Label>
                        {f.hint && <p className="text-xs text-muted-foreground">{f.hint}</p>}
                      </div>
                      <Switch id={id} checked={value === true} onCheckedChange={(checked) => set(f.group, f.key, checked)} />
                    </div>
                  );
                return (
                  <div key={f.key} className="grid gap-1.5">
                    <Label htmlFor={id}>{f.label}</Label>
                    <Input
                      id={id}
                      inputMode={f.kind === 'text' ? 'text' : 'decimal'}
                      value={String(value ?? '')}
                      aria-invalid={error ? true : undefined}
                      onChange={(e) =>
                        set(f.group, f.key, f.kind === 'text' ? e.target.value : e.target.value.trim() === '' ? Number.NaN : Number(e.target.value))
                      }
                    />
                    {error ? <p className="text-xs text-destructive">{error}</p> : f.hint && <p className="text-xs text-muted-foreground">{f.hint}</p>}
                  </div>
                );
              })}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
    </Card>
  );
}
