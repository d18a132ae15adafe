import type { PublicLanding } from '@parley/shared/contracts/landing';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatbots } from '../../db/schema/index';

/**
 * The landing page's data. The demo chatbot is the one named by PUBLIC_DEMO_CHATBOT_ID, shown only while it exists
 * and is live (a draft answers nobody, so its widget would show nothing); `null` otherwise.
 */
export async function getPublicLanding(db: Db, { demoChatbotId }: { demoChatbotId: string | undefined }): Promise<PublicLanding> {
  if (!demoChatbotId) return { demoChatbot: null };
  const [chatbot] = await db
    .select({ id: chatbots.id, name: chatbots.name })
    .from(chatbots)
    .where(and(eq(chatbots.id, demoChatbotId), eq(chatbots.status, 'live')));
  return { demoChatbot: chatbot ?? null };
}
