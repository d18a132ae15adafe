import type { ActionCatalogue, ChatbotAction, ChatbotActionKind, TestChatbotActionResult } from '@parley/shared/contracts/chatbot-actions';
import { BookOpenIcon, ChevronDownIcon, ContactIcon, HeadsetIcon, PlugIcon, PlusIcon, ServerIcon, WebhookIcon, WorkflowIcon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useChatbotActions } from '../api/get-chatbot-actions';
import { useUpdateChatbotAction } from '../api/update-chatbot-action';
import { actionCountText, callsPerAnswerText, isAtActionLimit } from '../utils/action-display';
import { fromCatalogue, newActionValues, toFormValues } from '../utils/action-form';
import { ActionFormDialog, type ActionDraft } from './action-form-dialog';
import { ActionList } from './action-list';
import { CatalogueDialog } from './catalogue-dialog';
import { DeleteActionDialog } from './delete-action-dialog';
import { McpToolsDialog, type McpTemplate } from './mcp-tools-dialog';
import { TestActionDialog } from './test-action-dialog';

interface ChatbotActionsSectionProps {
  chatbotId: string;
  /** The viewer may change the chatbot (chatbots.edit); else the list is shown read only. */
  canEdit: boolean;
  /** The chatbot answers with a model provider (tool calling); the built-in answerer only offers actions as buttons. */
  answersWithModel: boolean;
}

type OpenDialog =
  | { type: 'form'; draft: ActionDraft }
  | { type: 'catalogue' }
  | { type: 'mcp'; template?: McpTemplate }
  | { type: 'test'; action: ChatbotAction }
  | { type: 'delete'; action: ChatbotAction }
  | null;

/** The built-in kinds, offered under their own heading. */
const BUILT_IN_KINDS: { kind: Extract<ChatbotActionKind, 'handoff' | 'contact' | 'n8n'>; label: string; icon: typeof WebhookIcon }[] = [
  { kind: 'handoff', label: 'Hand off to a person', icon: HeadsetIcon },
  { kind: 'contact', label: 'Collect contact details', icon: ContactIcon },
  { kind: 'n8n', label: 'n8n workflow', icon: WorkflowIcon },
];

/**
 * The builder's Actions: what the chatbot may do while it answers (decisions/0052-actions-builder.md). Added from the
 * operator's catalogue, as a custom webhook, from an MCP server, or built in; each can be switched off, tested from the
 * server, changed or deleted. Saved one by one, apart from the settings form's Save.
 */
