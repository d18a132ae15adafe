import { randomBytes } from 'node:crypto';
import type { Db } from '../apps/server/src/db/client';
import { chatbots, organizations } from '../apps/server/src/db/schema/index';

/** An organization with one chatbot (the table's defaults unless `values` says otherwise), for a benchmark's data. */
export async function createBenchChatbot(db: Db, values: Partial<typeof chatbots.$inferInsert> = {}) {
  const [org] = await db
    .insert(organizations)
    .values({ name: 'bench', slug: `bench-${randomBytes(4).toString('hex')}` })
    .returning();
  const [chatbot] = await db
    .insert(chatbots)
    .values({
      organizationId: org!.id,
      name: 'bench',
      systemPrompt: 'x',
      appearance: { color: '#000000', position: 'bottom-right', title: 'x', avatarUrl: null },
      ...values,
    })
    .returning();
  return { organizationId: org!.id, chatbot: chatbot! };
}
