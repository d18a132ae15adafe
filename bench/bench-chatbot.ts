import type { Db } from '../apps/server/src/db/client';
import type { chatbots } from '../apps/server/src/db/schema/index';
import { insertChatbotRows } from '../apps/server/src/test/chatbot-rows';

/** An organization with one chatbot (the table's defaults unless `values` says otherwise), for a benchmark's data. */
export async function createBenchChatbot(db: Db, values: Partial<typeof chatbots.$inferInsert> = {}) {
  return insertChatbotRows(db, { organization: { name: 'bench' }, chatbot: { name: 'bench', ...values } });
}
