import type { HandoffReason, HandoffSummary } from '@parley/shared/contracts/handoffs';

const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/** How long someone has waited, short enough for a badge: "<1 min", "4 min", "1 h 5 min", "2 d 3 h". */
export function formatWaitDuration(sinceIso: string, now: number = Date.now()): string {
  const since = new Date(sinceIso).getTime();
  if (Number.isNaN(since)) return '';
  // A clock slightly behind the server's would otherwise show a negative wait.
  const minutes = Math.floor(Math.max(0, now - since) / MINUTE_MS);
  if (minutes < 1) return '<1 min';
  if (minutes < HOUR_MINUTES) return `${minutes} min`;
  if (minutes < DAY_MINUTES) {
    const hours = Math.floor(minutes / HOUR_MINUTES);
    const rest = minutes % HOUR_MINUTES;
    return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  }
  const days = Math.floor(minutes / DAY_MINUTES);
  const hours = Math.floor((minutes % DAY_MINUTES) / HOUR_MINUTES);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

export type HandoffTone = 'waiting' | 'active' | 'closed';

export interface HandoffStatusLabel {
  tone: HandoffTone;
  /** The badge text: "Waiting 4 min", "Active · Dana", "Back to bot", "Ended". */
  label: string;
  /** A longer sentence for screen readers and tooltips. */
  description: string;
}

type StatusFields = Pick<HandoffSummary, 'status' | 'requestedAt' | 'acceptedByName' | 'closeOutcome'>;

export function handoffStatusLabel(handoff: StatusFields, now: number = Date.now()): HandoffStatusLabel {
  if (handoff.status === 'waiting') {
    const wait = formatWaitDuration(handoff.requestedAt, now);
    return { tone: 'waiting', label: `Waiting ${wait}`, description: `The visitor has waited ${wait} for a reply.` };
  }
  if (handoff.status === 'active') {
    const name = handoff.acceptedByName;
    return {
      tone: 'active',
      label: name ? `Active · ${name}` : 'Active',
      description: name ? `${name} is chatting with the visitor.` : 'A person is chatting with the visitor.',
    };
  }
  if (handoff.closeOutcome === 'bot') {
    return { tone: 'closed', label: 'Back to bot', description: 'Closed: the visitor was handed back to the assistant.' };
  }
  return { tone: 'closed', label: 'Ended', description: 'Closed: the conversation was ended.' };
}

export const HANDOFF_REASON_LABELS: Readonly<Record<HandoffReason, string>> = {
  visitor_request: 'Asked with the widget’s button',
  phrase: 'Asked for a person in a message',
  no_answer: 'The assistant had no answer',
};

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const narrowRelative = new Intl.RelativeTimeFormat('en', { style: 'narrow', numeric: 'auto' });
const shortDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** The time on a list row: "now", "4m ago", "3h ago", "yesterday", then the date once it is a week old. */
export function formatListTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return '';
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) < 60) return 'now';
  if (Math.abs(seconds) >= 7 * 24 * 3600) return shortDate.format(time);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return narrowRelative.format(Math.trunc(seconds / size), unit);
  }
  return 'now';
}

/** The unread count as a badge shows it, capped so it fits; nothing when there is none. */
export function unreadBadgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
