import { API_KEYS_ACTIVE_MAX, API_KEYS_ENDED_LISTED } from '@parley/shared/contracts/api-keys';
import { KeyRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Card } from '@/components/ui/card';
import { useApiKeys } from '../api/get-api-keys';
import { apiKeyStatus } from '../utils/api-key-display';
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

  const inUse = apiKeys.data.items.filter((key) => apiKeyStatus(key) === 'active').length;
  const ended = apiKeys.data.items.length - inUse;
  return (
    <div className="grid gap-2">
      <Card className="py-0">
        <ApiKeysTable apiKeys={apiKeys.data.items} />
      </Card>
      <p className="text-sm text-muted-foreground">
        {inUse} of {API_KEYS_ACTIVE_MAX} keys in use{inUse >= API_KEYS_ACTIVE_MAX ? ': revoke one you no longer use to create another' : ''}.
        {ended > 0 ? ` Revoked and expired keys: the ${API_KEYS_ENDED_LISTED} most recent are listed.` : ''}
      </p>
    </div>
  );
}
