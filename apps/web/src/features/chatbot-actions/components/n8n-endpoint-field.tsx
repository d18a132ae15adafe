import { Field, FieldDescription, FieldError } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { useN8nActionEndpoints } from '../api/get-n8n-action-endpoints';

interface N8nEndpointFieldProps {
  id: string;
  chatbotId: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}

/** The installation's active n8n webhook endpoints, by name and workflow. */
export function N8nEndpointField({ id, chatbotId, value, onChange, error }: N8nEndpointFieldProps) {
  const endpoints = useN8nActionEndpoints(chatbotId, { isEnabled: true });
  const hintId = `${id}-hint`;
  const items = endpoints.data?.items ?? [];
  return (
    <Field>
      <Label htmlFor={id}>n8n workflow endpoint</Label>
      {endpoints.isPending ? (
        <Skeleton className="h-9 w-full" />
      ) : endpoints.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The n8n endpoints could not be loaded: {getErrorMessage(endpoints.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No n8n workflow endpoint is published on this installation yet. The operator adds them under n8n integration.
        </p>
      ) : (
        <Select value={value} onValueChange={onChange}>
          <SelectTrigger id={id} className="w-full" aria-invalid={error ? true : undefined} aria-describedby={hintId}>
            <SelectValue placeholder="Choose an endpoint" />
          </SelectTrigger>
          <SelectContent>
            {items.map((endpoint) => (
              <SelectItem key={endpoint.id} value={endpoint.id}>
                {endpoint.name}
                {endpoint.workflowName ? ` · ${endpoint.workflowName}` : ''}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
      {error ? (
        <FieldError id={hintId}>{error}</FieldError>
      ) : (
        !endpoints.isError &&
        items.length > 0 && (
          <FieldDescription id={hintId}>The workflow is started with the model’s arguments; its answer goes back to the model.</FieldDescription>
        )
      )}
    </Field>
  );
}
