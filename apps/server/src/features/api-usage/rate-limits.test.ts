import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_KEY_REQUESTS_PER_MINUTE,
  API_REQUESTS_PER_IP_PER_MINUTE,
  PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE,
  PUBLIC_CHAT_PER_IP_PER_MINUTE,
} from '@parley/shared/constants';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { rateLimitHits } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, type TestContext } from '../../test/harness';
import { RATE_LIMIT_STATUS } from '../pricing-plans/rate-limits';
import { splitLimiterKey } from './recorder';

const SHOP = 'https://shop.example';

async function liveChatbot(c: TestContext, cookie: string, name: string) {
  const response = await c.app.inject({
    method: 'POST',
    url: '/api/chatbots',
    headers: { cookie },
    payload: { name, status: 'live', allowedOrigins: [SHOP] },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { id: string }).id;
}

describeEachDatabase('rate limits: enforced with 429 and Retry-After, shown as Enforced, and each refusal recorded', (ctx) => {
  it('the widget: per visitor IP, then per chatbot', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const bot = await liveChatbot(c, owner.cookie, 'Widget bot');
    const ask = (ip: string) =>
      c.app.inject({ method: 'POST', url: `/api/public/chatbots/${bot}/messages`, remoteAddress: ip, headers: { origin: SHOP }, payload: { message: 'hi?' } });

    for (let i = 0; i < PUBLIC_CHAT_PER_IP_PER_MINUTE; i += 1) expect((await ask('192.0.2.1')).statusCode).toBe(200);
    const perIp = await ask('192.0.2.1');
    expect(perIp.statusCode).toBe(429);
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);
    expect(perIp.headers['access-control-allow-origin']).toBe(SHOP);

    // Only answered messages count against the chatbot (the per-IP refusal spent none of its allowance): fill it up from other visitors.
    let sent = PUBLIC_CHAT_PER_IP_PER_MINUTE;
    for (let ip = 2; sent < PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE; ip += 1) {
      for (let i = 0; i < PUBLIC_CHAT_PER_IP_PER_MINUTE && sent < PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE; i += 1, sent += 1) {
        expect((await ask(`192.0.2.${ip}`)).statusCode).toBe(200);
      }
    }
    const perBot = await ask('192.0.2.250');
    expect(perBot.statusCode).toBe(429);
    expect(Number(perBot.headers['retry-after'])).toBeGreaterThan(0);

    await c.app.apiUsage.flush();
    const refusals = await c.database.db.select().from(rateLimitHits).where(eq(rateLimitHits.route, 'POST /api/public/chatbots/:id/messages'));
    expect(refusals.map((r) => r.bucket).sort()).toEqual(['chat:bot', 'chat:ip']);
    expect(refusals.find((r) => r.bucket === 'chat:ip')).toMatchObject({
      subject: `${bot}:192.0.2.1`,
      limit: PUBLIC_CHAT_PER_IP_PER_MINUTE,
      ipAddress: '192.0.2.1',
    });
  });

  it('the OpenAI-compatible API: per key, and per client IP before the key is checked', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const bot = await liveChatbot(c, owner.cookie, 'API bot');
    const { secret } = (await c.app.inject({ method: 'POST', url: '/api/api-keys', headers: { cookie: owner.cookie }, payload: { name: 'load' } })).json() as {
      secret: string;
    };
    const complete = (ip: string, key = secret) =>
      c.app.inject({
        method: 'POST',
        url: '/v1/chat/completions',
        remoteAddress: ip,
        headers: { authorization: `Bearer ${key}` },
        payload: { model: bot, messages: [{ role: 'user', content: 'hi?' }] },
      });
    for (let i = 0; i < API_KEY_REQUESTS_PER_MINUTE; i += 1) expect((await complete(`198.18.1.${(i % 50) + 1}`)).statusCode).toBe(200);
    const perKey = await complete('198.18.1.99');
    expect(perKey.statusCode).toBe(429);
    expect(perKey.json()).toMatchObject({ error: { code: 'rate_limit_exceeded' } });
    expect(Number(perKey.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < API_REQUESTS_PER_IP_PER_MINUTE; i += 1) expect((await complete('198.18.2.1', 'pk_guess_' + i)).statusCode).toBe(401);
    const perIp = await complete('198.18.2.1', 'pk_guess_last');
    expect(perIp.statusCode).toBe(429);
    expect(perIp.json()).toMatchObject({ error: { type: 'rate_limit_exceeded' } });
    expect(Number(perIp.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the enforcement card lists each of these limits as Enforced', () => {
    const byKey = Object.fromEntries(RATE_LIMIT_STATUS.map((l) => [l.key, l]));
    // Set by each tier (null on the card), enforced all the same.
    expect(byKey['widget-visitor-ip']).toMatchObject({ limit: null, status: 'enforced' });
    expect(byKey['widget-chatbot']).toMatchObject({ limit: null, status: 'enforced' });
    expect(byKey['api-key']).toMatchObject({ limit: null, status: 'enforced' });
    expect(byKey['api-ip']).toMatchObject({ limit: API_REQUESTS_PER_IP_PER_MINUTE, status: 'enforced' });
    expect(byKey['sign-in-email']?.status).toBe('enforced');
    expect(byKey['sign-in-ip']?.status).toBe('enforced');
  });

  it("every limiter key the server's code uses is on the enforcement card", () => {
    // Limiter key prefix → the card entries that describe it (null: not a limit on callers).
    const cardFor: Record<string, string[] | null> = {
      'signin:email': ['sign-in-email'],
      'signin:ip': ['sign-in-ip'],
      'auth-email:address': ['auth-emails-address'],
      'auth-email': ['sign-up-ip', 'confirmation-resend-ip', 'password-reset-ip'],
      'chat:bot': ['widget-chatbot'],
      'chat:key': ['api-key'],
      'api:ip': ['api-ip'],
      csp: ['csp-reports'],
      'client-events': ['client-security-events'],
      'password-change': ['password-change'],
      'email-change': ['email-change'],
      invitations: ['invitation-emails'],
      'data-exports': ['data-exports'],
      'invitation-preview': ['invitation-preview'],
      'invitation-accept': ['invitation-accept'],
      'webhook-test': ['webhook-test'],
      'n8n-test': ['n8n-test'],
      'system-configuration-n8n-test': ['n8n-connection-test'],
      'action-webhook-test': ['action-webhook-test'],
      'chatbot-action-test': ['chatbot-action-test'],
      'chatbot-action-mcp-tools': ['chatbot-action-mcp-tools'],
      'action-template-mcp-tools': ['action-template-mcp-tools'],
      // The security audit's probe of the limiter's store.
      'audit-probe': null,
    };
    const root = path.resolve(import.meta.dirname, '../..');
    const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const prefixes = new Set<string>();
    for (const file of sources) {
      // The static start of each key given to the limiter: `signin:ip:${ip}` → signin:ip (a key that starts dynamic is skipped).
      for (const match of readFileSync(path.join(root, file), 'utf8').matchAll(/(?:\.hit|\blimited)\(\s*`([^`$]*)/g)) {
        const prefix = match[1]!.replace(/:+$/, '');
        if (prefix) prefixes.add(prefix);
      }
    }
    expect(prefixes.size).toBeGreaterThan(15);
    const cardKeys = new Set(RATE_LIMIT_STATUS.map((l) => l.key));
    for (const prefix of prefixes) {
      expect(Object.keys(cardFor), `limiter key ${prefix}: add it to the card (features/pricing-plans/rate-limits.ts)`).toContain(prefix);
      for (const key of cardFor[prefix] ?? []) expect(cardKeys, prefix).toContain(key);
    }
  });

  it('splits a limiter key into its limit and its subject', () => {
    expect(splitLimiterKey('signin:ip:1.2.3.4')).toEqual({ bucket: 'signin:ip', subject: '1.2.3.4' });
    expect(splitLimiterKey('signin:email:a@b.example')).toEqual({ bucket: 'signin:email', subject: 'a@b.example' });
    expect(splitLimiterKey('csp:::1')).toEqual({ bucket: 'csp', subject: '::1' });
    expect(splitLimiterKey('chat:ip:bot-1:2001:db8::1')).toEqual({ bucket: 'chat:ip', subject: 'bot-1:2001:db8::1' });
    expect(splitLimiterKey('client-events:10.0.0.1')).toEqual({ bucket: 'client-events', subject: '10.0.0.1' });
  });
});
