import { z } from 'zod';
import { idSchema, pageQuerySchema, paginated } from './common';
import { messageActionCallSchema } from './chatbot-actions';

/** Human handoff: a visitor asks for a person; the organization's agents answer from the live inbox. */

export const HANDOFF_STATUSES = ['waiting', 'active', 'closed'] as const;
export type HandoffStatus = (typeof HANDOFF_STATUSES)[number];
export const HANDOFF_REASONS = ['visitor_request', 'phrase', 'no_answer'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];
export const HANDOFF_CLOSE_OUTCOMES = ['bot', 'ended'] as const;
export type HandoffCloseOutcome = (typeof HANDOFF_CLOSE_OUTCOMES)[number];

/** What visitors read in the widget at each step (the server sends them; the widget shows them as status lines). */
export const HANDOFF_TEXT = {
  waiting: "You asked for a person. We've let the team know, and someone will reply here as soon as they can.",
  alreadyWaiting: 'A person from the team will reply here as soon as they can.',
  joined: (name: string) => `${name} joined the conversation.`,
  backToBot: "You're chatting with the assistant again.",
  ended: 'This conversation has ended. Send a message to start a new one.',
  /** The organization used its plan's handoffs for this month. */
  unavailable: "Our team can't take live chats right now. The assistant will keep helping you here.",
  disabled: 'Live chat with a person is not available for this assistant.',
  offer: 'Talk to a person',
} as const;

/** Phrases that ask for a person; matched on the visitor's whole message (case and punctuation ignored). */
export const HANDOFF_PHRASES = [
  'talk to a human',
  'talk to a person',
  'talk to someone',
  'talk to an agent',
  'speak to a human',
  'speak to a person',
  'speak to someone',
  'speak to an agent',
  'speak with a human',
  'speak with a person',
  'talk with a human',
  'talk with a person',
  'human agent',
  'live agent',
  'real person',
  'customer service representative',
  'a human please',
  'connect me to a human',
  'connect me with a person',
] as const;

export const handoffMessageSchema = z.object({
  id: z.uuid(),
  role: z.enum(['user', 'assistant', 'agent', 'system']),
  content: z.string(),
  /** For agent messages: the first name of the person who wrote it. */
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type HandoffMessage = z.infer<typeof handoffMessageSchema>;

export const handoffSummarySchema = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  chatbotId: z.uuid(),
  chatbotName: z.string(),
  /** A short stable label for the anonymous visitor ("Visitor 3F9A"). */
  visitorLabel: z.string(),
  status: z.enum(HANDOFF_STATUSES),
  reason: z.enum(HANDOFF_REASONS),
  requestedAt: z.string(),
  acceptedAt: z.string().nullable(),
  acceptedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  closeOutcome: z.enum(HANDOFF_CLOSE_OUTCOMES).nullable(),
  unreadCount: z.number().int(),
  lastMessageAt: z.string(),
  lastMessagePreview: z.string(),
});
export type HandoffSummary = z.infer<typeof handoffSummarySchema>;

export const handoffListQuerySchema = pageQuerySchema.extend({
  /** open = waiting or active (oldest wait first); closed = newest first. */
  status: z.enum(['open', 'closed']).default('open'),
});
export const handoffListResponseSchema = paginated(handoffSummarySchema).extend({
  /** Across every open handoff of the organization (the nav badge). */
  unreadTotal: z.number().int(),
  /** This month's handoffs against the plan (limit -1 = unlimited). */
  usage: z.object({ used: z.number().int(), limit: z.number().int(), isLimitReached: z.boolean() }),
});
export type HandoffListResponse = z.infer<typeof handoffListResponseSchema>;

/** A visitor's contact details as the conversation keeps them: at least one of email and phone. */
export const visitorContactSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** When they were last given. */
  collectedAt: z.string(),
});
export type VisitorContact = z.infer<typeof visitorContactSchema>;

export const handoffDetailSchema = z.object({
  handoff: handoffSummarySchema,
  /** The whole conversation, oldest first: the bot's part before the handoff too. */
  messages: z.array(handoffMessageSchema),
  /** The actions the bot called while answering, oldest first, each with the answer it was made for (its messageId). */
  actionCalls: z.array(messageActionCallSchema).optional(),
  /**
   * The contact details the visitor gave the chatbot's contact action (docs/decisions/0049-built-in-actions.md), null
   * when none were given. For the organization's inbox only: nothing the visitor's widget reads carries them.
   */
  contact: visitorContactSchema.nullable().optional(),
});
export type HandoffDetail = z.infer<typeof handoffDetailSchema>;

export const AGENT_MESSAGE_MAX = 4000;
export const agentReplyBodySchema = z.object({
  content: z.string().trim().min(1, 'Write a reply first').max(AGENT_MESSAGE_MAX, `A reply can be at most ${AGENT_MESSAGE_MAX} characters`),
});
export const closeHandoffBodySchema = z.object({ outcome: z.enum(HANDOFF_CLOSE_OUTCOMES) });

/** Events on the inbox stream (GET /api/handoffs/events): something changed; refetch what is on screen. */
export type InboxEvent = { type: 'handoff'; handoffId: string; status: HandoffStatus } | { type: 'message'; handoffId: string; message: HandoffMessage };

/** Visitor side (public, by chatbot id + visitor id). */
export const visitorQuerySchema = z.object({
  visitorId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'visitorId must be 8–64 letters, digits, _ or -'),
});
export const visitorEventsQuerySchema = visitorQuerySchema.extend({
  /** Resume after a reconnect: messages created at or after this time are sent again (the widget drops ones it has). */
  since: z.iso.datetime({ offset: true }).optional(),
});
export const conversationParamsSchema = z.object({ id: idSchema, conversationId: idSchema });
export const requestHandoffBodySchema = visitorQuerySchema.extend({
  conversationId: idSchema.optional(),
  /** no_answer: the visitor took the bot's offer after it had no answer; visitor_request: the widget's button. */
  reason: z.enum(['visitor_request', 'no_answer']).default('visitor_request'),
});

export const visitorConversationStateSchema = z.object({
  conversationId: z.uuid(),
  /** bot: the assistant answers; waiting/active: a person is asked for / answering; ended: start a new conversation. */
  mode: z.enum(['bot', 'waiting', 'active', 'ended']),
  agentName: z.string().nullable(),
});
export type VisitorConversationState = z.infer<typeof visitorConversationStateSchema>;

/** Events on the visitor's stream (GET /api/public/chatbots/:id/conversations/:conversationId/events). */
export type VisitorEvent = { type: 'message'; message: HandoffMessage } | { type: 'state'; state: VisitorConversationState; text: string | null };

export const feedbackParamsSchema = z.object({ id: idSchema, messageId: idSchema });
export const feedbackBodySchema = visitorQuerySchema.extend({ rating: z.enum(['up', 'down']).nullable() });
