import { PRICING_FAQ_MESSAGES, type PricingFaq } from '@parley/shared/contracts/pricing-faqs';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { adminActivityLogs, pricingFaqs } from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('pricing FAQs', (ctx) => {
  it('creates, lists by display order, edits (stamping the time) and deletes FAQs, each logged', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const second = await c.app.inject({
      method: 'POST',
      url: '/api/admin/pricing/faqs',
      headers,
      payload: { question: 'Can I cancel at any time?', answer: 'Yes, from the billing page.', displayOrder: 2 },
    });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ question: 'Can I cancel at any time?', displayOrder: 2, isActive: true });
    const first = await c.app.inject({
      method: 'POST',
      url: '/api/admin/pricing/faqs',
      headers,
      payload: { question: '  What is a token?  ', answer: 'About three quarters of a character.', displayOrder: 1, isActive: false },
    });
    expect(first.json()).toMatchObject({ question: 'What is a token?', isActive: false });
    const list = (await c.app.inject({ method: 'GET', url: '/api/admin/pricing/faqs', headers })).json() as { items: PricingFaq[] };
    expect(list.items.map((f) => f.displayOrder)).toEqual([1, 2]);

    const id = second.json().id as string;
    const previous = second.json().updatedAt as string;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const edited = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/pricing/faqs/${id}`,
      headers,
      payload: { question: 'Can I cancel?', answer: 'Yes.', displayOrder: 0, isActive: true },
    });
    expect(edited.json()).toMatchObject({ id, question: 'Can I cancel?', answer: 'Yes.', displayOrder: 0 });
    expect(new Date(edited.json().updatedAt).getTime()).toBeGreaterThan(new Date(previous).getTime());
    expect(((await c.app.inject({ method: 'GET', url: '/api/admin/pricing/faqs', headers })).json() as { items: PricingFaq[] }).items[0]?.id).toBe(id);

    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/pricing/faqs/${id}`, headers })).json()).toEqual({ ok: true });
    expect(await c.database.db.select().from(pricingFaqs).where(eq(pricingFaqs.id, id))).toHaveLength(0);
    expect((await c.app.inject({ method: 'DELETE', url: `/api/admin/pricing/faqs/${id}`, headers })).statusCode).toBe(404);
    const missing = await c.app.inject({
      method: 'PUT',
      url: `/api/admin/pricing/faqs/${id}`,
      headers,
      payload: { question: 'Q', answer: 'A', displayOrder: 1 },
    });
    expect(missing.statusCode).toBe(404);
    const actions = (await c.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.resourceId, id))).map((r) => r.action).sort();
    expect(actions).toEqual(['pricing_faq_created', 'pricing_faq_deleted', 'pricing_faq_updated']);
  });

  it('refuses empty or oversized FAQs and bad orders, changing nothing', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const headers = { cookie: admin.cookie };
    const before = (await c.database.db.select().from(pricingFaqs)).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ question: ' ', answer: 'A', displayOrder: 1 }, PRICING_FAQ_MESSAGES.questionRequired],
      [{ answer: 'A', displayOrder: 1 }, PRICING_FAQ_MESSAGES.questionRequired],
      [{ question: 'Q', answer: '', displayOrder: 1 }, PRICING_FAQ_MESSAGES.answerRequired],
      [{ question: 'Q', answer: 'A', displayOrder: -1 }, PRICING_FAQ_MESSAGES.orderInvalid],
      [{ question: 'Q', answer: 'A', displayOrder: 1.5 }, PRICING_FAQ_MESSAGES.orderInvalid],
      [{ question: 'Q'.repeat(501), answer: 'A', displayOrder: 1 }, 'Question must be at most 500 characters'],
      [{ question: 'Q', answer: 'A'.repeat(5001), displayOrder: 1 }, 'Answer must be at most 5000 characters'],
    ];
    for (const [payload, message] of cases) {
      const response = await c.app.inject({ method: 'POST', url: '/api/admin/pricing/faqs', headers, payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 100)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await c.database.db.select().from(pricingFaqs)).length).toBe(before);
    const support = await createAdmin(c, 'support');
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/pricing/faqs', headers: { cookie: support.cookie } })).statusCode).toBe(403);
  });
});
