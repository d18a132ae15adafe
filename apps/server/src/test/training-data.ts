import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { chatStatsHourly, conversations, messages, questionStatsDaily, usageLedger } from '../db/schema/index';
import type { TestContext } from './harness';

type Headers = Record<string, string>;

/** Waits (up to a minute) until every source of the chatbot is processed; throws when one failed. */
export async function waitForSourcesReady(c: TestContext, headers: Headers, chatbotId: string, expected?: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { items } = (await c.app.inject({ method: 'GET', url: `/api/chatbots/${chatbotId}/sources`, headers })).json() as { items: { status: string }[] };
    if (items.some((s) => s.status === 'failed')) throw new Error(`a source failed: ${JSON.stringify(items)}`);
    if (items.length > 0 && (expected === undefined || items.length === expected) && items.every((s) => s.status === 'ready')) return;
    if (Date.now() > deadline) throw new Error(`sources not ready: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Pastes a text source into the chatbot through the API; returns its id (not yet processed). */
export async function addTextSource(c: TestContext, headers: Headers, chatbotId: string, name: string, text: string): Promise<string> {
  const added = await c.app.inject({ method: 'POST', url: `/api/chatbots/${chatbotId}/sources/text`, headers, payload: { name, text } });
  expect(added.statusCode, added.body).toBe(201);
  return (added.json() as { id: string }).id;
}

/** The rows a chat turn writes for a chatbot: retrieval tests and evaluations write none of them. */
export async function chatTraces(c: TestContext, chatbotId: string) {
  const { db } = c.database;
  const counted = async (rows: Promise<{ n: number }[]>) => Number((await rows)[0]?.n ?? 0);
  return {
    conversations: await counted(db.select({ n: count() }).from(conversations).where(eq(conversations.chatbotId, chatbotId))),
    messages: await counted(
      db
        .select({ n: count() })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .where(eq(conversations.chatbotId, chatbotId)),
    ),
    usage: await counted(db.select({ n: count() }).from(usageLedger).where(eq(usageLedger.chatbotId, chatbotId))),
    chatStats: await counted(db.select({ n: count() }).from(chatStatsHourly).where(eq(chatStatsHourly.chatbotId, chatbotId))),
    questionStats: await counted(db.select({ n: count() }).from(questionStatsDaily).where(eq(questionStatsDaily.chatbotId, chatbotId))),
  };
}
