import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBehaviorTemplateBodySchema } from '@parley/shared/contracts/behavior-templates';
import { createChatbotTemplateBodySchema } from '@parley/shared/contracts/chatbot-templates';
import { createPricingPlanBodySchema } from '@parley/shared/contracts/pricing-plans';
import { pricingFaqBodySchema } from '@parley/shared/contracts/pricing-faqs';
import { tokenPackageBodySchema } from '@parley/shared/contracts/token-packages';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import {
  adminActivityLogs,
  behaviorTemplates,
  globalAiAgents,
  installationSteps,
  planFeatures,
  pricingFaqs,
  subscriptionTierLimits,
  tokenPackages,
} from '../../db/schema/index';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, openTestDatabase, testConfig, type TestContext } from '../../test/harness';
import {
  FREE_PLAN_EXTRA_FEATURES,
  STARTER_BEHAVIOR_TEMPLATES,
  STARTER_CHATBOT_TEMPLATES,
  STARTER_PLANS,
  STARTER_PRICING_FAQS,
  STARTER_TOKEN_PACKAGES,
} from './catalogue';
import { seedStarterCatalogue, STARTER_CATALOGUE_STEP } from './seed';

/** A server start as `npm start` makes it: the option on (the harness turns it off for every other test). */
const seedingConfig = () => testConfig({ SEED_CATALOGUE: 'true' });

async function start(database: Database, config = seedingConfig()): Promise<TestContext> {
  const app = await buildApp(config, { database, logger: false });
  await app.ready();
  return { app, database, config };
}

/** What the catalogue tables hold, in a stable order: the fingerprint a second start must leave unchanged. */
async function catalogueRows(database: Database) {
  const { db } = database;
  const byName = <T extends { name: string }>(rows: T[]) => rows.map((row) => row.name).sort();
  return {
    tiers: (await db.select().from(subscriptionTierLimits)).map((row) => row.tier).sort(),
    features: (await db.select().from(planFeatures)).map((row) => `${row.tier}: ${row.featureValue} ${row.featureName}`.trim()).sort(),
    tokenPackages: byName(await db.select().from(tokenPackages)),
    chatbotTemplates: byName(await db.select().from(globalAiAgents)),
    behaviorTemplates: byName(await db.select().from(behaviorTemplates)),
    faqs: (await db.select().from(pricingFaqs)).map((row) => row.question).sort(),
  };
}

const MIGRATIONS_ONLY = {
  tiers: ['free'],
  features: ['free: 100,000 AI Tokens/month', 'free: 3 Active Chatbots'],
  tokenPackages: [],
  chatbotTemplates: [],
  behaviorTemplates: ['Helpful support assistant'],
  faqs: [],
};

describe('SEED_CATALOGUE', () => {
  it('is on unless set to false, and a wrong value stops start-up naming it', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'parley-seed-'));
    expect(loadConfig({ DATA_DIR: dataDir }, { persistSecret: false }).seedCatalogue).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, SEED_CATALOGUE: 'false' }, { persistSecret: false }).seedCatalogue).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, SEED_CATALOGUE: 'sometimes' }, { persistSecret: false })).toThrow(/SEED_CATALOGUE: must be true or false/);
    // The tests' own configuration turns it off, so their databases start with the migrations' catalogue only.
    expect(testConfig().seedCatalogue).toBe(false);
  });
});

