import type { MembershipEvent } from '@parley/shared/contracts/organizations';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organizationMembershipEvents, profiles, type MembershipEventAction } from '../../db/schema/index';

/** A transaction or the database: the event is written in the same transaction as the change. */
type Executor = Pick<Db, 'insert'>;

const EVENTS_SHOWN = 50;

export async function recordMembershipEvent(
  db: Executor,
  input: { organizationId: string; actorId: string | null; action: MembershipEventAction; subject?: string; details?: Record<string, string> },
): Promise<void> {
  await db.insert(organizationMembershipEvents).values({
    organizationId: input.organizationId,
    actorId: input.actorId,
    action: input.action,
    subject: input.subject ?? '',
    details: input.details ?? {},
  });
}

/** The organization's latest membership changes, newest first (the last 50). */
export async function listMembershipEvents(db: Db, organizationId: string): Promise<MembershipEvent[]> {
  const rows = await db
    .select({ event: organizationMembershipEvents, actorName: profiles.fullName, actorEmail: profiles.email })
    .from(organizationMembershipEvents)
    .leftJoin(profiles, eq(profiles.id, organizationMembershipEvents.actorId))
    .where(eq(organizationMembershipEvents.organizationId, organizationId))
    .orderBy(desc(organizationMembershipEvents.createdAt))
    .limit(EVENTS_SHOWN);
  return rows.map(({ event, actorName, actorEmail }) => ({
    id: event.id,
    action: event.action,
    actorName: actorName || actorEmail || null,
    subject: event.subject,
    details: event.details,
    createdAt: event.createdAt.toISOString(),
  }));
}
