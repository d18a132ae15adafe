/**
 * Query keys more than one feature reads. The chatbot pickers (API key scope, analytics filter and schedules) and the
 * home page's chatbot count read GET /api/chatbots/names under their own keys below this root; the chatbots feature
 * refreshes the root when a chatbot is created, renamed or deleted, so no picker offers a deleted chatbot or misses a
 * new one (features import no other feature, so the root lives here).
 */
export const CHATBOT_NAMES_QUERY_ROOT = ['chatbot-names'] as const;

/**
 * Every query of a chatbot's training data (its pages of sources) starts with this; the chatbots feature refreshes it
 * when a re-embed queues every source again.
 */
export function chatbotSourcesQueryRoot(chatbotId: string) {
  return ['knowledge-sources', chatbotId] as const;
}
