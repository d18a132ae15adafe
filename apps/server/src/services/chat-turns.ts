import type { ChatbotActionKind } from '@parley/shared/contracts/chatbot-actions';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Citation } from '@parley/shared/contracts/chat';
import type { Db } from '../db/client';
import type { ReadCache } from '../db/read-cache';
import { rowsOf } from '../db/raw-sql';
import type { chatbots, MESSAGE_OUTCOMES } from '../db/schema/index';
import type { JobQueue } from '../jobs/queue';

/**
 * A chat turn, announced once, in the transaction that stores it: the chat service writes the conversation and the two
 * messages, and every feature that follows turns (usage, webhooks, the request log, analytics) subscribes to add its
 * own rows to the same statement. The chat service knows none of them; a feature that starts following turns
 * subscribes in its plugin (decisions/0042-chat-turn-event.md).
 */
export interface ChatTurn {
  chatbot: typeof chatbots.$inferSelect;
  channel: 'widget' | 'test' | 'api';
  visitorId: string;
  conversation: {
    id: string;
    /** The turn started the conversation. */
    isNew: boolean;
    /** The turn's statement writes the conversation's row (false when the question was stored before: a handoff). */
    createdNow: boolean;
  };
  question: {
    id: string;
    at: Date;
    content: string;
    tokens: number;
    /** Its key among the chatbot's top questions; null for a question that is not about the documents. */
    questionKey: string | null;
    /** Stored before the turn (a person was asked for, and the handoff is about a stored conversation). */
    storedBefore: boolean;
  };
  answer: {
    id: string;
    at: Date;
    content: string;
    outcome: (typeof MESSAGE_OUTCOMES)[number];
    tokens: number;
    latencyMs?: number;
    sources?: Citation[];
  };
  /** The chatbot's actions the model called while answering, in order (decisions/0047-chatbot-actions.md). */
  actionCalls?: ActionCallRecord[];
  /** What the answer cost as its model counted it: null provider for the built-in answerer. Only answered turns. */
  model?: { provider: string | null; model: string | null; inputTokens: number; outputTokens: number };
  /** The turn's tokens are metered against the month's allowance (an answer; not a limited, handoff or failed turn). */
  metering?: {
    limit: number;
    /** Written once: the overage row's reference. */
    reference: string;
    detail: string;
  };
}

/** One call of a chatbot's action during a turn, as recorded: arguments with secret-looking values masked. */
export interface ActionCallRecord {
  actionId: string | null;
  actionName: string;
  /** The action's kind and the host it called (webhook, mcp), as they were at the call. */
  actionKind: ChatbotActionKind;
  targetHost: string | null;
  arguments: unknown;
  resultExcerpt: string | null;
  error: string | null;
  httpStatus: number | null;
  durationMs: number;
  at: Date;
  /** What a built-in action asks of the turn once it is stored (decisions/0049-built-in-actions.md). */
  effects?: ActionEffects;
}

/**
 * A built-in action's effect on the conversation, applied with the turn rather than during the call: while the model
 * answers, the turn (and a new conversation's row) is not stored yet.
 */
export interface ActionEffects {
  /** A person is asked to join once the turn is stored, as when the visitor asks for one. */
  handoff?: true;
  /** The visitor's contact details, stored on the conversation in the turn's transaction. */
  contact?: { name: string | null; email: string | null; phone: string | null };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Who follows chat turns; each feature's plugin subscribes as it registers. */
    chatTurns: ChatTurnEvents;
  }
}

/** The services a subscriber may use while a turn is stored. */
export interface ChatTurnContext {
  jobs: JobQueue | null;
  readCache?: ReadCache;
  log?: FastifyBaseLogger;
}

/** What one subscriber adds to a turn's transaction. */
export interface ChatTurnWrite {
  /** Data-modifying statements joined into the turn's one statement as named CTEs (names unique across subscribers). */
  statements?: [string, SQLWrapper][];
  /** Values the statement returns, by column name, for `afterStatement` (a CTE's RETURNING read back). */
  returns?: [string, SQL][];
  /** Runs in the turn's transaction once the statement ran, with the returned row. */
  afterStatement?(tx: Db, returned: Record<string, unknown>): Promise<void>;
  /** Runs once the transaction committed. */
  afterCommit?(): void;
}

export interface ChatTurnSubscriber {
  name: string;
  /** What the subscriber writes for this turn (nothing: null). Reads here are inside the turn's transaction. */
  write(tx: Db, turn: ChatTurn, context: ChatTurnContext): Promise<ChatTurnWrite | null> | ChatTurnWrite | null;
}

/**
 * The subscribers of one app (`app.chatTurns`): each feature's plugin subscribes as it registers, and the statements
 * follow the order in which they subscribed — the app's feature list — so every turn takes its row locks in the same
 * order.
 */
export class ChatTurnEvents {
  readonly #subscribers: ChatTurnSubscriber[] = [];

  subscribe(subscriber: ChatTurnSubscriber): void {
    if (this.#subscribers.some((existing) => existing.name === subscriber.name)) throw new Error(`chat turn subscriber "${subscriber.name}" twice`);
    this.#subscribers.push(subscriber);
  }

  get subscribers(): readonly string[] {
    return this.#subscribers.map((subscriber) => subscriber.name);
  }

  /**
   * Writes the turn in the transaction `tx`: `own` (the chat service's rows) and every subscriber's statements as one
   * statement, one round trip, then what the subscribers do after it. Returns the after-commit work, for the caller to
   * run once the transaction committed.
   */
  async store(tx: Db, turn: ChatTurn, own: [string, SQLWrapper][], context: ChatTurnContext): Promise<() => void> {
    const writes: ChatTurnWrite[] = [];
    for (const subscriber of this.#subscribers) {
      const write = await subscriber.write(tx, turn, context);
      if (write) writes.push(write);
    }
    const statements = [...own, ...writes.flatMap((write) => write.statements ?? [])];
    const returns = writes.flatMap((write) => write.returns ?? []);
    const result = await tx.execute(
      sql`WITH ${sql.join(
        // Drizzle writes an embedded statement in parentheses, as a CTE's body must be.
        statements.map(([name, statement]) => sql`${sql.identifier(name)} AS ${statement}`),
        sql`, `,
      )} SELECT ${
        returns.length > 0
          ? sql.join(
              returns.map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
              sql`, `,
            )
          : sql`NULL`
      }`,
    );
    const returned = rowsOf<Record<string, unknown>>(result)[0] ?? {};
    for (const write of writes) await write.afterStatement?.(tx, returned);
    return () => {
      for (const write of writes) write.afterCommit?.();
    };
  }
}
