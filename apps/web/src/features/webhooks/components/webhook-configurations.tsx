import { WEBHOOK_MESSAGES, type WebhookConfig } from '@parley/shared/contracts/webhooks';
import { PlusIcon, WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/layout/empty-state';
import { LoadErrorAlert } from '@/components/layout/load-error-alert';
import { LoadingRows } from '@/components/layout/loading-rows';
import { Button } from '@/components/ui/button';
import { useWebhookConfigs } from '../api/get-webhook-configs';
import type { WebhookScope } from '../api/webhook-scope';
import { DeliveryLogDialog } from './delivery-log-dialog';
import { WebhookCard } from './webhook-card';
import { WebhookFormDialog } from './webhook-form-dialog';
import { WebhookSecretDialog, type RevealedSecret } from './webhook-secret-dialog';

/** The form is open for a new webhook, or for one being edited. */
type Editing = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; webhook: WebhookConfig };

/**
 * Spec "Webhook Configurations": an Add Webhook button and form, and a card per configuration with edit, delete,
 * test and its delivery log. The customer dashboard and System Configuration → Webhook Management both show it.
 */
export function WebhookConfigurations({ scope, intro }: { scope: WebhookScope; intro?: string }) {
  const configs = useWebhookConfigs(scope);
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const [logOf, setLogOf] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);
  const items = configs.data?.items ?? [];
  const limits = configs.data?.limits;
  const isFull = limits !== undefined && items.length >= limits.maxConfigurations;

  const addButton = (
    <Button onClick={() => setEditing({ mode: 'create' })} disabled={configs.isPending || isFull} title={isFull ? WEBHOOK_MESSAGES.tooMany : undefined}>
      <PlusIcon />
      Add Webhook
    </Button>
  );

  let body;
  if (configs.isPending) body = <LoadingRows label="Loading webhooks" rows={2} className="h-56 rounded-xl" containerClassName="gap-4 lg:grid-cols-2" />;
  else if (configs.isError) body = <LoadErrorAlert query={configs} title={WEBHOOK_MESSAGES.fetchFailed} />;
  else if (items.length === 0)
    body = (
      <EmptyState
        icon={WebhookIcon}
        title="No webhooks yet"
        description="Add a webhook to have Parley tell another system when chatbots, documents, conversations or handoffs change. Every request is signed, retried when it fails, and logged."
        action={addButton}
      />
    );
  else
    body = (
      <div className="grid gap-4 lg:grid-cols-2">
        {items.map((webhook) => (
          <WebhookCard
            key={webhook.id}
            scope={scope}
            webhook={webhook}
            limits={configs.data.limits}
            onEdit={() => setEditing({ mode: 'edit', webhook })}
            onShowDeliveries={() => setLogOf(webhook.id)}
          />
        ))}
      </div>
    );

  return (
    <section className="grid gap-4" aria-label="Webhook configurations">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-sm text-muted-foreground">
          {intro ?? 'Outbound webhooks: signed HTTP requests to your endpoints when something happens.'}
          {limits && ` Up to ${limits.maxConfigurations} webhooks; at most ${limits.rateLimitPerMinute} deliveries a minute to each.`}
        </p>
        {items.length > 0 && addButton}
      </div>
      {body}
      <WebhookFormDialog
        scope={scope}
        editing={editing.mode === 'edit' ? editing.webhook : null}
        isOpen={editing.mode !== 'closed'}
        limits={limits}
        onClose={() => setEditing({ mode: 'closed' })}
        onSecret={(created, isRotation) => setRevealed({ webhookName: created.webhook.name, secret: created.secret, isRotation })}
      />
      <DeliveryLogDialog scope={scope} webhook={items.find((item) => item.id === logOf) ?? null} onClose={() => setLogOf(null)} />
      <WebhookSecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
    </section>
  );
}
