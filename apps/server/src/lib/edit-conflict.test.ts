import { expect, it } from 'vitest';
import { createAdmin } from '../test/admin';
import { describeEachDatabase, type TestContext } from '../test/harness';
import { formatSavedAt } from './edit-conflict';

interface Edited {
  /** What the list shows: the record's version and the field both admins change. */
  updatedAt: string;
  value: unknown;
}

/**
 * Two admins with the same catalogue record open (behavior templates: behavior-templates.test.ts, with set-default): each edit says which version (`updatedAt`) it was made on. Before,
 * the second save silently put back what the first admin had just changed (a price, a limit, an answer).
 */
const EDITABLE = [
  {
    name: 'a token package',
    create: { url: '/api/admin/token-packages', payload: { name: 'Starter', tokens: 1000, priceCents: 999 } },
    editUrl: (created: Record<string, unknown>) => `/api/admin/token-packages/${created.id as string}`,
    edit: (value: number) => ({ name: 'Starter', tokens: 1000, priceCents: value }),
    read: (body: Record<string, unknown>): Edited => ({ updatedAt: body.updatedAt as string, value: body.priceCents }),
    theirs: 1499,
    mine: 799,
    label: 'this package',
  },
  {
    name: 'a pricing FAQ',
    create: { url: '/api/admin/pricing/faqs', payload: { question: 'Can I cancel?', answer: 'Yes.', displayOrder: 1 } },
    editUrl: (created: Record<string, unknown>) => `/api/admin/pricing/faqs/${created.id as string}`,
    edit: (value: number) => ({ question: 'Can I cancel?', answer: `Yes, within ${value} days.`, displayOrder: 1 }),
    read: (body: Record<string, unknown>): Edited => ({ updatedAt: body.updatedAt as string, value: body.answer }),
    theirs: 30,
    mine: 14,
    label: 'this FAQ',
  },
  {
    name: 'a tier',
    create: {
      url: '/api/admin/tier-limits',
      payload: { tier: 'team', displayName: 'Team', monthlyTokenLimit: 50_000, maxHandoffsPerMonth: 10, maxChatbots: 3 },
    },
    editUrl: (created: Record<string, unknown>) => `/api/admin/tier-limits/${created.id as string}`,
    edit: (value: number) => ({ displayName: 'Team', monthlyTokenLimit: value, maxHandoffsPerMonth: 10, maxChatbots: 3 }),
    read: (body: Record<string, unknown>): Edited => ({ updatedAt: body.updatedAt as string, value: body.monthlyTokenLimit }),
    theirs: 80_000,
    mine: 60_000,
    label: 'this tier',
  },
  {
    name: 'a pricing plan',
    create: {
      url: '/api/admin/pricing/plans',
      payload: {
        tier: 'agency',
        displayName: 'Agency',
        priceMonthlyCents: 9900,
        priceAnnualCents: 99_000,
        maxChatbots: 10,
        monthlyTokenLimit: 100_000,
        sortOrder: 5,
        ctaText: 'Get Started',
      },
    },
    editUrl: (created: Record<string, unknown>) => `/api/admin/pricing/plans/${created.tier as string}`,
    edit: (value: number) => ({
      displayName: 'Agency',
      priceMonthlyCents: value,
      priceAnnualCents: 99_000,
      maxChatbots: 10,
      monthlyTokenLimit: 100_000,
      sortOrder: 5,
      ctaText: 'Get Started',
    }),
    read: (body: Record<string, unknown>): Edited => ({ updatedAt: body.updatedAt as string, value: body.priceMonthlyCents }),
    theirs: 12_900,
    mine: 7900,
    label: 'this plan',
  },
  {
    name: 'a chatbot template',
    method: 'PATCH',
    create: { url: '/api/admin/chatbot-templates', payload: { name: 'Bookings', description: 'Takes table bookings' } },
    editUrl: (created: Record<string, unknown>) => `/api/admin/chatbot-templates/${created.id as string}`,
    edit: (value: number) => ({ name: 'Bookings', description: `Takes bookings for up to ${value} guests` }),
    read: (body: Record<string, unknown>): Edited => ({ updatedAt: body.updatedAt as string, value: body.description }),
    theirs: 12,
    mine: 8,
    label: 'this template',
  },
  {
    name: 'an action template',
    method: 'PATCH',
    create: { url: '/api/admin/ai-actions/templates', payload: { name: 'Order lookup', actionType: 'api_call' } },
    editUrl: (created: Record<string, unknown>) => `/api/admin/ai-actions/templates/${created.id as string}`,
    edit: (value: number) => ({ name: 'Order lookup', instructionsTemplate: `Look the order up within ${value} seconds` }),
    read: (body: Record<string, unknown>): Edited => ({ updatedAt: body.updatedAt as string, value: body.instructionsTemplate }),
    theirs: 5,
    mine: 3,
    label: 'this action template',
  },
  {
    name: 'an action category',
    method: 'PATCH',
    create: { url: '/api/admin/ai-actions/categories', payload: { name: 'Lead capture', icon: 'UserCheck' } },
    editUrl: (created: Record<string, unknown>) => `/api/admin/ai-actions/categories/${created.id as string}`,
    edit: (value: number) => ({ name: 'Lead capture', description: `Collects up to ${value} details` }),
    read: (body: Record<string, unknown>): Edited => ({ updatedAt: body.updatedAt as string, value: body.description }),
    theirs: 6,
    mine: 4,
    label: 'this category',
  },
] as const;

