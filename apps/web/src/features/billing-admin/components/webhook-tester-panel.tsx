import { webhookTesterErrorMessage } from '@parley/shared/billing-health';
import { BILLING_WEBHOOK_EVENTS } from '@parley/shared/billing-webhook-events';
import type { WebhookTestResult } from '@parley/shared/contracts/billing-admin';
import { SendIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-error';
import { useSendTestWebhook } from '../api/send-test-webhook';

/** What processing did, as the server recorded it in the event's data. */
const outcomeOf = (data: unknown) => (data && typeof data === 'object' && 'outcome' in data && typeof data.outcome === 'string' ? data.outcome : null);

/** Sends a signed test event of the chosen type through POST /api/webhooks/stripe and shows what it answered. */
export function WebhookTesterPanel() {
  const [eventType, setEventType] = useState<string>(BILLING_WEBHOOK_EVENTS[0].type);
  const [result, setResult] = useState<WebhookTestResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const test = useSendTestWebhook();
  const run = () => {
    setFailure(null);
    test.mutate(eventType, {
      onSuccess: (data) => {
        setResult(data);
        if (data.success) toast.success('Webhook test successful');
        else
          toast.error('Webhook Test Failed', {
            // The endpoint may accept an event it cannot use (200, recorded as failed): say why, not just the status.
            description: data.processed?.error
              ? `Received (HTTP ${data.status}) but not processed: ${data.processed.error}`
              : `HTTP ${data.status} ${data.statusText}`,
          });
      },
      onError: (error) => {
        setResult(null);
        const message = webhookTesterErrorMessage(
          error instanceof ApiError
            ? { status: error.status, name: error.code, message: error.message }
            : { name: (error as Error).name, message: (error as Error).message },
        );
        setFailure(message);
        toast.error('Error', { description: message });
      },
    });
  };
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Webhook Tester</CardTitle>
        <CardDescription>
          Sends a test event signed with the configured provider's webhook secret through the real endpoint, POST /api/webhooks/stripe. It is processed in full
          for your own test organization, then rolled back: nobody's billing changes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="grid gap-2 sm:w-96">
            <Label htmlFor="webhook-test-type">Event type</Label>
            <Select value={eventType} onValueChange={setEventType}>
              <SelectTrigger id="webhook-test-type" aria-label="Event type">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {BILLING_WEBHOOK_EVENTS.map((e) => (
                  <SelectItem key={e.type} value={e.type}>
                    {e.type}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button onClick={run} disabled={test.isPending}>
            {test.isPending ? <Spinner /> : <SendIcon />}
            Send test event
          </Button>
        </div>
        {failure && (
          <Alert variant="destructive">
            <AlertTitle>Webhook Test Failed</AlertTitle>
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {result && (
          <div className="grid gap-2 rounded-lg border p-3 text-sm" data-testid="webhook-test-result">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={result.success ? 'secondary' : 'destructive'}>{result.success ? 'Success' : 'Failed'}</Badge>
              <span className="font-mono text-xs">
                HTTP {result.status} {result.statusText}
              </span>
              <span className="font-mono text-xs text-muted-foreground">{result.eventId}</span>
            </div>
            {result.processed && (
              <p className="text-muted-foreground">
                Recorded as {result.processed.eventType}
                {result.processed.error ? `, error: ${result.processed.error}` : ', processed'}
                {result.processed.processingTimeMs !== null && ` in ${result.processed.processingTimeMs} ms`}
                {outcomeOf(result.processed.data) ? `: ${outcomeOf(result.processed.data)}` : ''}.
              </p>
            )}
            <pre className="max-h-48 overflow-auto rounded bg-muted p-2 text-xs">{JSON.stringify(result.response, null, 2)}</pre>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
