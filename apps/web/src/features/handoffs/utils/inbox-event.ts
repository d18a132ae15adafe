import { HANDOFF_STATUSES, type InboxEvent } from '@parley/shared/contracts/handoffs';

/** The InboxEvent in one `data:` line of the stream, or null for anything else (a newer server's event, bad JSON). */
export function parseInboxEvent(data: string): InboxEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  if (typeof event.handoffId !== 'string') return null;
  if (event.type === 'handoff' && (HANDOFF_STATUSES as readonly unknown[]).includes(event.status)) return event as unknown as InboxEvent;
  if (event.type === 'message' && typeof event.message === 'object' && event.message !== null) return event as unknown as InboxEvent;
  return null;
}
