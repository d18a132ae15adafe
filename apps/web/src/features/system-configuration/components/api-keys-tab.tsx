import { AlertTriangleIcon, InfoIcon, KeyRoundIcon } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { useSystemApiKeys } from '../api/get-system-api-keys';
import { SERVICE_LABELS, SYSTEM_KEYS_TEXT } from '../utils/messages';
import { AddSystemKeyForm } from './add-system-key-form';
import { SystemKeyCard } from './system-key-card';

/** API Keys Management (system keys): the embedding-provider warning, the Add Key form and the stored keys. */
export function ApiKeysTab() {
  const keys = useSystemApiKeys();

  return (
    <div className="grid gap-6">
      {keys.data && !keys.data.embeddingProvider.configured && (
        <Alert variant="destructive">
          <AlertTriangleIcon />
          <AlertTitle>{SYSTEM_KEYS_TEXT.noEmbeddingKey}</AlertTitle>
          <AlertDescription>{SYSTEM_KEYS_TEXT.noEmbeddingKeyDetail}</AlertDescription>
        </Alert>
      )}
      {keys.data?.embeddingProvider.dailyLimitReached && (
        <Alert variant="destructive">
          <AlertTriangleIcon />
          <AlertTitle>{SYSTEM_KEYS_TEXT.embeddingKeysAtLimit}</AlertTitle>
          <AlertDescription>{SYSTEM_KEYS_TEXT.embeddingKeysAtLimitDetail}</AlertDescription>
        </Alert>
      )}
      {keys.data?.embeddingProvider.source === 'openai_compatible' && (
        <Alert>
          <InfoIcon />
          <AlertTitle>New chatbots embed with the OpenAI-compatible server</AlertTitle>
          <AlertDescription>
            The server names an embedding model (OPENAI_COMPATIBLE_EMBEDDING_MODEL), so no OpenAI key is needed for embeddings. OpenAI keys added here are still
            used by chatbots that embed or answer with OpenAI.
          </AlertDescription>
        </Alert>
      )}
      {keys.data?.embeddingProvider.source === 'environment' && (
        <Alert>
          <InfoIcon />
          <AlertTitle>OpenAI is configured in the server environment</AlertTitle>
          <AlertDescription>The OPENAI_API_KEY of the server is used. Keys added here are used before it.</AlertDescription>
        </Alert>
      )}
      <AddSystemKeyForm />
      <section aria-labelledby="stored-keys-title" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="stored-keys-title" className="text-base font-semibold">
            Stored keys
          </h2>
          {keys.data && keys.data.environmentServices.length > 0 && (
            <p className="text-xs text-muted-foreground">
              Also from the environment: {keys.data.environmentServices.map((service) => SERVICE_LABELS[service]).join(', ')}
            </p>
          )}
        </div>
        {keys.isPending ? (
          <LoadingRows label="Loading keys" rows={2} className="h-28 w-full" containerClassName="gap-3" />
        ) : keys.isError ? (
          <LoadErrorAlert query={keys} title={SYSTEM_KEYS_TEXT.loadFailed} />
        ) : keys.data.items.length === 0 ? (
          <EmptyState
            icon={KeyRoundIcon}
            title="No system keys yet"
            description="Keys added above appear here with their usage today. System keys are unlimited; free keys stop at their daily limit."
          />
        ) : (
          <ul className="grid gap-3">
            {keys.data.items.map((systemKey) => (
              <li key={systemKey.id}>
                <SystemKeyCard systemKey={systemKey} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
