import { N8N_MESSAGES, type N8nWebhookEndpoint, type N8nWebhookTestResult } from '@parley/shared/contracts/n8n';
import { InfoIcon, PencilIcon, PlusIcon, SendIcon, Trash2Icon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { getErrorMessage } from '@/lib/api-error';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useN8nSettings } from '../api/get-n8n-settings';
import { useWebhookEndpoints } from '../api/get-webhook-endpoints';
import { useWorkflows } from '../api/get-workflows';
import { useTestWebhookEndpoint } from '../api/test-webhook-endpoint';
import { DeleteItemDialog } from './delete-item-dialog';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog';

/** Spec §2 Webhooks tab: endpoint name with path, method, Active/Inactive, request count, test and edit. */
/** n8n's answer to a successful test, as the toast shows it: its JSON, else its text; at most 200 characters. */
function answerShown(result: N8nWebhookTestResult): string {
  const text = result.response !== null ? JSON.stringify(result.response) : result.responseExcerpt.trim();
  if (!text) return '';
  return ` Answer: ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
}

export function WebhooksTab() {
  const endpoints = useWebhookEndpoints();
  const workflows = useWorkflows();
  const settings = useN8nSettings();
  const test = useTestWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [editing, setEditing] = useState<N8nWebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<N8nWebhookEndpoint | null>(null);
  const baseUrl = settings.data?.n8nWebhookBaseUrl ?? null;

  const runTest = (endpoint: N8nWebhookEndpoint) =>
    test.mutate(endpoint.id, {
      onSuccess: (result) => {
        if (result.success)
          toast.success(N8N_MESSAGES.testSucceeded, {
            description: `${result.url} answered HTTP ${result.status} in ${result.latencyMs} ms.${answerShown(result)}`,
          });
        else toast.error('Error', { description: N8N_MESSAGES.testFailed(result.message) });
      },
      onError: (error) => toast.error('Error', { description: N8N_MESSAGES.testFailed(getErrorMessage(error)) }),
    });

  const addButton = (
    <Button onClick={() => setEditing('new')}>
      <PlusIcon />
      Add endpoint
    </Button>
  );

  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle className="text-base">Webhook endpoints</CardTitle>
          <CardDescription className="break-words">
            {baseUrl ? (
              <>
                Paths under <span className="font-mono break-all">{baseUrl}</span>. A test sends the endpoint’s method with {'{test: true, timestamp}'} and
                Parley’s bearer secret.
              </>
            ) : (
              'Paths under the n8n webhook base URL of System Configuration.'
            )}
          </CardDescription>
        </div>
        {endpoints.data && endpoints.data.items.length > 0 && addButton}
      </CardHeader>
      <CardContent className="grid gap-4 px-0 sm:px-6">
        {settings.data && !baseUrl && (
          <Alert className="mx-6 w-auto sm:mx-0">
            <InfoIcon />
            <AlertTitle>Tests need the n8n webhook base URL</AlertTitle>
            <AlertDescription>{N8N_MESSAGES.noBaseUrl}</AlertDescription>
          </Alert>
        )}
        {endpoints.isPending ? (
          <LoadingRows label="Loading webhook endpoints" rows={3} className="h-14" containerClassName="px-6 sm:px-0" />
        ) : endpoints.isError ? (
          <div className="px-6 sm:px-0">
            <LoadErrorAlert query={endpoints} title="Failed to load webhook endpoints" />
          </div>
        ) : endpoints.data.items.length === 0 ? (
          <div className="px-6 sm:px-0">
            <EmptyState
              icon={WebhookIcon}
              title="No webhook endpoints yet"
              description="Add the Webhook nodes of your n8n workflows to test them from here."
              action={addButton}
            />
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Endpoint</TableHead>
                <TableHead className="hidden sm:table-cell">Method</TableHead>
                <TableHead className="hidden md:table-cell">Status</TableHead>
                <TableHead className="text-right">Requests</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {endpoints.data.items.map((endpoint) => {
                const isTesting = test.isPending && test.variables === endpoint.id;
                return (
                  <TableRow key={endpoint.id} data-testid="endpoint-row">
                    <TableCell className="max-w-72 min-w-32 whitespace-normal">
                      <div className="font-medium break-words">{endpoint.name}</div>
                      <div className="font-mono text-xs break-all text-muted-foreground">
                        <span className="sm:hidden">{endpoint.method} </span>
                        {endpoint.endpointPath}
                      </div>
                      {endpoint.workflowName && <div className="text-xs text-muted-foreground">Workflow: {endpoint.workflowName}</div>}
                      <div className="mt-1 md:hidden">
                        <Badge variant={endpoint.isActive ? 'default' : 'secondary'}>{endpoint.isActive ? 'Active' : 'Inactive'}</Badge>
                      </div>
                    </TableCell>
                    <TableCell className="hidden sm:table-cell">
                      <Badge variant="outline" className="font-mono">
                        {endpoint.method}
                      </Badge>
                    </TableCell>
                    <TableCell className="hidden md:table-cell">
                      <Badge variant={endpoint.isActive ? 'default' : 'secondary'}>{endpoint.isActive ? 'Active' : 'Inactive'}</Badge>
                    </TableCell>
                    <TableCell
                      className="text-right tabular-nums"
                      title={endpoint.lastRequest ? `Last: ${formatDateTime(endpoint.lastRequest)}` : 'No requests yet'}
                    >
                      {formatNumber(endpoint.requestCount)}
                    </TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        {endpoint.isActive ? (
                          <Button
                            variant="outline"
                            size="sm"
                            onClick={() => runTest(endpoint)}
                            disabled={isTesting || !baseUrl}
                            aria-label={`Test ${endpoint.name}`}
                          >
                            {isTesting ? <Spinner /> : <SendIcon />}
                            <span className="hidden lg:inline">Test</span>
                          </Button>
                        ) : (
                          // The server refuses to test an inactive endpoint too (409); the button says why beforehand.
                          <Tooltip>
                            <TooltipTrigger asChild>
                              <span tabIndex={0} className="inline-flex" data-testid="inactive-test">
                                <Button variant="outline" size="sm" disabled aria-label={`Test ${endpoint.name}`}>
                                  <SendIcon />
                                  <span className="hidden lg:inline">Test</span>
                                </Button>
                                <span className="sr-only">{N8N_MESSAGES.endpointInactive}</span>
                              </span>
                            </TooltipTrigger>
                            <TooltipContent>{N8N_MESSAGES.endpointInactive}</TooltipContent>
                          </Tooltip>
                        )}
                        <Button variant="ghost" size="sm" onClick={() => setEditing(endpoint)} aria-label={`Edit ${endpoint.name}`}>
                          <PencilIcon />
                          <span className="hidden lg:inline">Edit</span>
                        </Button>
                        <Button variant="ghost" size="sm" onClick={() => setDeleting(endpoint)} aria-label={`Delete ${endpoint.name}`}>
                          <Trash2Icon />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
      {editing && (
        <WebhookEndpointDialog
          key={editing === 'new' ? 'new' : editing.id}
          endpoint={editing === 'new' ? null : editing}
          workflows={workflows.data?.items ?? []}
          baseUrl={baseUrl}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteItemDialog
          kind="webhook endpoint"
          name={deleting.name}
          id={deleting.id}
          description="Parley forgets this endpoint and its request count. The Webhook node in n8n is not touched."
          mutation={remove}
          onClose={() => setDeleting(null)}
        />
      )}
    </Card>
  );
}
