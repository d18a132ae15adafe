import type { KnowledgeSourceList } from '@parley/shared/contracts/knowledge-sources';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { knowledgeSources, systemConfiguration } from '../../db/schema/index';
import { announceSystemConfigurationChange } from '../../services/system-configuration';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';

const STATUSES = ['ready', 'ready', 'failed', 'queued', 'processing'] as const;

describeEachDatabase('a chatbot’s training data, a page at a time', (ctx) => {
  it('pages newest first, counts the whole chatbot, searches names literally and narrows by status; bad queries are refused', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Paged bot' } });
    const bot = created.json() as { id: string; organizationId: string };
    // 30 sources a minute apart, the newest last; every fifth has a name with LIKE's wildcards in it.
    const start = Date.now() - 60 * 60_000;
    await c.database.db.insert(knowledgeSources).values(
      Array.from({ length: 30 }, (_, i) => ({
        chatbotId: bot.id,
        organizationId: bot.organizationId,
        kind: 'text' as const,
        name: i % 5 === 0 ? `100% refund_policy ${i}.txt` : `handbook part ${i}.md`,
        status: STATUSES[i % 5]!,
        chunkCount: 10 + i,
        tokenCount: 1000 + i,
        // What the meter charged: only a processed source was charged.
        billedTokens: i % 5 < 2 || i % 10 === 2 ? 1300 + i : 0,
        // The ready ones were processed, and so was an earlier version of every other failed one (a failed re-process).
        processedAt: i % 5 < 2 || i % 10 === 2 ? new Date(start + i * 60_000 + 1000) : null,
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const list = async (query = '') => {
      const response = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources${query}`, headers: { cookie: owner.cookie } });
      return { status: response.statusCode, body: response.json() as KnowledgeSourceList & { message?: string } };
    };

    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items[0]!.name).toBe('handbook part 29.md');
    // Ready are i % 5 of 0 and 1: i = 0, 1, 5, 6, …, 25, 26; the chatbot answers from those and from the previous
    // version of the failed 2, 12 and 22, not from what was never processed.
    const readyIndexes = Array.from({ length: 30 }, (_, i) => i).filter((i) => i % 5 < 2 || i % 10 === 2);
    expect(first.body.totals).toEqual({
      sources: 30,
      queued: 6,
      processing: 6,
      ready: 12,
      failed: 6,
      chunks: readyIndexes.reduce((sum, i) => sum + 10 + i, 0),
      // The tokens shown are those the meter charged, not the chunker's count.
      tokens: readyIndexes.reduce((sum, i) => sum + 1300 + i, 0),
    });

    const second = await list('?page=2');
    expect(second.body.items.map((s) => s.name)).toEqual([4, 3, 2, 1, 0].map((i) => (i % 5 === 0 ? `100% refund_policy ${i}.txt` : `handbook part ${i}.md`)));
    const seen = new Set([...first.body.items, ...second.body.items].map((s) => s.id));
    expect(seen.size).toBe(30);
    expect((await list('?page=3&pageSize=10')).body.items.map((s) => s.name)).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((i) => (i % 5 === 0 ? `100% refund_policy ${i}.txt` : `handbook part ${i}.md`)),
    );
    expect((await list('?page=9')).body).toMatchObject({ items: [], total: 30 });

    // `%` and `_` are the characters themselves, not wildcards; the counts of the whole chatbot stay.
    const searched = await list(`?search=${encodeURIComponent('0% REFUND_')}`);
    expect(searched.body.total).toBe(6);
    expect(searched.body.items.every((s) => s.name.startsWith('100% refund_policy'))).toBe(true);
    expect(searched.body.totals.sources).toBe(30);
    expect((await list(`?search=${encodeURIComponent('part_1')}`)).body.total).toBe(0);
    expect((await list(`?search=${encodeURIComponent('%')}`)).body.total).toBe(6);

    const failed = await list('?status=failed&pageSize=100');
    expect(failed.body.total).toBe(6);
    expect(failed.body.items.every((s) => s.status === 'failed')).toBe(true);
    expect((await list(`?status=ready&search=refund`)).body.total).toBe(6);
    expect((await list(`?status=queued&search=refund`)).body.total).toBe(0);

    for (const bad of ['?page=0', '?pageSize=101', '?page=x', '?status=done', `?search=${'a'.repeat(201)}`]) {
      const refused = await list(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message, bad).toBeTruthy();
    }

    // The upload limit the screen checks and shows is the system configuration's, as it is now.
    expect(first.body.maxDocumentSizeMb).toBe(50);
    await c.database.db.update(systemConfiguration).set({ maxDocumentSizeMb: 120 }).where(eq(systemConfiguration.id, 1));
    await announceSystemConfigurationChange(c.database.db, c.app.realtime);
    expect((await list()).body.maxDocumentSizeMb).toBe(120);

    // Another organization sees nothing of it.
    const stranger = await createSignedInUser(c);
    const foreign = await c.app.inject({ method: 'GET', url: `/api/chatbots/${bot.id}/sources`, headers: { cookie: stranger.cookie } });
    expect(foreign.statusCode).toBe(404);
    const [{ stored }] = (await c.database.db.select({ stored: count() }).from(knowledgeSources).where(eq(knowledgeSources.chatbotId, bot.id))) as [
      { stored: number },
    ];
    expect(stored).toBe(30);
  });
});
