import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client';
import { chatbots, organizations } from '../db/schema/index';

/**
 * An organization with one chatbot written straight to the tables, for tests and benchmarks that need the rows
 * and not the API: the tables' defaults, a unique slug, and whatever `organization` and `chatbot` say.
 */
export async function insertChatbotRows(
  db: Db,
  values: { organization?: Partial<typeof organizations.$inferInsert>; chatbot?: Partial<typeof chatbots.$inferInsert> } = {},
) {
  const [organization] = await db
    .insert(organizations)
    .values({ name: 'Test organization', slug: `org-${randomBytes(5).toString('hex')}`, ...values.organization })
    .returning();
  const [chatbot] = await db
    .insert(chatbots)
    .values({
      organizationId: organization!.id,
      name: 'Support',
      systemPrompt: 'Answer from the documents.',
      appearance: { color: '#2563eb', position: 'bottom-right', title: 'Support', avatarUrl: null },
      ...values.chatbot,
    })
    .returning();
  return { organizationId: organization!.id, chatbot: chatbot! };
}
