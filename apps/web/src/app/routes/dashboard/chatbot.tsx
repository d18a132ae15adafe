import { can } from '@parley/shared/access';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, BotIcon } from 'lucide-react';
import { useCallback } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CHATBOT_TABS, paths, type ChatbotTab } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { TestChatPanel } from '@/features/chat/components/test-chat-panel';
import { ChatbotActionsSection } from '@/features/chatbot-actions/components/actions-section';
import { useChatbot } from '@/features/chatbots/api/get-chatbot';
import { CHATBOTS_QUERY_ROOT } from '@/features/chatbots/api/get-chatbots';
import { ChatbotSettings } from '@/features/chatbots/components/chatbot-settings';
import { ChatbotStatusBadge } from '@/features/chatbots/components/chatbot-status-badge';
import { ChatbotSummary } from '@/features/chatbots/components/chatbot-summary';
import { EmbedPanel } from '@/features/chatbots/components/embed-panel';
import { describeChunking, describeEmbedding } from '@/features/chatbots/utils/chatbot-display';
import { EvaluationPanel } from '@/features/evaluations/components/evaluation-panel';
import { TrainingDataPanel } from '@/features/knowledge-sources/components/training-data-panel';
import { RetrievalTestPanel } from '@/features/retrieval-testing/components/retrieval-test-panel';
import { ApiError } from '@/lib/api-error';

const TAB_LABELS: Readonly<Record<ChatbotTab, string>> = {
  'training-data': 'Training data',
  'retrieval-testing': 'Retrieval testing',
  evaluation: 'Evaluation',
  'test-chat': 'Test chat',
  settings: 'Settings',
  embed: 'Embed',
};

/** Retrieval testing and evaluation are for the roles the shared table gives chatbots.evaluate (the server refuses others). */
const MANAGER_TABS: ReadonlySet<ChatbotTab> = new Set(['retrieval-testing', 'evaluation']);

function toTab(value: string | null, tabs: readonly ChatbotTab[]): ChatbotTab {
  return tabs.find((tab) => tab === value) ?? 'training-data';
}

function BackLink() {
  return (
    <Button variant="ghost" size="sm" className="-ml-2 text-muted-foreground" asChild>
      <Link to={paths.chatbots}>
        <ArrowLeftIcon />
        All chatbots
      </Link>
    </Button>
  );
}

/** One chatbot: its training data, a test chat, its settings and the embed snippet, each in a tab. */
export default function ChatbotRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { organization } = useAuth();
  const role = organization?.role;
  const isManager = can(role, 'chatbots.evaluate');
  const tabs = isManager ? CHATBOT_TABS : CHATBOT_TABS.filter((value) => !MANAGER_TABS.has(value));
  const tab = toTab(searchParams.get('tab'), tabs);
  const chatbotQuery = useChatbot(id);
  const { data: chatbot, isPending, error } = chatbotQuery;

  const showTab = useCallback((next: string) => setSearchParams({ tab: toTab(next, CHATBOT_TABS) }, { replace: true }), [setSearchParams]);
  // Source and chunk counts live on the chatbot (and on the list's cards).
  const refreshCounts = useCallback(() => void queryClient.invalidateQueries({ queryKey: CHATBOTS_QUERY_ROOT }), [queryClient]);

  if (isPending) {
    return (
      <div className="space-y-6" aria-busy="true" aria-label="Loading chatbot">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-20 rounded-xl" />
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }

  if (error) {
    const isMissing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="space-y-6">
        <title>Chatbot · Parley</title>
        <BackLink />
        {isMissing ? (
          <EmptyState
            icon={BotIcon}
            title="Chatbot not found"
            description="It may have been deleted, or it belongs to an organization you are not a member of."
            action={
              <Button asChild>
                <Link to={paths.chatbots}>See your chatbots</Link>
              </Button>
            }
          />
        ) : (
          <LoadErrorAlert title="Could not load the chatbot" query={chatbotQuery} retryLabel="Try again" />
        )}
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <title>{`${chatbot.name} · Parley`}</title>
      <div className="space-y-2">
        <BackLink />
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words">{chatbot.name}</h1>
          <ChatbotStatusBadge status={chatbot.status} />
        </div>
        {chatbot.description && <p className="text-sm text-muted-foreground">{chatbot.description}</p>}
      </div>
      <ChatbotSummary chatbot={chatbot} />
      <Tabs value={tab} onValueChange={showTab} className="gap-4">
        <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
          <TabsList>
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="px-3">
                {TAB_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="training-data">
          <TrainingDataPanel
            chatbotId={chatbot.id}
            canManage={can(role, 'sources.manage')}
            onSourcesChanged={refreshCounts}
            processingNote={`Embeddings: ${describeEmbedding(chatbot.embedding)}. Chunking: ${describeChunking(chatbot.chunking)}.`}
          />
        </TabsContent>
        {isManager && (
          <TabsContent value="retrieval-testing">
            <RetrievalTestPanel chatbotId={chatbot.id} defaultTopK={chatbot.retrievalTopK} hasTrainingData={chatbot.chunkCount > 0} />
          </TabsContent>
        )}
        {isManager && (
          <TabsContent value="evaluation">
            <EvaluationPanel chatbotId={chatbot.id} hasTrainingData={chatbot.chunkCount > 0} />
          </TabsContent>
        )}
        <TabsContent value="test-chat">
          <TestChatPanel
            chatbotId={chatbot.id}
            welcomeMessage={chatbot.welcomeMessage}
            suggestedQuestions={chatbot.suggestedQuestions}
            color={chatbot.appearance.color}
            hasTrainingData={chatbot.chunkCount > 0}
          />
        </TabsContent>
        <TabsContent value="settings">
          <ChatbotSettings
            chatbot={chatbot}
            canEdit={can(role, 'chatbots.edit')}
            canDelete={can(role, 'chatbots.delete')}
            onDeleted={() => navigate(paths.chatbots, { replace: true })}
            sections={
              <ChatbotActionsSection chatbotId={chatbot.id} canEdit={can(role, 'chatbots.edit')} answersWithModel={chatbot.modelProvider !== 'builtin'} />
            }
          />
        </TabsContent>
        <TabsContent value="embed">
          <EmbedPanel chatbot={chatbot} origin={window.location.origin} onEditOrigins={() => showTab('settings')} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
