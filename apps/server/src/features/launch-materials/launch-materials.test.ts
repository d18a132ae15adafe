import type { LaunchCheckKey, LaunchMaterials } from '@parley/shared/contracts/launch-materials';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAdmin } from '../../test/admin';
import { createSignedInUser, describeEachDatabase, testConfig } from '../../test/harness';

async function checklist(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: 'GET', url: '/api/admin/launch-materials', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as LaunchMaterials;
  return { ...body, status: Object.fromEntries(body.checks.map((c) => [c.key, c.status])) as Record<LaunchCheckKey, string> };
}

describeEachDatabase('launch materials', (ctx) => {
  it('flips each item as the installation changes, and shows where the widget was seen', async () => {
    const c = ctx();
    const developer = await createAdmin(c, 'developer');
    let list = await checklist(c.app, developer.cookie);
    expect(list.status).toEqual({
      admin_created: 'todo',
      ai_key: 'todo',
      payment_provider: 'not_configured',
      smtp: 'todo',
      chatbot_live: 'todo',
      widget_embedded: 'todo',
    });
    expect(list.checks.every((check) => check.link.href.startsWith('/'))).toBe(true);
    expect(list).toMatchObject({ completed: 0, total: 6, embeds: [] });

    const admin = await createAdmin(c, 'system_admin');
    const key = await c.app.inject({
      method: 'POST',
      url: '/api/admin/system-api-keys',
      headers: { cookie: admin.cookie },
      payload: { serviceName: 'anthropic', keyName: 'launch', apiKey: 'sk-ant-launch-1234' },
    });
    expect(key.statusCode).toBe(201);
    const owner = await createSignedInUser(c);
    const bot = (
      await c.app.inject({
        method: 'POST',
        url: '/api/chatbots',
        headers: { cookie: owner.cookie },
        payload: { name: 'Shop helper', status: 'live', allowedOrigins: ['https://shop.example'] },
      })
    ).json() as { id: string };
    list = await checklist(c.app, developer.cookie);
    expect(list.status).toMatchObject({ admin_created: 'done', ai_key: 'done', chatbot_live: 'done', widget_embedded: 'todo' });
    expect(list.checks.find((check) => check.key === 'ai_key')!.detail).toContain('anthropic');

    // Parley's own pages (the demo) are not an embed; the shop's website is, by Origin or by Referer.
    await c.app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/config`, headers: { origin: 'http://localhost:3000' } });
    list = await checklist(c.app, developer.cookie);
    expect(list.status.widget_embedded).toBe('todo');
    await c.app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/config`, headers: { origin: 'https://shop.example' } });
    await c.app.inject({ method: 'GET', url: `/api/public/chatbots/${bot.id}/config`, headers: { origin: 'https://shop.example' } });
    list = await checklist(c.app, developer.cookie);
    expect(list.status.widget_embedded).toBe('done');
    expect(list.embeds).toEqual([expect.objectContaining({ chatbotId: bot.id, chatbotName: 'Shop helper', origin: 'https://shop.example', requestCount: 2 })]);
    expect(list.completed).toBe(4);
  });

  it('sees SMTP and environment AI keys from the configuration', async () => {
    const c = ctx();
    const app = await buildApp(testConfig({ SMTP_HOST: 'smtp.example.com', SMTP_PORT: '2525', OPENAI_API_KEY: 'sk-env-1234' }), {
      database: c.database,
      logger: false,
    });
    await app.ready();
    try {
      const developer = await createAdmin({ ...c, app }, 'developer');
      const list = await checklist(app, developer.cookie);
      expect(list.status).toMatchObject({ smtp: 'done', ai_key: 'done' });
      expect(list.checks.find((check) => check.key === 'smtp')!.detail).toContain('smtp.example.com:2525');
    } finally {
      await app.close();
    }
  });

  it('says whether Stripe can take payments: sandbox, a key without its webhook secret, then both', async () => {
    const c = ctx();
    const admin = await createAdmin(c, 'system_admin');
    const item = async () => (await checklist(c.app, admin.cookie)).checks.find((check) => check.key === 'payment_provider')!;
    const configure = async (payload: object) => {
      const response = await c.app.inject({ method: 'PUT', url: '/api/admin/billing/configuration', headers: { cookie: admin.cookie }, payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    expect(await item()).toMatchObject({ status: 'not_configured', detail: expect.stringContaining('built-in sandbox') });
    await configure({ secretKey: `sk_test_${'k'.repeat(24)}` });
    expect(await item()).toMatchObject({ status: 'todo', detail: expect.stringContaining('webhook signing secret is not') });
    await configure({ webhookSecret: 'whsec_abcdefgh12345678' });
    const done = await item();
    expect(done).toMatchObject({ status: 'done', detail: expect.stringContaining('http://localhost:3000/api/webhooks/stripe') });
    expect(done.detail).not.toContain('abcdefgh');
    await configure({ secretKey: null, webhookSecret: null });
    expect((await item()).status).toBe('not_configured');
  });

  it('is for system admins and developers only', async () => {
    const c = ctx();
    const support = await createAdmin(c, 'support');
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/launch-materials', headers: { cookie: support.cookie } })).statusCode).toBe(403);
    const customer = await createSignedInUser(c);
    expect((await c.app.inject({ method: 'GET', url: '/api/admin/launch-materials', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });
});
