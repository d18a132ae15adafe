import { ACTION_WEBHOOKS_MAX, type ActionWebhook } from '@parley/shared/contracts/ai-actions';
import { PlusIcon, SendIcon, WebhookIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useWebhookTester } from '../hooks/use-webhook-tester';
import { draftFromWebhook, errorsAfterEdit, newWebhookDraft, parseHeadersText, webhookFromDraft } from '../utils/webhook-draft';
import { useListDraft } from '../hooks/use-list-draft';
import { EditRemoveButtons, EmptyListNote } from './list-item-buttons';
import { WebhookForm } from './webhook-form';

interface WebhooksEditorProps {
  webhooks: ActionWebhook[];
  onChange: (webhooks: ActionWebhook[]) => void;
  /** Set when configuring a saved action: the test sends it as template_id. */
  templateId: string | undefined;
  /** Told whether a webhook form is open (its changes are not in the list until added). */
  onEditingChange: (isEditing: boolean) => void;
}

const DRAFT_KEY = 'draft';

/** Webhooks tab: the action's webhook definitions, added, edited, removed and tested; saved with the action. */
export function WebhooksEditor({ webhooks, onChange, templateId, onEditingChange }: WebhooksEditorProps) {
  const list = useListDraft({ items: webhooks, onChange, onEditingChange, fromDraft: webhookFromDraft, noun: 'Webhook' });
  const { draft, errors } = list;
  const tester = useWebhookTester(templateId);

  // The test goes to the endpoint as entered, with the headers and timeout entered (spec §2).
  const testDraft = () => {
    if (!draft) return;
    const headers = parseHeadersText(draft.headersText);
    if (!headers.ok) {
      list.setErrors({ ...errors, headers: headers.message });
      return;
    }
    const timeout = Number(draft.timeoutSeconds);
    tester.test(DRAFT_KEY, {
      endpointUrl: draft.endpointUrl.trim(),
      method: draft.method,
      headers: headers.headers as Record<string, string>,
      ...(draft.timeoutSeconds.trim() && Number.isFinite(timeout) ? { timeoutSeconds: timeout } : {}),
    });
  };

  const testSaved = (webhook: ActionWebhook) =>
    tester.test(webhook.id, { endpointUrl: webhook.endpointUrl, method: webhook.method, headers: webhook.headers, timeoutSeconds: webhook.timeoutSeconds });

  const canAdd = webhooks.length < ACTION_WEBHOOKS_MAX;

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Endpoints this action calls. Tests are sent by the Parley server to public internet addresses. Changes are saved with the action.
      </p>
      {webhooks.length === 0 && !draft && (
        <EmptyListNote icon={WebhookIcon} title="No webhooks yet" description="Add an endpoint to call when the action is triggered, completes or fails." />
      )}
      {webhooks.length > 0 && (
        <ul className="grid gap-2" aria-label="Webhooks">
          {webhooks.map((webhook) => (
            <li key={webhook.id} className="grid gap-2 rounded-lg border p-3">
              <div className="flex flex-wrap items-start gap-2">
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{webhook.name}</span>
                    <Badge variant="secondary">{webhook.method}</Badge>
                  </div>
                  <code className="font-mono text-xs break-all text-muted-foreground">{webhook.endpointUrl}</code>
                </div>
                <div className="flex shrink-0 items-center gap-1">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => testSaved(webhook)}
                    disabled={tester.isTesting}
                    aria-label={`Test webhook ${webhook.name}`}
                  >
                    {tester.testingKey === webhook.id ? <Spinner /> : <SendIcon />}
                    Test
                  </Button>
                  <EditRemoveButtons
                    label={`webhook ${webhook.name}`}
                    onEdit={() => list.startEditing(draftFromWebhook(webhook))}
                    onRemove={() => list.remove(webhook)}
                  />
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                <span>
                  Timeout {webhook.timeoutSeconds} s · {webhook.retryCount} {webhook.retryCount === 1 ? 'retry' : 'retries'}
                  {Object.keys(webhook.headers).length > 0 &&
                    ` · ${Object.keys(webhook.headers).length} ${Object.keys(webhook.headers).length === 1 ? 'header' : 'headers'}`}
                </span>
                {webhook.eventTriggers.map((trigger) => (
                  <Badge key={trigger} variant="outline" className="font-mono">
                    {trigger}
                  </Badge>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      {draft ? (
        <WebhookForm
          draft={draft}
          errors={errors}
          isNew={list.isNew}
          isTesting={tester.testingKey === DRAFT_KEY}
          onChange={(next) => {
            list.setErrors(errorsAfterEdit(errors, draft, next));
            list.setDraft(next);
          }}
          onSave={list.save}
          onCancel={() => list.setDraft(null)}
          onTest={testDraft}
        />
      ) : (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => list.startEditing(newWebhookDraft())} disabled={!canAdd}>
          <PlusIcon />
          Add webhook
        </Button>
      )}
      {!canAdd && !draft && <p className="text-xs text-muted-foreground">An action can have at most {ACTION_WEBHOOKS_MAX} webhooks.</p>}
    </div>
  );
}
