import type { AnalyticsSummary } from '@parley/shared/contracts/analytics';

export type ChatbotRow = AnalyticsSummary['chatbots'][number];

export const CHATBOT_SORT_KEYS = ['name', 'conversations', 'answerRate', 'avgLatencyMs', 'tokens', 'satisfaction'] as const;
export type ChatbotSortKey = (typeof CHATBOT_SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';

/** Thumbs up of all ratings, 0–1; null without ratings. */
export function satisfactionOf(row: Pick<ChatbotRow, 'thumbsUp' | 'thumbsDown'>): number | null {
  const ratings = row.thumbsUp + row.thumbsDown;
  return ratings === 0 ? null : row.thumbsUp / ratings;
}

function valueOf(row: ChatbotRow, key: Exclude<ChatbotSortKey, 'name'>): number | null {
  return key === 'satisfaction' ? satisfactionOf(row) : row[key];
}

/**
 * The per-chatbot table in the order the viewer clicked. Chatbots without a figure (no questions, no ratings) go last
 * in both directions: they are not the best or the worst, they have no result yet. Ties keep the name order.
 */
export function sortChatbotRows(rows: readonly ChatbotRow[], key: ChatbotSortKey, direction: SortDirection): ChatbotRow[] {
  const factor = direction === 'asc' ? 1 : -1;
  const byName = (a: ChatbotRow, b: ChatbotRow) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    if (key === 'name') return factor * byName(a, b);
    const left = valueOf(a, key);
    const right = valueOf(b, key);
    if (left === null || right === null) return left === right ? byName(a, b) : left === null ? 1 : -1;
    return left === right ? byName(a, b) : factor * (left - right);
  });
}

/** The direction a first click on a header sorts in: names A→Z, figures highest first, response time fastest first. */
export function defaultDirection(key: ChatbotSortKey): SortDirection {
  return key === 'name' || key === 'avgLatencyMs' ? 'asc' : 'desc';
}
