import type { Db } from '../db/client';
import { emitWebhookEvent } from '../features/webhooks/events';

/**
 * bot.created events for chatbots named `names`, one after another: their order shows in the delivered bodies.
 * Returns the event ids (null where no endpoint listens).
 */
export async function emitBotCreatedEvents(db: Db, organizationId: string, names: string[]): Promise<(string | null)[]> {
  const ids: (string | null)[] = [];
  for (const name of names) {
    const at = new Date().toISOString();
    const chatbot = {
      id: crypto.randomUUID(),
      name,
      description: '',
      status: 'draft',
      modelProvider: 'builtin',
      modelName: 'extractive',
      createdAt: at,
      updatedAt: at,
    } as const;
    ids.push(await emitWebhookEvent(db, { organizationId, type: 'bot.created', data: { organizationId, chatbot } }));
  }
  return ids;
}
