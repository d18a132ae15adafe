import { z } from 'zod';
import { idSchema } from './common';
import { chatbotSchema } from './chatbots';
import type { ActionOffer } from './chatbot-actions';

/** Chat. */
export const chatMessageBodySchema = z.object({
  message: z.string().trim().min(1, 'Message is required').max(4000, 'Message must be at most 4000 characters'),
  conversationId: idSchema.optional(),
  visitorId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId must be 8–64 letters, digits, _ or -')
    .optional(),
});
export type ChatMessageBody = z.infer<typeof chatMessageBodySchema>;

export const citationSchema = z.object({
  chunkId: z.uuid(),
  sourceId: z.uuid(),
  sourceName: z.string(),
  excerpt: z.string(),
  /**
   * The passage's place among those the answer was given (1 = the best), the number a model's answer cites it by
   * ("[3]") and the one the source lists show. Absent on answers stored before it was kept.
   */
  number: z.number().int().positive().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

/** Server-sent events of a chat answer: `meta`, then `delta`s, then `done` (or `error`). */
export type ChatStreamEvent =
  | { type: 'meta'; conversationId: string; messageId: string }
  | { type: 'delta'; text: string }
  /**
   * `tokens`: what the turn metered; `inputTokens` (the question) and `outputTokens` (the answer) split it, as the usage
   * ledger does. `limited`: the organization is over its monthly usage limit, so the bot said so instead of answering
   * (not a question the documents left unanswered).
   */
  | {
      type: 'done';
      answered: boolean;
      citations: Citation[];
      tokens: number;
      inputTokens?: number;
      outputTokens?: number;
      offerHandoff?: boolean;
      limited?: boolean;
    }
  /**
   * Without a model: the chatbot's actions the question matches, offered to the visitor as buttons (sent before `done`;
   * docs/decisions/0051-action-buttons.md).
   */
  | { type: 'actions'; offers: ActionOffer[] }
  /** The conversation is with (or waiting for) a person: the visitor's message went to them, not to the bot. */
  | { type: 'handoff'; mode: 'waiting' | 'active' | 'unavailable'; text: string }
  | { type: 'error'; message: string };

/** What the widget needs to draw itself (public). */
export const publicChatbotSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  welcomeMessage: z.string(),
  suggestedQuestions: z.array(z.string()),
  appearance: chatbotSchema.shape.appearance,
  handoffEnabled: z.boolean(),
});
export type PublicChatbot = z.infer<typeof publicChatbotSchema>;
