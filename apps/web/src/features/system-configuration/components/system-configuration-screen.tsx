import { AlertTriangleIcon, RotateCwIcon, SaveIcon, ServerCogIcon, Undo2Icon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { PageHeader } from '@/components/layout/page-header';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, getErrorMessage } from '@/lib/api-error';
import { useSystemConfiguration } from '../api/get-system-configuration';
import { useUpdateSystemConfiguration } from '../api/update-system-configuration';
import { changedSettings, toDraft, validateDraft, type ConfigDraft } from '../utils/config-form';
import { SYSTEM_CONFIGURATION_TEXT as TEXT } from '../utils/messages';
import { ApiKeysTab } from './api-keys-tab';
import { DebugSettingsTab } from './debug-settings-tab';
import { DocumentProcessingTab } from './document-processing-tab';
import { IntegrationSettingsTab } from './integration-settings-tab';
import { WebhookManagementTab } from './webhook-management-tab';

const TABS = [
  { value: 'document-processing', label: 'Document Processing' },
  { value: 'webhooks', label: 'Webhook Management' },
  { value: 'integrations', label: 'Integration Settings' },
  { value: 'api-keys', label: 'API Keys' },
  { value: 'debug', label: 'Debug Settings' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/** The tab that holds a setting, to show the first field that needs fixing. */
const TAB_OF: Record<keyof ConfigDraft, TabValue> = {
  defaultEmbeddingModel: 'document-processing',
  defaultEmbeddingDimensions: 'document-processing',
  defaultChunkSize: 'document-processing',
  defaultChunkOverlap: 'document-processing',
  defaultChunkingStrategy: 'document-processing',
  maxDocumentSizeMb: 'document-processing',
  maxExpandedDocumentMb: 'document-processing',
  maxDocumentTextMb: 'document-processing',
  maxConcurrentProcessingJobs: 'document-processing',
  processingQueueTimeoutMinutes: 'document-processing',
  globalWebhookTimeoutSeconds: 'webhooks',
  globalWebhookRetryCount: 'webhooks',
  webhookRateLimitPerMinute: 'webhooks',
  processingMode: 'integrations',
  n8nWebhookBaseUrl: 'integrations',
  requireApiKeyEncryption: 'integrations',
};

function LoadingState() {
  return (
    <div className="flex min-h-64 items-center justify-center gap-3 text-sm text-muted-foreground" role="status">
      <Spinner className="size-6" />
      Loading system configuration…
    </div>
  );
}

/** Spec part 2 "System Configuration": five tabs, one Save Changes for the configuration, an "Unsaved changes" badge. */
export function SystemConfigurationScreen({
  signInPath,
  debugConsolePath,
  webhookList,
}: {
  signInPath: string;
  debugConsolePath: string;
  /** The Webhook Management tab's list of installation-wide webhooks (the webhooks feature, composed by the route). */
  webhookList?: ReactNode;
}) {
  const query = useSystemConfiguration();
  const update = useUpdateSystemConfiguration();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: TabValue = isTab(requestedTab) ? requestedTab : 'document-processing';
  const setTab = (value: string) =>
    setSearchParams(
      (params) => {
        if (value === 'document-processing') params.delete('tab');
        else params.set('tab', value);
        return params;
      },
      { replace: true },
    );

  // Only the fields the admin edited, over the saved configuration: when it is read again (another admin saved), their
  // values show under the edits instead of being sent back as this admin's.
  const [edits, setEdits] = useState<Partial<ConfigDraft>>({});
  const saved = query.data ? toDraft(query.data) : null;
  const draft = saved ? { ...saved, ...edits } : null;
  const changed = saved && draft ? changedSettings(saved, draft) : [];
  const isDirty = changed.length > 0;
  const errors = isDirty && draft ? validateDraft(draft) : {};

  // Leaving the page with unsaved changes asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const onChange = (patch: Partial<ConfigDraft>) => {
    setEdits((current) => ({ ...current, ...patch }));
  };

  const save = () => {
    if (!draft || !isDirty) return;
    const problems = Object.keys(errors) as (keyof ConfigDraft)[];
    if (problems.length > 0) {
      setTab(TAB_OF[problems[0]!]);
      toast.error(TEXT.updateFailed, { description: errors[problems[0]!] });
      return;
    }
    update.mutate(
      { ...draft, n8nWebhookBaseUrl: draft.n8nWebhookBaseUrl?.trim() || null, expectedUpdatedAt: query.data?.updatedAt },
      {
        onSuccess: () => {
          setEdits({});
          toast.success(TEXT.saved, {
            description:
              changed.length === 1
                ? '1 setting changed. Every server uses it within a second.'
                : `${changed.length} settings changed. Every server uses them within a second.`,
          });
        },
        onError: (error) => {
          // Saved by another admin meanwhile: show their values under this admin's edits, to review and save again.
          if (error instanceof ApiError && error.status === 409) void query.refetch();
          toast.error(TEXT.updateFailed, { description: getErrorMessage(error, TEXT.saveFailed) });
        },
      },
    );
  };

  const header = (
    <PageHeader
      title="System Configuration"
      description="Processing defaults for new chatbots, webhook delivery, integrations, the platform’s AI provider keys and debugging."
      actions={
        draft && (
          <div className="flex flex-wrap items-center gap-2">
            {isDirty && (
              <Badge variant="outline" className="border-orange-500/50 text-orange-700 dark:text-orange-300">
                {TEXT.unsavedChanges}
              </Badge>
            )}
            {isDirty && (
              <Button variant="ghost" onClick={() => setEdits({})} disabled={update.isPending}>
                <Undo2Icon />
                Discard
              </Button>
            )}
            <Button onClick={save} disabled={!isDirty || update.isPending}>
              {update.isPending ? <Spinner /> : <SaveIcon />}
              {TEXT.saveChanges}
            </Button>
          </div>
        )
      }
    />
  );

  let body;
  if (query.isPending) {
    body = <LoadingState />;
  } else if (query.isError && query.error instanceof ApiError && query.error.status === 401) {
    body = (
      <Alert variant="destructive">
        <AlertTriangleIcon />
        <AlertTitle>Session error</AlertTitle>
        <AlertDescription className="grid gap-3">
          <p>{TEXT.sessionError}</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
              {TEXT.refreshPage}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void navigate(signInPath)}>
              {TEXT.signInAgain}
            </Button>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              <RotateCwIcon />
              {TEXT.retry}
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  } else if (query.isError && query.error instanceof ApiError && query.error.status === 403) {
    // Spec part 2 §6: a denied read shows no configuration.
    body = <EmptyState icon={ServerCogIcon} title="No configuration" description={TEXT.noConfiguration} />;
  } else if (query.isError) {
    body = <LoadErrorAlert query={query} title="The system configuration could not be loaded" retryLabel={TEXT.retry} />;
  } else if (!draft) {
    body = <EmptyState icon={ServerCogIcon} title="No configuration" description={TEXT.noConfiguration} />;
  } else {
    const tabProps = { draft, errors, onChange };
    body = (
      <Tabs value={tab} onValueChange={setTab} className="gap-4">
        <TabsList className="h-auto w-full flex-wrap justify-start sm:w-fit">
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value} className="h-8 flex-none">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="document-processing">
          <DocumentProcessingTab {...tabProps} />
        </TabsContent>
        <TabsContent value="webhooks">
          <WebhookManagementTab {...tabProps} webhookList={webhookList} />
        </TabsContent>
        <TabsContent value="integrations">
          <IntegrationSettingsTab {...tabProps} />
        </TabsContent>
        <TabsContent value="api-keys">
          <ApiKeysTab />
        </TabsContent>
        <TabsContent value="debug">
          <DebugSettingsTab debugConsolePath={debugConsolePath} />
        </TabsContent>
      </Tabs>
    );
  }

  return (
    <div className="grid grid-cols-1 gap-6">
      {header}
      {body}
      {query.data && (
        <p className="text-xs text-muted-foreground">
          Last saved {new Date(query.data.updatedAt).toLocaleString()}
          {query.data.updatedBy ? ` by ${query.data.updatedBy}` : ''}.
        </p>
      )}
    </div>
  );
}
