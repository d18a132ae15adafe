import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import type { ReadCache } from '../db/read-cache';
import type { JobQueue } from '../jobs/queue';
import type { Realtime } from '../lib/realtime';
import type { ChatTurnEvents } from './chat-turns';
import type { TokenMeter } from './token-meter';

/**
 * The running server's services, for the functions of a feature that take them instead of the Fastify instance
 * (answering a chat turn, a handoff's messages). `appServices(app)` builds it.
 */
export interface AppServices {
  database: Database;
  db: Db;
  config: Config;
  realtime: Realtime;
  jobs: JobQueue | null;
  log?: FastifyBaseLogger;
  /** Meters messages by the admin's token conversion rules (services/token-meter.ts). */
  meter: TokenMeter;
  /** The rows every turn reads (the tier, who listens to webhooks), kept until a change on any node (db/read-cache.ts). */
  readCache?: ReadCache;
  /** The passages of questions asked before (rag/retrieval-cache.ts); read only through retrievePassagesCached. */
  retrievalCache?: ReadCache;
  /** Who follows chat turns: their rows join each turn's statement (services/chat-turns.ts). */
  chatTurns: ChatTurnEvents;
}

export function appServices(app: FastifyInstance): AppServices {
  return {
    database: app.database,
    db: app.db,
    config: app.config,
    realtime: app.realtime,
    jobs: app.jobs,
    log: app.log,
    meter: app.tokenMeter,
    readCache: app.readCache,
    retrievalCache: app.retrievalCache,
    chatTurns: app.chatTurns,
  };
}
