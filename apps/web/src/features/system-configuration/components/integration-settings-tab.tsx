import { N8N_BASE_URL_MAX_LENGTH } from '@parley/shared/constants';
import type { N8nConnectionResult } from '@parley/shared/contracts/system-configuration';
import { CheckCircle2Icon, LockIcon, PlugZapIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { getErrorMessage } from '@/lib/api-error';
import { useTestN8nConnection } from '../api/test-n8n-connection';
import type { ConfigDraft } from '../utils/config-form';
import type { SettingsTabProps } from './document-processing-tab';

const MODES: { value: ConfigDraft['processingMode']; title: string; description: string }[] = [
  {
    value: 'edge_functions',
    title: 'Built-in processing',
    description: 'Parley’s own workers process documents and answer chats. The default; nothing else to run.',
  },
  {
    value: 'n8n_integration',
    title: 'n8n integration',
    description: 'Parley’s workflow integration sends its requests to your n8n instance at the base URL below.',
  },
];

function TestResult({ result }: { result: N8nConnectionResult }) {
  return (
    <Alert variant={result.reachable ? 'default' : 'destructive'} aria-live="polite">
      {result.reachable ? <CheckCircle2Icon className="text-emerald-600 dark:text-emerald-400" /> : <XCircleIcon />}
      <AlertTitle>{result.reachable ? 'n8n is reachable' : 'n8n could not be reached'}</AlertTitle>
      <AlertDescription>
        <p>{result.message}</p>
        {(result.status !== null || result.latencyMs !== null) && (
          <p className="text-xs">
            {result.status !== null && `HTTP ${result.status}`}
            {result.status !== null && result.latencyMs !== null && ' · '}
            {result.latencyMs !== null && `${result.latencyMs} ms`}
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** Processing mode, the n8n base URL with a real connection test, and the encryption rule for stored keys. */
export function IntegrationSettingsTab({ draft, errors, onChange }: SettingsTabProps) {
  const test = useTestN8nConnection();
  const [testedUrl, setTestedUrl] = useState<string | null>(null);
  const url = (draft.n8nWebhookBaseUrl ?? '').trim();
  const isN8n = draft.processingMode === 'n8n_integration';

  return (
    <div className="grid gap-6">
      <Card className="gap-5">
        <CardHeader>
          <CardTitle className="text-base">Processing mode</CardTitle>
          <CardDescription>Where Parley’s processing requests go.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          <RadioGroup
            value={draft.processingMode}
            onValueChange={(value) => onChange({ processingMode: value as ConfigDraft['processingMode'] })}
            aria-label="Processing mode"
            className="grid gap-3 sm:grid-cols-2"
          >
            {MODES.map((mode) => (
              <Label
                key={mode.value}
                htmlFor={`mode-${mode.value}`}
                className="flex cursor-pointer items-start gap-3 rounded-lg border p-4 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
              >
                <RadioGroupItem id={`mode-${mode.value}`} value={mode.value} className="mt-0.5" />
                <span className="grid gap-1">
                  <span className="font-medium">{mode.title}</span>
                  <span className="text-sm leading-snug text-muted-foreground">{mode.description}</span>
                </span>
              </Label>
            ))}
          </RadioGroup>

          {/* In every mode: n8n can be set up and tested before documents are sent to it. */}
          <div className="grid gap-3">
            <Field>
              <Label htmlFor="n8n-base-url">n8n webhook base URL</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id="n8n-base-url"
                  type="url"
                  inputMode="url"
                  placeholder="https://n8n.example.com/webhook"
                  maxLength={N8N_BASE_URL_MAX_LENGTH}
                  value={draft.n8nWebhookBaseUrl ?? ''}
                  aria-invalid={errors.n8nWebhookBaseUrl ? true : undefined}
                  onChange={(event) => onChange({ n8nWebhookBaseUrl: event.target.value })}
                />
                <Button
                  type="button"
                  variant="outline"
                  disabled={!url || test.isPending}
                  onClick={() => {
                    setTestedUrl(url);
                    test.mutate(url);
                  }}
                >
                  {test.isPending ? <Spinner /> : <PlugZapIcon />}
                  Test
                </Button>
              </div>
              <FieldDescription>
                {isN8n ? 'Required in n8n mode' : 'Used once you choose n8n integration; set it and test it first'}; an http:// or https:// address. The test is
                a real request from the server, which reaches public addresses only (an n8n on your own network needs the server started with
                N8N_ALLOW_PRIVATE_NETWORK=true).
              </FieldDescription>
              <FieldError>{errors.n8nWebhookBaseUrl}</FieldError>
            </Field>
            {test.isError && testedUrl === url && (
              <Alert variant="destructive">
                <XCircleIcon />
                <AlertTitle>The test could not run</AlertTitle>
                <AlertDescription>{getErrorMessage(test.error)}</AlertDescription>
              </Alert>
            )}
            {test.data && testedUrl === url && !test.isPending && <TestResult result={test.data} />}
          </div>
        </CardContent>
      </Card>

      <Card className="gap-5">
        <CardHeader>
          <CardTitle className="text-base">Encryption of stored provider credentials</CardTitle>
          <CardDescription>
            Keys entered on the API Keys tab are encrypted at rest (AES-256-GCM with the server’s secret) and never shown again in full.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <div className="flex items-start gap-3">
            <Switch
              id="require-encryption"
              checked={draft.requireApiKeyEncryption}
              onCheckedChange={() => undefined}
              disabled
              aria-describedby="require-encryption-note"
            />
            <div className="grid gap-1">
              <Label htmlFor="require-encryption">Require API key encryption</Label>
              <p id="require-encryption-note" className="flex items-center gap-1.5 text-sm text-muted-foreground">
                <LockIcon className="size-3.5" aria-hidden="true" />
                Always on: Parley never stores provider credentials unencrypted.
              </p>
            </div>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
