import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatbots } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** Rows of a raw `db.execute` (both drivers return `{ rows }`). */

/** A chatbot filter must name one of the organization's chatbots; anything else is "not found" (no existence leak). */
export async function chatbotNameInOrganization(db: Db, organizationId: string, chatbotId: string): Promise<string> {
  const [row] = await db
    .select({ name: chatbots.name })
    .from(chatbots)
    .where(and(eq(chatbots.id, chatbotId), eq(chatbots.organizationId, organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Chatbot not found.');
  return row.name;
}

const zonesKnownToDatabase = new Set<string>(['UTC']);

/**
 * The contract accepts the zones Node knows; the queries group with PostgreSQL's zone data.
 * Both follow the IANA database, but an old server could lack a new zone: that is a 400, not a 500.
 */
export async function assertDatabaseKnowsZone(db: Db, timeZone: string): Promise<void> {
  if (zonesKnownToDatabase.has(timeZone)) return;
  try {
    await db.execute(sql`SELECT now() AT TIME ZONE ${timeZone}`);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'tz: Unknown time zone');
  }
  zonesKnownToDatabase.add(timeZone);
}

/** ISO 8601 in UTC from a timestamptz column, as text (the drivers parse timestamps differently). */
export const isoUtc = (column: ReturnType<typeof sql>) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
