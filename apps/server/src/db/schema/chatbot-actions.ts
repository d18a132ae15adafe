import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CHATBOT_ACTION_KINDS } from '@parley/shared/contracts/chatbot-actions';
import { aiActionTemplates } from './catalogue';
import { chatbots } from './chatbots';
import { conversations, messages } from './conversations';
import { n8nWebhookEndpoints } from './n8n';
import { organizations } from './organizations';

/**
 * An owner's actions on a chatbot (issue 41; decisions/0047-chatbot-actions.md): tools the answer model may call at
 * answer time. `name` is the tool name the model sees, `description` what it reads, `parameters` the JSON Schema its
 * arguments are checked against. The signing secret is sealed (lib/secrets.ts) and never leaves the server.
 */
export const chatbotActions = pgTable(
  'chatbot_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    /** The operator's catalogue template it was made from, if any. */
    templateId: uuid('template_id').references(() => aiActionTemplates.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    /**
     * webhook: a signed POST to `url`; mcp: the tool `mcp_tool` of the MCP server at `url` (Streamable HTTP); handoff,
     * contact: built in (a person takes over; the visitor's contact details are kept with the conversation); n8n: the
     * installation's n8n webhook endpoint `n8n_endpoint_id`.
     */
    kind: text('kind', { enum: CHATBOT_ACTION_KINDS }).notNull().default('webhook'),
    /** The webhook's or the MCP server's address (null for built-in kinds). */
    url: text('url'),
    /** The tool's name on the MCP server (kind mcp); `name` is what the answer model sees. */
    mcpTool: text('mcp_tool'),
    /** The bearer token sent to the MCP server (kind mcp), sealed like the signing secret. */
    authTokenEncrypted: text('auth_token_encrypted'),
    /** The n8n webhook endpoint called (kind n8n); deleting it leaves the action unable to run until changed. */
    n8nEndpointId: uuid('n8n_endpoint_id').references(() => n8nWebhookEndpoints.id, { onDelete: 'set null' }),
    /** Offered to the visitor as a button by the built-in answerer when a question matches the description. */
    offerAsButton: boolean('offer_as_button').notNull().default(false),
    /** The button's text (defaults to the name in words). */
    buttonLabel: text('button_label'),
    method: text('method', { enum: ['POST'] })
      .notNull()
      .default('POST'),
    /** Non-secret headers sent with every call. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    signingSecretEncrypted: text('signing_secret_encrypted'),
    parameters: jsonb('parameters').$type<Record<string, unknown>>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('chatbot_actions_chatbot_name_unique').on(t.chatbotId, t.name),
    index('chatbot_actions_organization_idx').on(t.organizationId),
    check('chatbot_actions_url_required', sql`${t.kind} not in ('webhook', 'mcp') or ${t.url} is not null`),
    check('chatbot_actions_mcp_tool_required', sql`${t.kind} <> 'mcp' or ${t.mcpTool} is not null`),
  ],
);

/** Every call of an action during a chat turn, written in the turn's statement (features/chatbot-actions/turn-calls.ts). */
export const messageActionCalls = pgTable(
  'message_action_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The bot's answer the call was made for. */
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    chatbotId: uuid('chatbot_id')
      .notNull()
      .references(() => chatbots.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id').references(() => chatbotActions.id, { onDelete: 'set null' }),
    actionName: text('action_name').notNull(),
    /** The action's kind and the host it called (webhook, mcp) when the call was made: an action changed later keeps its old calls' facts. */
    actionKind: text('action_kind', { enum: CHATBOT_ACTION_KINDS }),
    targetHost: text('target_host'),
    /** The model's arguments, with secret-looking values masked. */
    arguments: jsonb('arguments').$type<unknown>().notNull(),
    resultExcerpt: text('result_excerpt'),
    error: text('error'),
    httpStatus: integer('http_status'),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_action_calls_message_idx').on(t.messageId),
    index('message_action_calls_conversation_idx').on(t.conversationId, t.createdAt),
    // The delivery log and the analytics read calls by chatbot and time.
    index('message_action_calls_chatbot_idx').on(t.chatbotId, t.createdAt),
  ],
);