describe('the starter catalogue: what it holds', () => {
  it('is what the admin screens could have saved: every item passes their contracts unchanged', () => {
    for (const { maxHandoffsPerMonth: _handoffs, ...plan } of STARTER_PLANS) expect(createPricingPlanBodySchema.parse(plan)).toEqual(plan);
    for (const pack of STARTER_TOKEN_PACKAGES) expect(tokenPackageBodySchema.parse(pack)).toEqual(pack);
    for (const template of STARTER_CHATBOT_TEMPLATES) expect(createChatbotTemplateBodySchema.parse(template)).toEqual(template);
    for (const template of STARTER_BEHAVIOR_TEMPLATES) expect(createBehaviorTemplateBodySchema.parse(template)).toEqual(template);
    for (const faq of STARTER_PRICING_FAQS) expect(pricingFaqBodySchema.parse(faq)).toEqual(faq);
  });

  it('sells something sensible: paid plans rise in price and in every limit, and a top-up costs more per token than a plan', () => {
    const free = { priceMonthlyCents: 0, monthlyTokenLimit: 100_000, maxChatbots: 3, maxHandoffsPerMonth: 10 };
    const ladder = [free, ...STARTER_PLANS];
    expect(STARTER_PLANS.length).toBeGreaterThanOrEqual(2);
    for (const [index, plan] of STARTER_PLANS.entries()) {
      const below = ladder[index]!;
      for (const key of ['priceMonthlyCents', 'monthlyTokenLimit', 'maxChatbots', 'maxHandoffsPerMonth'] as const)
        expect(plan[key]).toBeGreaterThan(below[key]);
      // A year costs less than twelve months.
      expect(plan.priceAnnualCents).toBeLessThan(plan.priceMonthlyCents * 12);
    }
    const cheapestPlanPerToken = Math.min(...STARTER_PLANS.map((plan) => plan.priceMonthlyCents / plan.monthlyTokenLimit));
    const perToken = STARTER_TOKEN_PACKAGES.map((pack) => pack.priceCents / pack.tokens);
    expect(Math.min(...perToken)).toBeGreaterThan(cheapestPlanPerToken);
    // Larger packages are cheaper per token.
    expect([...perToken].sort((a, b) => b - a)).toEqual(perToken);
  });
});

