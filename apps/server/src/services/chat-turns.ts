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
    /** The month's tokens when the turn checked the limit (before answering): the usage subscriber's guess of its path. */
    usedAtStart: number;
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

/** What one subscriber adds to a turn's statement. */
export interface ChatTurnWrite {
  /** Data-modifying statements joined into the turn's one statement as named CTEs (names unique across subscribers). */
  statements?: [string, SQLWrapper][];
  /** Values the statement returns, by column name, for `afterStatement` (a CTE's RETURNING read back). */
  returns?: [string, SQL][];
  /**
   * Runs once the statement ran, with the returned row, in a transaction that holds the statement: what it writes
   * commits with the turn or not at all.
   */
  afterStatement?(tx: Db, returned: Record<string, unknown>): Promise<void>;
  /**
   * When `afterStatement` has work only if this condition holds (SQL over the statement's CTEs, such as the month's
   * tokens the usage subscriber locked): the turn is first written as its one statement alone, without a transaction,
   * and only when the condition holds is that statement undone and the turn written again in a transaction with
   * `afterStatement`.
   */
  afterStatementOnlyIf?: SQL;
  /** Runs once the turn committed. */
  afterCommit?(): void;
}

export interface ChatTurnSubscriber {
  name: string;
  /**
   * What the subscriber writes for this turn (nothing: null). `db` builds the statements; a read made here is not in
   * the turn's transaction, so it must not depend on what the turn writes.
   */
  write(db: Db, turn: ChatTurn, context: ChatTurnContext): Promise<ChatTurnWrite | null> | ChatTurnWrite | null;
}

/** The error the turn's statement raises when a subscriber's condition holds (migration 0039): it is then written in a transaction. */
const NEEDS_TRANSACTION_CODE = 'PT001';

const needsTransaction = (error: unknown): boolean => {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 4; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    if ((cause as { code?: unknown }).code === NEEDS_TRANSACTION_CODE) return true;
  }
  return false;
};

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
   * Writes the turn: `own` (the chat service's rows, built with `db`) and every subscriber's statements as one
   * statement, one round trip, and what the subscribers do after it. The statement runs alone — atomic without a
   * transaction — unless a subscriber has work after it; then in a transaction with that work (decisions/0055-one-statement-turns.md).
   * Returns the after-commit work, for the caller to run.
   */
  async store(db: Db, turn: ChatTurn, own: [string, SQLWrapper][], context: ChatTurnContext): Promise<() => void> {
    const writes: ChatTurnWrite[] = [];
    for (const subscriber of this.#subscribers) {
      const write = await subscriber.write(db, turn, context);
      if (write) writes.push(write);
    }
    const statements = [...own, ...writes.flatMap((write) => write.statements ?? [])];
    const returns = writes.flatMap((write) => write.returns ?? []);
    const afterCommit = () => {
      for (const write of writes) write.afterCommit?.();
    };
    const followed = writes.filter((write) => write.afterStatement);
    if (followed.every((write) => write.afterStatementOnlyIf)) {
      const conditions = followed.map((write) => write.afterStatementOnlyIf!);
      const guard: [string, SQL][] =
        conditions.length > 0 ? [['needs_transaction', sql`CASE WHEN ${sql.join(conditions, sql` OR `)} THEN parley_turn_needs_transaction() END`]] : [];
      try {
        await db.execute(turnStatement(statements, [...returns, ...guard]));
        return afterCommit;
      } catch (error) {
        if (!needsTransaction(error)) throw error;
      }
    }
    await db.transaction(async (tx) => {
      const result = await tx.execute(turnStatement(statements, returns));
      const returned = rowsOf<Record<string, unknown>>(result)[0] ?? {};
      for (const write of followed) await write.afterStatement!(tx, returned);
    });
    return afterCommit;
  }
}

/** The turn's statements as the named CTEs of one statement that selects `returns`. */
function turnStatement(statements: [string, SQLWrapper][], returns: [string, SQL][]): SQL {
  return sql`WITH ${sql.join(
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
  }`;
}
