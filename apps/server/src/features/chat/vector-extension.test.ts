import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { rowsOf } from '../../db/raw-sql';
import { documentChunks, knowledgeSources } from '../../db/schema/index';
import { vectorLiteral } from '../../db/vector';
import type { Embedder } from '../../rag/embedders/types';
import { insertChatbotRows } from '../../test/chatbot-rows';
import { retrievePassages } from '../../rag/retrieval';
import { allowMigrations } from '../../test/template-guard';

allowMigrations('a database whose owner may not create the vector extension, migrated from nothing');

const adminUrl = inject('postgresUrl');

// Four passages and a question none of their words match, so only the vector half can answer: the order is the
// nearest-first order of these vectors (c, b, a, x), whichever way the database searches.
const unit = (e0: number, e1: number) => Array.from({ length: 384 }, (_, i) => (i === 0 ? e0 : i === 1 ? e1 : 0) / Math.hypot(e0, e1));
const passages = new Map<string, number[]>([
  ['Solar panels carry a ten-year warranty.', unit(1, 1)],
  ['Warranties move to a new owner.', unit(1, 0.5)],
  ['Ask us about panels.', unit(1, 0)],
  ['The office opens at nine.', unit(0, 1)],
]);
const question = 'xylophone quartet?';
const embedder: Embedder = {
  id: 'openai/fixed@384',
  provider: 'openai',
  model: 'fixed',
  dimensions: 384,
  embed: async (texts) => texts.map((text) => (text === question ? unit(1, 0) : passages.get(text)!)),
};
const nearestFirst = ['Ask us about panels.', 'Warranties move to a new owner.', 'Solar panels carry a ten-year warranty.', 'The office opens at nine.'];

async function seedChatbot(database: Database): Promise<string> {
  const { db, vectorSearch } = database;
  const { organizationId, chatbot } = await insertChatbotRows(db, { chatbot: { embeddingDimensions: 384 } });
  const [source] = await db
    .insert(knowledgeSources)
    .values({ chatbotId: chatbot.id, organizationId, kind: 'text', name: 'notes', status: 'ready', chunkCount: passages.size })
    .returning();
  await db.insert(documentChunks).values(
    [...passages].map(([content, vector], chunkIndex) => ({
      sourceId: source!.id,
      chatbotId: chatbot.id,
      chunkIndex,
      content,
      tokenCount: 8,
      embedding: vectorLiteral(vectorSearch, vector) as unknown as number[],
      embeddingDimensions: 384,
    })),
  );
  return chatbot.id;
}

const retrieve = async (database: Database, chatbotId: string) =>
  (await retrievePassages(database, { chatbotId, question, embedder, topK: 4 })).map((p) => p.text);

// This suite needs a PostgreSQL server (a role and a database of its own); without one it is skipped, and says why.
const skipReason = adminUrl ? null : inject('postgresSkipReason') || 'no PostgreSQL server (TEST_DATABASE_URL)';
if (skipReason) console.warn(`[vector-extension.test] skipped: ${skipReason}`);

describe.skipIf(skipReason)(`PostgreSQL without pgvector, then with it${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('searches exactly over real[] where the extension cannot be created, and moves to the HNSW index once it can', async () => {
    const admin = new pg.Client({ connectionString: adminUrl! });
    await admin.connect();
    const name = `parley_noext_${randomBytes(5).toString('hex')}`;
    // A role that owns its database but is no superuser, so it may not create pgvector (not a trusted extension):
    // as on a server without pgvector, or with a user that lacks the right.
    await admin.query(`CREATE ROLE ${name} LOGIN`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${name}`);
    const url = (user?: string) => {
      const u = new URL(adminUrl!);
      u.pathname = `/${name}`;
      if (user) {
        u.username = user;
        u.password = '';
      }
      return u.toString();
    };
    const owner = new pg.Client({ connectionString: url() });
    await owner.connect();
    await owner.query(`ALTER SCHEMA public OWNER TO ${name}`);
    await owner.end();
    try {
      const warnings: string[] = [];
      const restricted = await openDatabase({ databaseUrl: url(name), poolSize: 2, onWarning: (message) => warnings.push(message) });
      let chatbotId: string;
      try {
        expect(restricted.vectorSearch).toBe('exact');
        expect(warnings.join('\n')).toContain('pgvector is not available on this PostgreSQL server');
        chatbotId = await seedChatbot(restricted);
        expect(await retrieve(restricted, chatbotId)).toEqual(nearestFirst);
      } finally {
        await restricted.close();
      }

      // Opened by a user that may create it (the extension installed meanwhile): the next start converts the column
      // and builds the index, and the same question finds the same passages.
      const available = rowsOf<{ n: number }>(await admin.query(`SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'`))[0]!.n > 0;
      const upgraded = await openDatabase({ databaseUrl: url(), poolSize: 2 });
      try {
        expect(upgraded.vectorSearch).toBe(available ? 'pgvector' : 'exact');
        const column = await upgraded.db.execute(
          sql`SELECT udt_name FROM information_schema.columns WHERE table_name = 'document_chunks' AND column_name = 'embedding'`,
        );
        expect(rowsOf<{ udt_name: string }>(column)[0]?.udt_name).toBe(available ? 'vector' : '_float4');
        const indexes = await upgraded.db.execute(sql`SELECT indexname FROM pg_indexes WHERE tablename = 'document_chunks' AND indexdef LIKE '%hnsw%'`);
        expect(rowsOf(indexes)).toHaveLength(available ? 2 : 0);
        expect(await retrieve(upgraded, chatbotId)).toEqual(nearestFirst);
      } finally {
        await upgraded.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS ${name}`);
      await admin.end();
    }
  });
});