for (const driver of ['pglite', 'postgres'] as const) {
  const skip = driver === 'postgres' && !inject('postgresUrl');
  (skip ? describe.skip : describe)(`the starter catalogue on a new installation [${driver}]`, () => {
    let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
    let ctx: TestContext | undefined;
    beforeAll(async () => {
      opened = await openTestDatabase(driver);
    });
    afterAll(async () => {
      await ctx?.app.close();
      await opened?.dispose();
    });

    it('the first start creates it: plans with prices and limits, token packages, chatbot and behavior templates, FAQs', async () => {
      expect(await catalogueRows(opened!.database)).toEqual(MIGRATIONS_ONLY);
      ctx = await start(opened!.database);
      const admin = await createAdmin(ctx, 'system_admin');
      const headers = { cookie: admin.cookie, origin: 'http://localhost:3000' };
      const get = async (url: string) => {
        const response = await ctx!.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, response.body).toBe(200);
        return response.json() as { items: Record<string, unknown>[] };
      };

      const tiers = (await get('/api/admin/tier-limits')).items;
      expect(tiers.map((tier) => tier.tier)).toEqual(['free', 'starter', 'pro']);
      expect(tiers[1]).toMatchObject({
        displayName: 'Starter',
        priceMonthlyCents: 1900,
        monthlyTokenLimit: 1_000_000,
        maxChatbots: 10,
        maxHandoffsPerMonth: 100,
        isActive: true,
      });
      expect(tiers[2]).toMatchObject({
        displayName: 'Pro',
        priceMonthlyCents: 4900,
        monthlyTokenLimit: 5_000_000,
        maxChatbots: 25,
        maxHandoffsPerMonth: 500,
        isPopular: true,
      });
      const plans = (await get('/api/admin/pricing/plans')).items;
      expect(plans.map((plan) => [plan.tier, plan.sortOrder, plan.priceAnnualCents])).toEqual([
        ['free', 1, 0],
        ['starter', 2, 19000],
        ['pro', 3, 49000],
      ]);
      // The limit lines follow the limits, as a plan saved on the pricing screen; then the free-form lines.
      expect((plans[2]!.features as { name: string; value: string }[]).map((f) => `${f.value} ${f.name}`.trim())).toEqual([
        '25 Active Chatbots',
        '5,000,000 AI Tokens/month',
        'Everything in Starter',
      ]);
      expect(plans[0]!.extraFeatures).toEqual(FREE_PLAN_EXTRA_FEATURES);

      expect((await get('/api/admin/token-packages')).items.map((p) => [p.name, p.tokens, p.priceCents, p.isActive])).toEqual([
        ['Small top-up', 100_000, 500, true],
        ['Medium top-up', 500_000, 2000, true],
        ['Large top-up', 2_000_000, 6000, true],
      ]);
      const chatbotTemplates = (await get('/api/admin/chatbot-templates')).items;
      expect(chatbotTemplates.map((t) => t.name).sort()).toEqual(['Help centre assistant', 'Internal knowledge assistant', 'Sales assistant']);
      const behavior = (await get('/api/admin/behavior-templates')).items;
      // The migration's template stays the default, first in the list.
      expect(behavior[0]).toMatchObject({ name: 'Helpful support assistant', isDefault: true });
      expect(
        behavior
          .slice(1)
          .map((t) => t.name)
          .sort(),
      ).toEqual(['Concise', 'Formal', 'Friendly']);
      expect(behavior.slice(1).every((t) => t.isDefault === false && t.isActive === true)).toBe(true);
      expect((await get('/api/admin/pricing/faqs')).items).toHaveLength(3);

      // What customers and visitors see: the gallery, the builder's tones and the public pricing page.
      const customer = await createSignedInUser(ctx);
      const gallery = await ctx.app.inject({ method: 'GET', url: '/api/chatbot-templates/active', headers: { cookie: customer.cookie } });
      const helpCentre = (gallery.json() as { items: { name: string; configuration: Record<string, unknown> }[] }).items.find(
        (t) => t.name === 'Help centre assistant',
      );
      expect(helpCentre?.configuration).toMatchObject({
        category: 'Customer support',
        welcomeMessage: expect.any(String),
        systemPrompt: expect.stringContaining('documents'),
      });
      const pricing = (await ctx.app.inject({ method: 'GET', url: '/api/public/pricing' })).json() as {
        plans: { tier: string }[];
        tokenPackages: unknown[];
        faqs: unknown[];
      };
      expect(pricing.plans.map((plan) => plan.tier)).toEqual(['free', 'starter', 'pro']);
      expect(pricing.tokenPackages).toHaveLength(3);
      expect(pricing.faqs).toHaveLength(3);

      // The step is recorded, and the activity log says the system did it.
      expect(await ctx.database.db.select().from(installationSteps)).toMatchObject([{ step: STARTER_CATALOGUE_STEP, outcome: 'created' }]);
      const [entry] = await ctx.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.action, 'starter_catalogue_created'));
      expect(entry).toMatchObject({ resourceType: 'catalogue', adminUserId: null, details: { plans: 2, token_packages: 3, chatbot_templates: 3 } });
    });

    it('a restart neither duplicates it nor re-creates what an operator deleted', async () => {
      const admin = await createAdmin(ctx!, 'system_admin');
      const headers = { cookie: admin.cookie, origin: 'http://localhost:3000' };
      const items = async (url: string) =>
        ((await ctx!.app.inject({ method: 'GET', url, headers })).json() as { items: { id: string; name?: string; tier?: string }[] }).items;
      const remove = async (url: string) => {
        const response = await ctx!.app.inject({ method: 'DELETE', url, headers });
        expect(response.statusCode, response.body).toBe(200);
      };
      // The operator deletes one of each through the admin screens' API.
      await remove(`/api/admin/pricing/plans/starter`);
      await remove(`/api/admin/token-packages/${(await items('/api/admin/token-packages')).find((p) => p.name === 'Small top-up')!.id}`);
      await remove(`/api/admin/chatbot-templates/${(await items('/api/admin/chatbot-templates')).find((t) => t.name === 'Sales assistant')!.id}`);
      await remove(`/api/admin/behavior-templates/${(await items('/api/admin/behavior-templates')).find((t) => t.name === 'Formal')!.id}`);
      await remove(`/api/admin/pricing/faqs/${(await items('/api/admin/pricing/faqs'))[0]!.id}`);
      const afterDeleting = await catalogueRows(ctx!.database);
      expect(afterDeleting.tiers).toEqual(['free', 'pro']);
      expect(afterDeleting.tokenPackages).toEqual(['Large top-up', 'Medium top-up']);

      // The server restarts, twice.
      for (let restart = 0; restart < 2; restart += 1) {
        await ctx!.app.close();
        ctx = await start(ctx!.database);
        expect(await catalogueRows(ctx.database)).toEqual(afterDeleting);
      }
      expect(await ctx!.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.action, 'starter_catalogue_created'))).toHaveLength(1);
    });
  });
}