const save = (c: TestContext, method: 'PUT' | 'PATCH', cookie: string, url: string, payload: Record<string, unknown>) =>
  c.app.inject({ method, url, headers: { cookie }, payload });

describeEachDatabase('two admins editing the same catalogue record', (ctx) => {
  for (const record of EDITABLE) {
    it(`${record.name}: a save on an old version is refused with 409 and the other admin's change stays`, async () => {
      const c = ctx();
      const first = await createAdmin(c, 'system_admin');
      const second = await createAdmin(c, 'system_admin');
      const created = await c.app.inject({ method: 'POST', url: record.create.url, headers: { cookie: first.cookie }, payload: record.create.payload });
      expect(created.statusCode, created.body).toBe(201);
      const url = record.editUrl(created.json());
      const method = 'method' in record ? record.method : 'PUT';
      const put = (cookie: string, at: string, payload: Record<string, unknown>) => save(c, method, cookie, at, payload);
      const opened = record.read(created.json());

      // The second admin saves first, on the version both opened.
      const theirs = await put(second.cookie, url, { ...record.edit(record.theirs), expectedUpdatedAt: opened.updatedAt });
      expect(theirs.statusCode, theirs.body).toBe(200);
      const afterTheirs = record.read(theirs.json());
      expect(afterTheirs.updatedAt).not.toBe(opened.updatedAt);

      // The first admin's save, made on the old version, would put back the old values of every other field.
      const mine = await put(first.cookie, url, { ...record.edit(record.mine), expectedUpdatedAt: opened.updatedAt });
      expect(mine.statusCode, mine.body).toBe(409);
      expect(mine.json().message).toContain(`Another administrator saved ${record.label} at ${formatSavedAt(afterTheirs.updatedAt)} since you opened it`);
      const list = (await c.app.inject({ method: 'GET', url: record.create.url, headers: { cookie: first.cookie } })).json() as {
        items: Record<string, unknown>[];
      };
      const stored = list.items.map(record.read).find((item) => item.updatedAt === afterTheirs.updatedAt);
      expect(stored?.value).toEqual(afterTheirs.value);

      // Saved on the version now shown, it goes through; and without a version, the last save wins as before.
      const again = await put(first.cookie, url, { ...record.edit(record.mine), expectedUpdatedAt: afterTheirs.updatedAt });
      expect(again.statusCode, again.body).toBe(200);
      expect(record.read(again.json()).value).toEqual(record.read(record.edit(record.mine)).value);
      expect((await put(second.cookie, url, record.edit(record.theirs))).statusCode).toBe(200);
      expect((await put(second.cookie, url, { ...record.edit(record.theirs), expectedUpdatedAt: 'yesterday' })).statusCode).toBe(400);
    });
  }
});

it('says when the other administrator saved in words, in UTC', () => {
  expect(formatSavedAt('2026-11-29T09:06:57.368Z')).toBe('Nov 29, 2026, 9:06:57 AM UTC');
});
