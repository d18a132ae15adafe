import { BILLING_ADMIN_MESSAGES } from '@parley/shared/contracts/billing-admin';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { CopyButton } from '@/components/layout/copy-button';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useBillingConfiguration, useUpdateBillingConfiguration } from '../api/billing-configuration';

type SecretField = 'secretKey' | 'webhookSecret';
const SECRETS: { field: SecretField; label: string; placeholder: string }[] = [
  { field: 'secretKey', label: 'Secret API key', placeholder: 'sk_test_…' },
  { field: 'webhookSecret', label: 'Webhook signing secret', placeholder: 'whsec_…' },
];

/** The two secrets (set, rotated or cleared; shown masked), the seven events, and the URL to paste into Stripe. */
export function ConfigurationPanel() {
  const configuration = useBillingConfiguration();
  const update = useUpdateBillingConfiguration();
  const [drafts, setDrafts] = useState<Record<SecretField, string>>({ secretKey: '', webhookSecret: '' });
  const save = (field: SecretField, value: string | null) =>
    update.mutate(
      { [field]: value },
      {
        onSuccess: () => {
          toast.success(BILLING_ADMIN_MESSAGES.configurationSaved);
          setDrafts((d) => ({ ...d, [field]: '' }));
        },
        onError: (error) => toast.error('Error', { description: getErrorMessage(error) }),
      },
    );
  if (configuration.isPending) return <LoadingRows label="Loading configuration" rows={3} className="h-24" />;
  if (configuration.isError) return <LoadErrorAlert query={configuration} title="Failed to load the configuration" />;
  const data = configuration.data;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            Provider <Badge variant="outline">{data.provider === 'stripe' ? 'Stripe' : 'Sandbox'}</Badge>
          </CardTitle>
          <CardDescription>
            {data.provider === 'stripe'
              ? 'A secret API key is set: payments go through Stripe.'
              : 'No Stripe key: the built-in sandbox runs checkout, renewals and webhooks locally.'}{' '}
            Secrets are stored encrypted and never shown whole.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {SECRETS.map(({ field, label, placeholder }) => {
            const secret = data[field];
            return (
              <div key={field} className="grid gap-2">
                <Label htmlFor={`billing-${field}`}>{label}</Label>
                <p className="text-xs text-muted-foreground" data-testid={`${field}-status`}>
                  {secret.isSet ? (
                    <>
                      <span className="font-mono">{secret.masked}</span> ({secret.source === 'env' ? 'from the environment' : 'saved'})
                    </>
                  ) : (
                    'Not set'
                  )}
                </p>
                <div className="flex gap-2">
                  <Input
                    id={`billing-${field}`}
                    type="password"
                    autoComplete="off"
                    placeholder={placeholder}
                    value={drafts[field]}
                    onChange={(e) => setDrafts((d) => ({ ...d, [field]: e.target.value }))}
                  />
                  <Button onClick={() => save(field, drafts[field].trim())} disabled={update.isPending || !drafts[field].trim()}>
                    {update.isPending && <Spinner />}
                    {secret.source === 'settings' ? 'Rotate' : 'Set'}
                  </Button>
                  {secret.source === 'settings' && (
                    <Button variant="outline" onClick={() => save(field, null)} disabled={update.isPending}>
                      Clear
                    </Button>
                  )}
                </div>
              </div>
            );
          })}
        </CardContent>
      </Card>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Webhook endpoint</CardTitle>
          <CardDescription>Add this URL as an endpoint in the Stripe dashboard and select the seven events below.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-3 py-2">
            <code className="min-w-0 flex-1 truncate text-sm" data-testid="webhook-url">
              {data.webhookUrl}
            </code>
            <CopyButton text={data.webhookUrl} />
          </div>
          <ul className="grid gap-2 text-sm">
            {data.events.map((e) => (
              <li key={e.type} className="grid gap-0.5">
                <code className="text-xs font-medium">{e.type}</code>
                <span className="text-xs text-muted-foreground">{e.description}</span>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