describe('the starter catalogue is created once per installation [pglite]', () => {
  const databases: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const dispose of databases) await dispose();
  });
  const fresh = async () => {
    const opened = await openTestDatabase('pglite');
    databases.push(opened.dispose);
    return opened.database;
  };

  it('the step, not the items, says it was done: emptied by hand, the catalogue does not come back', async () => {
    const database = await fresh();
    expect(await seedStarterCatalogue(database.db)).toBe('created');
    // Every seeded row removed, and no user anywhere: only the recorded step stops a second catalogue.
    await database.db.delete(tokenPackages);
    await database.db.delete(globalAiAgents);
    await database.db.delete(pricingFaqs);
    await database.db.delete(behaviorTemplates).where(eq(behaviorTemplates.isDefault, false));
    await database.db.delete(planFeatures);
    await database.db.delete(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, 'pro'));
    await database.db.delete(subscriptionTierLimits).where(eq(subscriptionTierLimits.tier, 'starter'));
    expect(await seedStarterCatalogue(database.db)).toBe('done-before');
    const ctx = await start(database);
    await ctx.app.close();
    expect((await catalogueRows(database)).tokenPackages).toEqual([]);
    expect((await catalogueRows(database)).tiers).toEqual(['free']);
  });

  it('with SEED_CATALOGUE=false a start creates nothing and records nothing', async () => {
    const database = await fresh();
    const ctx = await start(database, testConfig({ SEED_CATALOGUE: 'false' }));
    await ctx.app.close();
    expect(await catalogueRows(database)).toEqual(MIGRATIONS_ONLY);
    expect(await database.db.select().from(installationSteps)).toEqual([]);
  });

  it('an installation already in use (an upgrade, or first started with it off) gets nothing added, then or later', async () => {
    const database = await fresh();
    const before = await start(database, testConfig({ SEED_CATALOGUE: 'false' }));
    await createSignedInUser(before);
    await before.app.close();
    const after = await start(database);
    await after.app.close();
    expect(await catalogueRows(database)).toEqual(MIGRATIONS_ONLY);
    expect(await database.db.select().from(installationSteps)).toMatchObject([
      { step: STARTER_CATALOGUE_STEP, outcome: expect.stringContaining('not created') },
    ]);
  });
});

(inject('postgresUrl') ? describe : describe.skip)('the starter catalogue when nodes start at once [postgres]', () => {
  const nodes: { app?: FastifyInstance; database: Database }[] = [];
  let dispose: (() => Promise<void>) | undefined;
  afterAll(async () => {
    for (const node of nodes) await node.app?.close();
    for (const node of nodes.slice(1)) await node.database.close();
    await dispose?.();
  });

  it('two nodes starting together on one PostgreSQL create it once', async () => {
    const first = await openTestDatabase('postgres');
    dispose = first.dispose;
    nodes.push({ database: first.database });
    for (let i = 1; i < 4; i += 1) nodes.push({ database: await openDatabase({ databaseUrl: first.database.url!, poolSize: 2 }) });
    // Two whole nodes, and two more claims racing straight at the step from their own pools.
    const [a, b, ...claims] = await Promise.all([
      buildApp(seedingConfig(), { database: nodes[0]!.database, logger: false }),
      buildApp(seedingConfig(), { database: nodes[1]!.database, logger: false }),
      seedStarterCatalogue(nodes[2]!.database.db),
      seedStarterCatalogue(nodes[3]!.database.db),
    ]);
    nodes[0]!.app = a as FastifyInstance;
    nodes[1]!.app = b as FastifyInstance;
    expect(claims.every((outcome) => outcome === 'created' || outcome === 'done-before')).toBe(true);
    const rows = await catalogueRows(first.database);
    expect(rows.tiers).toEqual(['free', 'pro', 'starter']);
    expect(rows.tokenPackages).toEqual(['Large top-up', 'Medium top-up', 'Small top-up']);
    expect(rows.chatbotTemplates).toEqual(['Help centre assistant', 'Internal knowledge assistant', 'Sales assistant']);
    expect(rows.behaviorTemplates).toEqual(['Concise', 'Formal', 'Friendly', 'Helpful support assistant']);
    expect(rows.faqs).toHaveLength(3);
    expect(await first.database.db.select().from(adminActivityLogs).where(eq(adminActivityLogs.action, 'starter_catalogue_created'))).toHaveLength(1);
  });
});
