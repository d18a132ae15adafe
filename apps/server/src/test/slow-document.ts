import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { chatbots } from '../db/schema/index';
import { creditTokens } from '../services/token-ledger';
import { chunkText } from '../rag/chunkers';

/**
 * A document whose processing lasts seconds, so that a process killed during it is killed inside the job: 2,000
 * sections of nearly the same words, each a chunk whose vector lies close to all the others, which the HNSW index
 * takes about 7 ms a chunk to insert on an idle machine (6,000 took 40 s, over a minute on a loaded one).
 */
export const SLOW_DOCUMENT = Array.from(
  { length: 2000 },
  (_, i) => `## Part ${i}\n\nThe valve model ${i} is inspected every ${(i % 30) + 1} days by the maintenance crew of hangar ${i % 17}.`,
).join('\n\n');

/** Uploads SLOW_DOCUMENT to a chatbot as a Markdown file, paid for; the answer, for the caller to check (201 with the source). */
export async function uploadSlowDocument(app: FastifyInstance, cookie: string, chatbotId: string) {
  // It costs about 270,000 tokens, more than a Free plan's month: the organization buys a package first, as a customer
  // would, so that processing is not refused for its cost (features/knowledge-sources/estimate.ts).
  const [chatbot] = await app.db.select({ organizationId: chatbots.organizationId }).from(chatbots).where(eq(chatbots.id, chatbotId));
  await creditTokens(app.db, { organizationId: chatbot!.organizationId, tokens: 1_000_000, reason: 'purchase', reference: `test:slow-document:${chatbotId}` });
  return app.inject({
    method: 'POST',
    url: `/api/chatbots/${chatbotId}/sources/file`,
    headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
    payload: `--x\r\nContent-Disposition: form-data; name="file"; filename="parts.md"\r\nContent-Type: text/markdown\r\n\r\n${SLOW_DOCUMENT}\r\n--x--\r\n`,
  });
}

/** How many chunks SLOW_DOCUMENT makes at the chatbot's chunking: what one clean run stores. */
export async function slowDocumentChunks(db: Db, chatbotId: string): Promise<number> {
  const [chatbot] = await db.select().from(chatbots).where(eq(chatbots.id, chatbotId));
  return chunkText(SLOW_DOCUMENT, { strategy: chatbot!.chunkingStrategy, chunkSize: chatbot!.chunkSize, chunkOverlap: chatbot!.chunkOverlap }).length;
}
