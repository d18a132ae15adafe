import type { PublicLanding } from '@parley/shared/contracts/landing';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { chatbots, organizations } from '../../db/schema/index';
import { describeEachDatabase, type TestContext } from '../../test/harness';

const DEMO_ID = '3f0c2a9e-6b1d-4c7a-9e2f-5a8b7c6d4e10';

async function insertDemoChatbot(c: TestContext, status: 'draft' | 'live') {
  const [org] = await c.database.db
    .insert(organizations)
    .values({ name: 'Operator', slug: `operator-${Date.now().toString(36)}` })
    .returning({ id: organizations.id });
  await c.database.db.insert(chatbots).values({
    id: DEMO_ID,
    organizationId: org!.id,
    name: 'Parley helper',
    systemPrompt: 'Answer from the Parley documentation.',
    appearance: { color: '#4f46e5', position: 'bottom-right', title: 'Ask Parley', avatarUrl: null },
    status,
  });
}

const landing = async (c: TestContext) => {
  const response = await c.app.inject({ method: 'GET', url: '/api/public/landing' });
  expect(response.statusCode).toBe(200);
  return response.json() as PublicLanding;
};

describeEachDatabase(
  'landing page data with a demo chatbot set',
  (ctx) => {
    it('shows the demo chatbot to anyone only while it exists and is live, with nothing but its id and name', async () => {
      const c = ctx();
      expect(await landing(c)).toEqual({ demoChatbot: null });

      await insertDemoChatbot(c, 'draft');
      expect(await landing(c)).toEqual({ demoChatbot: null });

      await c.database.db.update(chatbots).set({ status: 'live' }).where(eq(chatbots.id, DEMO_ID));
      expect(await landing(c)).toEqual({ demoChatbot: { id: DEMO_ID, name: 'Parley helper' } });

      await c.database.db.update(chatbots).set({ status: 'draft' }).where(eq(chatbots.id, DEMO_ID));
      expect(await landing(c)).toEqual({ demoChatbot: null });
    });

    it('serves the landing page under a CSP that lets it load Parley’s own widget script and API', async () => {
      const response = await ctx().app.inject({ method: 'GET', url: '/' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    });
  },
  { PUBLIC_DEMO_CHATBOT_ID: DEMO_ID.toUpperCase() },
);

describeEachDatabase('landing page data without a demo chatbot', (ctx) => {
  it('has no demo when PUBLIC_DEMO_CHATBOT_ID is unset', async () => {
    expect(await landing(ctx())).toEqual({ demoChatbot: null });
  });
});

describe('PUBLIC_DEMO_CHATBOT_ID', () => {
  const base = { DATA_DIR: '/tmp/parley-landing-config', PARLEY_SECRET_KEY: 'x'.repeat(32) };

  it('must be a chatbot id', () => {
    expect(() => loadConfig({ ...base, PUBLIC_DEMO_CHATBOT_ID: 'my-demo' }, { persistSecret: false })).toThrow(
      'PUBLIC_DEMO_CHATBOT_ID: must be a chatbot id (a UUID)',
    );
  });

  it('is optional, and an empty value means none', () => {
    expect(loadConfig({ ...base }, { persistSecret: false }).publicDemoChatbotId).toBeUndefined();
    expect(loadConfig({ ...base, PUBLIC_DEMO_CHATBOT_ID: ' ' }, { persistSecret: false }).publicDemoChatbotId).toBeUndefined();
    expect(loadConfig({ ...base, PUBLIC_DEMO_CHATBOT_ID: DEMO_ID.toUpperCase() }, { persistSecret: false }).publicDemoChatbotId).toBe(DEMO_ID);
  });
});
