import { PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE, PUBLIC_CHAT_PER_IP_PER_MINUTE } from '@parley/shared/constants';
import { expect, it } from 'vitest';
import { createSignedInUser, describeEachDatabase } from '../../test/harness';

describeEachDatabase('the public chat’s rate limits', (ctx) => {
  it('refuses one address past its own limit without spending the chatbot’s allowance, so other visitors still get answers', async () => {
    const c = ctx();
    const owner = await createSignedInUser(c);
    const bot = (await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Busy bot' } })).json() as {
      id: string;
    };
    await c.app.inject({ method: 'PATCH', url: `/api/chatbots/${bot.id}`, headers: { cookie: owner.cookie }, payload: { status: 'live' } });
    const ask = (ip: string) =>
      c.app.inject({
        method: 'POST',
        url: `/api/public/chatbots/${bot.id}/messages`,
        remoteAddress: ip,
        payload: { message: 'Do you ship to Norway?', visitorId: `visitor-${ip.replaceAll('.', '-')}` },
      });

    // One script, more requests than the chatbot's whole allowance for the minute, from one address.
    const statuses: number[] = [];
    for (let i = 0; i < PUBLIC_CHAT_PER_CHATBOT_PER_MINUTE + 10; i += 1) statuses.push((await ask('203.0.113.7')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PUBLIC_CHAT_PER_IP_PER_MINUTE);
    expect(statuses.slice(PUBLIC_CHAT_PER_IP_PER_MINUTE).every((s) => s === 429)).toBe(true);
    const refused = await ask('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Another visitor is answered: only the script's 20 accepted requests counted against the chatbot.
    const visitor = await ask('198.51.100.23');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.headers['content-type']).toContain('text/event-stream');
  });
});
