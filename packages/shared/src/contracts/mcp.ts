import { z } from 'zod';

/**
 * Every live chatbot is an MCP server at /mcp/chatbots/:id (Streamable HTTP, authenticated with an organization's API
 * key; docs/mcp.md). The id is checked with the key, as the OpenAI-compatible API checks `model`: an id that is not a
 * UUID is a chatbot that does not exist for this key (404), not a 400 given before the key is looked at.
 */
export const mcpChatbotParamsSchema = z.object({ id: z.string().max(200) });

export const MCP_TOOLS = { searchKnowledge: 'search_knowledge', ask: 'ask' } as const;

export const MCP_QUESTION_MAX = 4000;
export const MCP_QUERY_MAX = 1000;

/**
 * search_knowledge's arguments, as the raw zod shape the MCP SDK takes. `limit` is at most the chatbot's number of
 * passages per answer (its retrievalTopK), so the shape is made per chatbot.
 */
export const searchKnowledgeInputShape = (maxLimit: number) => ({
  query: z
    .string({ error: 'query must be a text' })
    .trim()
    .min(1, 'query must not be empty')
    .max(MCP_QUERY_MAX, `query must be at most ${MCP_QUERY_MAX} characters`)
    .describe('What to look for in the chatbot’s documents: a question or a few keywords.'),
  limit: z
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(maxLimit, `limit must be at most ${maxLimit} (this chatbot’s number of passages per answer)`)
    .optional()
    .describe(`How many passages to return, 1 to ${maxLimit} (default ${maxLimit}).`),
});

/** ask's arguments, as the raw zod shape the MCP SDK takes. */
export const askInputShape = {
  question: z
    .string({ error: 'question must be a text' })
    .trim()
    .min(1, 'question must not be empty')
    .max(MCP_QUESTION_MAX, `question must be at most ${MCP_QUESTION_MAX} characters`)
    .describe('The question to answer from the chatbot’s documents, in the user’s words.'),
};

export type SearchKnowledgeInput = z.infer<z.ZodObject<ReturnType<typeof searchKnowledgeInputShape>>>;
export type AskInput = z.infer<z.ZodObject<typeof askInputShape>>;