export function ChatbotActionsSection({ chatbotId, canEdit, answersWithModel }: ChatbotActionsSectionProps) {
  const actions = useChatbotActions(chatbotId);
  const update = useUpdateChatbotAction(chatbotId);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [lastTests, setLastTests] = useState<Readonly<Record<string, TestChatbotActionResult>>>({});
  const [pendingIds, setPendingIds] = useState<ReadonlySet<string>>(new Set());
  const close = () => setDialog(null);

  const toggle = (action: ChatbotAction, enabled: boolean) => {
    setPendingIds((ids) => new Set(ids).add(action.id));
    update.mutate(
      { actionId: action.id, body: { enabled } },
      {
        onSuccess: () => toast.success(enabled ? `${action.name} is offered to the model again.` : `${action.name} is switched off.`),
        onError: (error) => toast.error(`Could not change ${action.name}: ${getErrorMessage(error)}`),
        onSettled: () =>
          setPendingIds((ids) => {
            const next = new Set(ids);
            next.delete(action.id);
            return next;
          }),
      },
    );
  };

  const items = actions.data?.items ?? [];
  const limits = actions.data?.limits;
  const isFull = limits ? isAtActionLimit(items.length, limits) : false;
  const pickTemplate = (item: ActionCatalogue['items'][number]) => {
    const { suggested } = item;
    // A template that points to an MCP server opens the tool picker on its server (decisions/0048-mcp-action-sources.md).
    if (suggested.kind === 'mcp' && suggested.url) {
      setDialog({ type: 'mcp', template: { templateId: item.templateId, name: item.name, url: suggested.url, tools: suggested.mcpTools } });
    } else {
      setDialog({ type: 'form', draft: { mode: 'create', values: fromCatalogue(item), templateName: item.name } });
    }
  };

  return (
    <Card aria-labelledby="chatbot-actions-title" role="region" className="gap-5">
      <CardHeader>
        <CardTitle id="chatbot-actions-title" className="flex items-center gap-2 text-base">
          <ZapIcon className="size-4" aria-hidden="true" />
          Actions
        </CardTitle>
        <CardDescription className="grid gap-1.5">
          <span>What the chatbot may do while it answers: call your systems, hand the conversation to a person, keep the visitor’s contact details.</span>
          {limits && <span data-testid="chatbot-action-limits">{`${actionCountText(items.length, limits)} · ${callsPerAnswerText(limits)}`}</span>}
        </CardDescription>
        {canEdit && (
          <CardAction>
            <DropdownMenu>
              <DropdownMenuTrigger asChild>
                <Button type="button" disabled={!actions.data || isFull}>
                  <PlusIcon />
                  Add action
                  <ChevronDownIcon />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" className="w-60">
                <DropdownMenuItem onSelect={() => setDialog({ type: 'catalogue' })}>
                  <BookOpenIcon />
                  From the catalogue
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setDialog({ type: 'form', draft: { mode: 'create', values: newActionValues('webhook') } })}>
                  <WebhookIcon />
                  Custom webhook
                </DropdownMenuItem>
                <DropdownMenuItem onSelect={() => setDialog({ type: 'mcp' })}>
                  <ServerIcon />
                  MCP server tool
                </DropdownMenuItem>
                <DropdownMenuSeparator />
                <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Built in</DropdownMenuLabel>
                {BUILT_IN_KINDS.map(({ kind, label, icon: Icon }) => {
                  // A chatbot has at most one handoff and one contact action (the server refuses a second).
                  const isTaken = kind !== 'n8n' && items.some((action) => action.kind === kind);
                  return (
                    <DropdownMenuItem
                      key={kind}
                      disabled={isTaken}
                      onSelect={() => setDialog({ type: 'form', draft: { mode: 'create', values: newActionValues(kind) } })}
                    >
                      <Icon />
                      {label}
                      {isTaken && <span className="ml-auto text-xs text-muted-foreground">added</span>}
                    </DropdownMenuItem>
                  );
                })}
              </DropdownMenuContent>
            </DropdownMenu>
          </CardAction>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {!answersWithModel && (
          <Alert>
            <PlugIcon />
            <AlertDescription>
              This chatbot answers with the built-in answerer, which calls no actions by itself: only actions offered as a button are used (the visitor confirms
              them). Choose a model provider under Behavior for the model to call them.
            </AlertDescription>
          </Alert>
        )}
        {isFull && canEdit && limits && (
          <p className="text-sm text-muted-foreground">
            Your plan allows {limits.maxActionsPerChatbot} action{limits.maxActionsPerChatbot === 1 ? '' : 's'} on a chatbot. Delete one or upgrade your plan to
            add another.
          </p>
        )}
        {actions.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Loading actions">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : actions.isError ? (
          <LoadErrorAlert title="The actions could not be loaded" query={actions} />
        ) : items.length === 0 ? (
          <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">
            No actions yet.{canEdit ? ' Add one from the catalogue, a webhook of your own, an MCP server’s tools or a built-in action.' : ''}
          </p>
        ) : (
          <ActionList
            actions={items}
            lastTests={lastTests}
            canEdit={canEdit}
            pendingIds={pendingIds}
            onToggle={toggle}
            onEdit={(action) => setDialog({ type: 'form', draft: { mode: 'edit', action, values: toFormValues(action) } })}
            onTest={(action) => setDialog({ type: 'test', action })}
            onDelete={(action) => setDialog({ type: 'delete', action })}
          />
        )}
      </CardContent>
      {dialog?.type === 'form' && <ActionFormDialog chatbotId={chatbotId} draft={dialog.draft} onClose={close} />}
      {dialog?.type === 'catalogue' && <CatalogueDialog chatbotId={chatbotId} onClose={close} onPick={pickTemplate} />}
      {dialog?.type === 'mcp' && (
        <McpToolsDialog chatbotId={chatbotId} template={dialog.template} takenNames={new Set(items.map((action) => action.name))} onClose={close} />
      )}
      {dialog?.type === 'test' && (
        <TestActionDialog
          chatbotId={chatbotId}
          action={dialog.action}
          onClose={close}
          onResult={(actionId, result) => setLastTests((tests) => ({ ...tests, [actionId]: result }))}
        />
      )}
      {dialog?.type === 'delete' && <DeleteActionDialog chatbotId={chatbotId} action={dialog.action} onClose={close} />}
    </Card>
  );
}
