import { KeyRoundIcon, RotateCwIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeysTable } from './api-keys-table';

/** The organization's keys: loading, failure, none yet, or the table. */
export function ApiKeysList() {
  const apiKeys = useApiKeys();

  if (apiKeys.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading API keys">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-12 w-full" />
        ))}
      </div>
    );
  }

  if (apiKeys.isError) {
    return (
      <Alert variant="destructive">
        <AlertTitle>Could not load your API keys</AlertTitle>
        <AlertDescription className="flex flex-wrap items-center gap-3">
          {getErrorMessage(apiKeys.error)}
          <Button variant="outline" size="sm" onClick={() => void apiKeys.refetch()}>
            <RotateCwIcon />
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  if (apiKeys.data.items.length === 0) {
    return (
      <EmptyState
        icon={KeyRoundIcon}
        title="No API keys yet"
        description="Create a key to let your own software talk to your chatbots. It is shown once, when it is created; you can revoke it here at any time."
      />
    );
  }

  return (
    <Card className="py-0">
      <ApiKeysTable apiKeys={apiKeys.data.items} />
    </Card>
  );
}
