import { N8N_URL_MAX, type N8nHealthResult } from '@parley/shared/contracts/n8n';
import { CheckCircle2Icon, PlugZapIcon, ShieldAlertIcon, XCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field, FieldDescription } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { getErrorMessage } from '@/lib/api-error';
import { useTestN8nConnection } from '../api/test-n8n-connection';

function Result({ result }: { result: N8nHealthResult }) {
  const Icon = result.reachable ? CheckCircle2Icon : result.isBlocked ? ShieldAlertIcon : XCircleIcon;
  return (
    <Alert variant={result.reachable ? 'default' : 'destructive'} aria-live="polite" data-testid="n8n-connection-result">
      <Icon className={result.reachable ? 'text-success' : undefined} />
      <AlertTitle>{result.reachable ? 'n8n is reachable' : result.isBlocked ? 'Refused by the server’s address rules' : 'n8n could not be reached'}</AlertTitle>
      <AlertDescription>
        <p>{result.message}</p>
        <p className="font-mono text-xs break-all">GET {result.healthUrl}</p>
      </AlertDescription>
    </Alert>
  );
}

/**
 * The n8n base URL with a real connection test (GET /healthz from the server). The field starts with System
 * Configuration's URL; another address can be tested before a system admin saves it there. Test is disabled until a
 * URL is entered (spec §5).
 */
export function ConnectionTest({ configuredUrl }: { configuredUrl: string | null }) {
  const [url, setUrl] = useState(configuredUrl ?? '');
  const [tested, setTested] = useState<string | null>(null);
  const test = useTestN8nConnection();
  const trimmed = url.trim();
  const isOther = trimmed !== (configuredUrl ?? '');

  return (
    <div className="grid gap-3">
      <Field>
        <Label htmlFor="n8n-test-url">n8n webhook base URL</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id="n8n-test-url"
            type="url"
            inputMode="url"
            placeholder="https://n8n.example.com/webhook"
            maxLength={N8N_URL_MAX}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <Button
            type="button"
            variant="outline"
            disabled={!trimmed || test.isPending}
            onClick={() => {
              setTested(trimmed);
              test.mutate(trimmed);
            }}
          >
            {test.isPending ? <Spinner /> : <PlugZapIcon />}
            Test
          </Button>
        </div>
        <FieldDescription>
          {isOther
            ? 'Testing an address does not save it: system admins set the base URL in System Configuration → Integration Settings.'
            : configuredUrl
              ? 'From System Configuration. The test GETs n8n’s /healthz from the server.'
              : 'No base URL is set in System Configuration yet. You can test an address here; a system admin saves it there.'}
        </FieldDescription>
      </Field>
      {test.isError && tested === trimmed && (
        <Alert variant="destructive">
          <XCircleIcon />
          <AlertTitle>The test could not run</AlertTitle>
          <AlertDescription>{getErrorMessage(test.error)}</AlertDescription>
        </Alert>
      )}
      {test.data && tested === trimmed && !test.isPending && <Result result={test.data} />}
    </div>
  );
}
