import type { NotificationPreferences } from '@parley/shared/contracts/notification-preferences';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { conversations, emailOutbox, handoffs, organizationMembers } from '../../db/schema/index';
import { createMailer } from '../../providers/email/mailer';
import { createSignedInUser, describeEachDatabase, uniqueEmail, type TestContext } from '../../test/harness';
import { sendHandoffWaitAlert } from '../handoffs/alerts';
import { emailsThatWant, shouldEmail } from './service';

const url = '/api/account/notification-preferences';

async function organizationOf(c: TestContext, cookie: string): Promise<string> {
  const me = await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (me.json() as { organizations: { id: string }[] }).organizations[0]!.id;
}

describeEachDatabase('notification preferences: stored per user, on by default, respected by the senders', (ctx) => {
  it('starts with every kind on, changes one at a time, and refuses bad bodies', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    const initial = await c.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
    expect(initial.json()).toEqual({ handoff_waiting: true, usage_thresholds: true, billing: true, product_messages: true });

    const changed = await c.app.inject({ method: 'PATCH', url, headers: { cookie: user.cookie }, payload: { product_messages: false } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ handoff_waiting: true, usage_thresholds: true, billing: true, product_messages: false });
    const again = await c.app.inject({ method: 'PATCH', url, headers: { cookie: user.cookie }, payload: { billing: false, product_messages: true } });
    expect(again.json()).toEqual({ handoff_waiting: true, usage_thresholds: true, billing: false, product_messages: true });

    for (const payload of [{}, { newsletter: false }, { billing: 'no' }, { billing: null }]) {
      const response = await c.app.inject({ method: 'PATCH', url, headers: { cookie: user.cookie }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(((await c.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })).json() as NotificationPreferences).billing).toBe(false);
    expect((await c.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('answers shouldEmail by user or address; people outside Parley get what was addressed to them', async () => {
    const c = ctx();
    const { db } = c.database;
    const user = await createSignedInUser(c);
    await c.app.inject({ method: 'PATCH', url, headers: { cookie: user.cookie }, payload: { usage_thresholds: false } });
    expect(await shouldEmail(db, { userId: user.userId }, 'usage_thresholds')).toBe(false);
    expect(await shouldEmail(db, { email: user.email.toUpperCase() }, 'usage_thresholds')).toBe(false);
    expect(await shouldEmail(db, { userId: user.userId }, 'billing')).toBe(true);
    const outsider = uniqueEmail('outside');
    expect(await shouldEmail(db, { email: outsider }, 'usage_thresholds')).toBe(true);
    expect(await emailsThatWant(db, [user.email, outsider], 'usage_thresholds')).toEqual([outsider]);
  });

  it('the handoff wait alert skips owners and admins who turned it off', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    const admin = await createSignedInUser(c);
    await db.insert(organizationMembers).values({ organizationId, userId: admin.userId, role: 'admin' });
    const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: owner.cookie }, payload: { name: 'Support bot' } });
    const botId = (created.json() as { id: string }).id;
    const deps = { db, mailer: createMailer(c.config, db, c.app.log), publicUrl: c.config.publicUrl };
    const waiting = async () => {
      const [conversation] = await db
        .insert(conversations)
        .values({ organizationId, chatbotId: botId, visitorId: `v-${Math.random()}`, channel: 'widget' })
        .returning({ id: conversations.id });
      const [handoff] = await db
        .insert(handoffs)
        .values({ organizationId, chatbotId: botId, conversationId: conversation!.id, reason: 'visitor_request', lastMessagePreview: 'Hello?' })
        .returning({ id: handoffs.id });
      return handoff!.id;
    };
    const alertsTo = async (email: string) =>
      (
        await db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'handoff_waiting')))
      ).length;

    expect(await sendHandoffWaitAlert(deps, await waiting())).toBe(2);
    await c.app.inject({ method: 'PATCH', url, headers: { cookie: admin.cookie }, payload: { handoff_waiting: false } });
    expect(await sendHandoffWaitAlert(deps, await waiting())).toBe(1);
    expect(await alertsTo(owner.email)).toBe(2);
    expect(await alertsTo(admin.email)).toBe(1);
    // Another kind turned off does not matter.
    await c.app.inject({ method: 'PATCH', url, headers: { cookie: owner.cookie }, payload: { billing: false } });
    expect(await sendHandoffWaitAlert(deps, await waiting())).toBe(1);
  });
});
