import { KeyRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card } from '@/components/ui/card';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeysTable } from './api-keys-table';

/** The organization's keys: loading, failure, none yet, or the table. */
export function ApiKeysList() {
  const apiKeys = useApiKeys();

  if (apiKeys.isPending) {
    return <LoadingRows label="Loading API keys" rows={3} className="h-12 w-full" />;
  }

  if (apiKeys.isError) {
    return <LoadErrorAlert query={apiKeys} title="Could not load your API keys" retryLabel="Try again" />;
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
