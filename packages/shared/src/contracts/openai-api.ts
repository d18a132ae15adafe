import { z } from 'zod';

/**
 * POST /v1/chat/completions (the OpenAI-compatible API): OpenAI's request shape, as loose as OpenAI's own (fields Parley
 * does not use are accepted and ignored); `model` is a chatbot id.
 */
const contentPart = z.object({ type: z.string(), text: z.string().optional() }).loose();
export const chatCompletionBodySchema = z
  .object({
    model: z.string({ error: 'model is required (the chatbot id)' }).min(1, 'model is required (the chatbot id)'),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
            content: z.union([z.string(), z.array(contentPart), z.null()]).optional(),
          })
          .loose(),
        { error: 'messages must be an array of chat messages' },
      )
      .min(1, 'messages must contain at least one message'),
    stream: z.boolean().optional(),
    stream_options: z.object({ include_usage: z.boolean().optional() }).loose().nullable().optional(),
  })
  .loose();
