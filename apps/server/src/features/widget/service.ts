import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatbots } from '../../db/schema/index';

/** The little the demo page shows of a chatbot; null when there is none with this id. */
export async function findDemoChatbot(db: Db, id: string): Promise<{ id: string; name: string; status: 'draft' | 'live' } | null> {
  const [row] = await db.select({ id: chatbots.id, name: chatbots.name, status: chatbots.status }).from(chatbots).where(eq(chatbots.id, id));
  return row ?? null;
}
