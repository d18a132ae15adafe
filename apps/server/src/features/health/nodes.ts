import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { serverNodes } from '../../db/schema/index';

/** How often a node says it is alive. */
export const NODE_HEARTBEAT_MS = 15_000;
/** A node not seen for three heartbeats is counted as gone. */
export const NODE_GONE_MS = 3 * NODE_HEARTBEAT_MS;
/** Rows of nodes gone for this long are deleted (a node that died leaves its row behind). */
const NODE_FORGOTTEN_MS = 24 * 60 * 60 * 1000;

type Role = Config['role'];

/**
 * Writes this process's row in server_nodes now and every NODE_HEARTBEAT_MS, and deletes it on close
 * (PostgreSQL installations; the embedded database serves one process). Resolves once the first row is written,
 * so System Health counts the node from then on; a failed write is logged and tried again. Returns what stops it and
 * removes the node's row.
 */
export async function startNodeHeartbeat(app: FastifyInstance, intervalMs = NODE_HEARTBEAT_MS): Promise<() => Promise<void>> {
  const node = { id: randomUUID(), role: app.config.role, hostname: hostname(), pid: process.pid, startedAt: new Date() };
  const beat = async () => {
    try {
      await app.db
        .insert(serverNodes)
        .values(node)
        .onConflictDoUpdate({ target: serverNodes.id, set: { lastSeenAt: sql`now()` } });
      await app.db.delete(serverNodes).where(lt(serverNodes.lastSeenAt, sql`now() - ${`${NODE_FORGOTTEN_MS} milliseconds`}::interval`));
    } catch (error) {
      app.log.warn({ err: error }, 'node heartbeat failed');
    }
  };
  await beat();
  const timer = setInterval(() => void beat(), intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await app.db
      .delete(serverNodes)
      .where(eq(serverNodes.id, node.id))
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not remove this node from server_nodes'));
  };
}

export interface LiveNodes {
  /** Nodes seen within NODE_GONE_MS, by role. */
  byRole: Record<Role, number>;
  /** When a node running background work (worker or all) was last seen, live or gone; null if never. */
  lastBackgroundNodeSeenAt: Date | null;
}

/** The nodes seen lately and when one that runs background work was last seen: one query over the small table. */
export async function liveNodes(db: Db): Promise<LiveNodes> {
  const rows = await db
    .select({
      role: serverNodes.role,
      live: sql<number>`count(*) FILTER (WHERE ${serverNodes.lastSeenAt} > now() - ${`${NODE_GONE_MS} milliseconds`}::interval)::int`,
      lastSeenAt: sql<Date>`max(${serverNodes.lastSeenAt})`.mapWith(serverNodes.lastSeenAt),
    })
    .from(serverNodes)
    .groupBy(serverNodes.role);
  const byRole: Record<Role, number> = { all: 0, api: 0, worker: 0 };
  let lastBackgroundNodeSeenAt: Date | null = null;
  for (const row of rows) {
    if (!(row.role in byRole)) continue;
    byRole[row.role as Role] = Number(row.live);
    if (row.role !== 'api' && (!lastBackgroundNodeSeenAt || row.lastSeenAt > lastBackgroundNodeSeenAt)) lastBackgroundNodeSeenAt = row.lastSeenAt;
  }
  return { byRole, lastBackgroundNodeSeenAt };
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "2 api nodes and 1 worker node", in the order api, worker, both. */
export function describeNodes(byRole: Record<Role, number>): string {
  const parts = [
    byRole.api ? plural(byRole.api, 'api node', 'api nodes') : '',
    byRole.worker ? plural(byRole.worker, 'worker node', 'worker nodes') : '',
    byRole.all ? plural(byRole.all, 'node serving requests and running background work', 'nodes serving requests and running background work') : '',
  ].filter(Boolean);
  if (parts.length === 0) return 'No node seen';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
