/** Every query of this screen lives under this key, so one invalidation refreshes list, counts and categories. */
export const AI_ACTIONS_QUERY_ROOT = ['admin', 'ai-actions'] as const;
