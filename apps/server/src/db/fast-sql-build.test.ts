import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { npmVersion } from 'drizzle-orm/version';
import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { chatbots, chatStatsHourly, conversations, messages, organizations } from './schema/index';
import { DRIZZLE_VERSION, installFastSqlBuilding } from './fast-sql-build';

// A database object only to build statements with: nothing is sent.
const db = drizzle.mock();

describe('statement text built without drizzle’s repeated class checks (decisions/0056)', () => {
  it('is installed for the drizzle version it was written for, and only for it', () => {
    expect(npmVersion).toMatch(DRIZZLE_VERSION);
    expect(installFastSqlBuilding({ verify: true }, '0.46.0')).toBe(false);
  });

  it('writes what drizzle writes for inserts, upserts, updates, selects with joins, aliases, subqueries, CTEs, placeholders and inlined values', () => {
    // Verifying: each statement below is built both ways, and a difference throws.
    expect(installFastSqlBuilding({ verify: true }, npmVersion)).toBe(true);
    const at = new Date('2026-12-04T10:00:00Z');
    const owner = alias(organizations, 'owner');
    const recent = db.$with('recent').as(db.select({ id: messages.id }).from(messages).where(eq(messages.role, 'user')).limit(5));
    const statements = [
      db.insert(messages).values([
        {
          id: 'a',
          conversationId: 'c',
          role: 'user' as const,
          content: 'Hi',
          tokens: 3,
          createdAt: at,
          sources: [{ chunkId: 'x', sourceId: 'y', sourceName: 's', excerpt: 'e' }],
        },
        { id: 'b', conversationId: 'c', role: 'assistant' as const, content: 'Hello', tokens: 4, createdAt: at },
      ]),
      db
        .insert(chatStatsHourly)
        .values({ chatbotId: 'b', organizationId: 'o', hour: at, questions: 1 })
        .onConflictDoUpdate({
          target: [chatStatsHourly.chatbotId, chatStatsHourly.hour],
          set: { questions: sql`${chatStatsHourly.questions} + excluded.questions` },
        }),
      db
        .update(conversations)
        .set({ messageCount: sql`${conversations.messageCount} + ${2}`, lastMessageAt: at })
        .where(eq(conversations.id, 'c')),
      db
        .select({ id: chatbots.id, owner: owner.name, n: sql<number>`count(*)`.as('n') })
        .from(chatbots)
        .innerJoin(owner, eq(owner.id, chatbots.organizationId))
        .where(and(inArray(chatbots.id, ['a', 'b']), eq(chatbots.status, 'live')))
        .groupBy(chatbots.id, owner.name)
        .orderBy(desc(sql`n`)),
      db
        .select()
        .from(db.select({ id: messages.id, tokens: messages.tokens }).from(messages).as('inner'))
        .where(sql`tokens > ${10}`),
      db.with(recent).select().from(recent),
      db
        .select()
        .from(messages)
        .where(eq(messages.id, sql.placeholder('id'))),
      db
        .select()
        .from(messages)
        .where(sql`${messages.content} = ${'x'}`.inlineParams()),
    ];
    for (const statement of statements) {
      const built = statement.toSQL();
      expect(built.sql.length).toBeGreaterThan(10);
    }
    const [insert] = statements;
    expect(insert!.toSQL().params).toContain(at.toISOString());
  });
});
