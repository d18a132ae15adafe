import type { AccountSession } from '@parley/shared/contracts/account';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { describeUserAgent } from './user-agent';

/** Sessions of one user are few (one per browser); the list is still bounded. */
export const SESSIONS_LIST_MAX = 100;

/** The user's live sessions, the one making the request first, then by last activity. */
export async function listAccountSessions(db: Db, userId: string, currentSessionId: string, now = new Date()): Promise<AccountSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`${sessions.id} = ${currentSessionId}`), desc(sessions.updatedAt))
    .limit(SESSIONS_LIST_MAX);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  }));
}

/** The token of one of the user's sessions (revoking goes through Better Auth, which works by token). */
export async function sessionToken(db: Db, userId: string, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: sessions.token })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
  return row?.token ?? null;
}

export async function countOtherSessions(db: Db, userId: string, currentSessionId: string): Promise<number> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.id} <> ${currentSessionId}`));
  return rows.length;
}

/** How often a session's "last active" time is written while it is used. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60_000;
const REMEMBERED_MAX = 10_000;

/**
 * Keeps sessions.updated_at within five minutes of the session's last authenticated request, for
 * "last active" in the sessions list. One UPDATE per session per five minutes at most: the process
 * remembers when it last wrote, and the SQL condition keeps several nodes from writing more often.
 * (Better Auth only renews a session once a day; it does not read updated_at.)
 */
export const sessionActivityPlugin = fp(
  async (app: FastifyInstance) => {
    const lastWritten = new Map<string, number>();
    app.addHook('onResponse', async (request: FastifyRequest) => {
      const session = request.identity?.session;
      if (!session) return;
      const now = Date.now();
      if (now - (lastWritten.get(session.id) ?? 0) < ACTIVITY_WRITE_INTERVAL_MS) return;
      if (lastWritten.size >= REMEMBERED_MAX) lastWritten.clear();
      lastWritten.set(session.id, now);
      try {
        await app.db
          .update(sessions)
          .set({ updatedAt: new Date(now) })
          .where(and(eq(sessions.id, session.id), lt(sessions.updatedAt, new Date(now - ACTIVITY_WRITE_INTERVAL_MS))));
      } catch (error) {
        request.log.warn({ err: error }, 'could not record session activity');
      }
    });
  },
  { name: 'session-activity', dependencies: ['database', 'access'] },
);
