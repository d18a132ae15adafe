import type { HandoffMessage } from '@parley/shared/contracts/handoffs';

/** Messages of one sender written close together share one name and one time, as chat apps show them. */
export const GROUP_GAP_MS = 5 * 60_000;

export type SenderRole = Exclude<HandoffMessage['role'], 'system'>;

export type ConversationItem =
  | { kind: 'day'; key: string; label: string }
  | { kind: 'system'; key: string; message: HandoffMessage }
  | { kind: 'group'; key: string; role: SenderRole; authorName: string | null; messages: HandoffMessage[] };

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

function localDay(time: number): string {
  return new Date(time).toDateString();
}

/** "Today", "Yesterday", or "Mon, Nov 16" (in the viewer's time zone). */
export function dayLabel(time: number, now: number = Date.now()): string {
  const day = localDay(time);
  if (day === localDay(now)) return 'Today';
  const yesterday = new Date(now);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day === yesterday.toDateString()) return 'Yesterday';
  return dayFormat.format(time);
}

/**
 * Turns the conversation (oldest first) into what the transcript draws: a divider where the day changes, status
 * lines on their own, and runs of one sender's messages (the same agent, for agents) no more than GROUP_GAP_MS apart.
 */
export function toConversationItems(messages: readonly HandoffMessage[], now: number = Date.now()): ConversationItem[] {
  const items: ConversationItem[] = [];
  let day: string | null = null;
  let group: Extract<ConversationItem, { kind: 'group' }> | null = null;
  let lastTime = 0;

  for (const message of messages) {
    const time = new Date(message.createdAt).getTime();
    const messageDay: string | null = Number.isNaN(time) ? day : localDay(time);
    if (messageDay !== null && messageDay !== day) {
      day = messageDay;
      items.push({ kind: 'day', key: `day-${messageDay}`, label: dayLabel(time, now) });
      group = null;
    }
    if (message.role === 'system') {
      items.push({ kind: 'system', key: message.id, message });
      group = null;
      continue;
    }
    const authorName = message.role === 'agent' ? message.authorName : null;
    const isSameSender = group !== null && group.role === message.role && group.authorName === authorName;
    if (group && isSameSender && !(time - lastTime > GROUP_GAP_MS)) {
      group.messages.push(message);
    } else {
      group = { kind: 'group', key: message.id, role: message.role, authorName, messages: [message] };
      items.push(group);
    }
    lastTime = time;
  }
  return items;
}
