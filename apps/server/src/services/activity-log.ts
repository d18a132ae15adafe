import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { adminActivityLogs } from '../db/schema/index';
import { clientInfo } from '../lib/client-info';

/** A transaction or the database: activity is written in the same transaction as the change. */
type Executor = Pick<Db, 'insert'>;

export interface ActivityInput {
  action: string;
  resourceType: string;
  resourceId?: string | null;
  adminUserId: string | null;
  details?: Record<string, unknown>;
}

/** Where a change came from (the client's address and user agent), recorded with it. */
export interface RequestContext {
  ipAddress: string;
  userAgent: string | null;
}

/** Who did it and from where, taken from the request. */
export function activityContext(request: FastifyRequest): RequestContext {
  const { ipAddress, userAgent } = clientInfo(request);
  return { ipAddress, userAgent };
}

export async function logAdminActivity(db: Executor, input: ActivityInput, context: RequestContext): Promise<void> {
  await db.insert(adminActivityLogs).values({
    action: input.action,
    resourceType: input.resourceType,
    resourceId: input.resourceId ?? null,
    adminUserId: input.adminUserId,
    details: { ...(input.details ?? {}), user_agent: context.userAgent },
    userAgent: context.userAgent,
    ipAddress: context.ipAddress,
  });
}
