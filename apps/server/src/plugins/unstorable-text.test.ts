import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, globalAiAgents, pricingFaqs, tokenPackages } from '../db/schema/index';
import { createAdmin } from '../test/admin';
import { describeEachDatabase } from '../test/harness';

const NUL = 'Starter\u0000pack';

/**
 * PostgreSQL cannot store U+0000 in text (22021) or in JSON (22P05). Such a value passes the contracts (it is a string
 * of the right length), so it used to reach the database and come back as a 500 on every catalogue screen.
 */
describeEachDatabase('a NUL character in text', (ctx) => {
  it('is a 400 with a clear message on text fields, JSON fields and searches, and changes nothing', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const rows = async () => ({
      packages: Number((await c.database.db.select({ n: count() }).from(tokenPackages))[0]!.n),
      faqs: Number((await c.database.db.select({ n: count() }).from(pricingFaqs))[0]!.n),
      templates: Number((await c.database.db.select({ n: count() }).from(globalAiAgents))[0]!.n),
      activity: Number((await c.database.db.select({ n: count() }).from(adminActivityLogs))[0]!.n),
    });
    const before = await rows();

    const requests = [
      { method: 'POST', url: '/api/admin/token-packages', payload: { name: NUL, tokens: 1000, priceCents: 999 } },
      { method: 'POST', url: '/api/admin/pricing/faqs', payload: { question: 'Can I cancel?', answer: NUL, displayOrder: 1 } },
      { method: 'POST', url: '/api/admin/behavior-templates', payload: { name: 'Friendly', systemPrompt: NUL } },
      {
        method: 'POST',
        url: '/api/admin/chatbot-templates',
        payload: { name: 'Support', description: 'Helps shoppers', configuration: { category: 'General', features: [NUL] } },
      },
      {
        method: 'POST',
        url: '/api/admin/tier-limits',
        payload: { tier: 'team', displayName: NUL, monthlyTokenLimit: 5000, maxHandoffsPerMonth: 10, maxChatbots: 2 },
      },
      { method: 'GET', url: `/api/admin/ai-actions/templates?search=${encodeURIComponent(NUL)}` },
    ] as const;
    for (const request of requests) {
      const response = await c.app.inject({ ...request, headers });
      expect(response.statusCode, `${request.method} ${request.url} ${response.body}`).toBe(400);
      // Refused before the contract and the handler (plugins/storable-text.ts), naming the field.
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect((response.json() as { message: string }).message).toMatch(/^(body|query)\.\w+(\.\w+)*: text cannot contain the NUL character \(U\+0000\)/);
    }
    expect(await rows()).toEqual(before);

    // A UTF-16 surrogate without its pair: JSON carries it as \ud800, which jsonb refuses and a text column would turn
    // into U+FFFD. Refused the same way, naming the field, on both databases.
    for (const request of requests.filter((r) => r.method === 'POST')) {
      const payload = JSON.parse(JSON.stringify(request.payload).replaceAll('\\u0000', '\\ud800')) as object;
      const response = await c.app.inject({ ...request, payload, headers });
      expect(response.statusCode, `${request.url} ${response.body}`).toBe(400);
      expect((response.json() as { message: string }).message).toMatch(/^body\.\w+(\.\w+)*: text cannot contain a lone UTF-16 surrogate/);
    }
    expect(await rows()).toEqual(before);

    // The same values without the NUL character are stored.
    const clean = await c.app.inject({
      method: 'POST',
      url: '/api/admin/token-packages',
      headers,
      payload: { name: 'Starter pack', tokens: 1000, priceCents: 999 },
    });
    expect(clean.statusCode).toBe(201);
  });
});
