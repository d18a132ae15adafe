/** Every query of the n8n screen lives under this key: a change refreshes the lists, counts and figures that show it. */
export const N8N_QUERY_ROOT = ['admin', 'n8n'] as const;
