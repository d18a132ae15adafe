import { blockedDeletionAdvice, type AccountDeletionStatus } from '@parley/shared/contracts/account-deletion';
import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountDeletions, adminUsers, chatbots, organizationMembers, organizations, securityAlerts, securityEvents, users } from '../../db/schema/index';
import { createMailer } from '../../providers/email/mailer';
import { createSignedInUser, describeEachDatabase, latestEmailTo, signIn, TEST_PASSWORD, type TestContext } from '../../test/harness';
import { seedConversation } from '../analytics/test-fixtures';
import { runAccountDeletionJob, sweepDueDeletions, type DeletionDeps } from './job';

const DAY = 24 * 60 * 60 * 1000;

async function organizationOf(c: TestContext, cookie: string): Promise<string> {
  const me = await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
  return (me.json() as { organizations: { id: string }[] }).organizations[0]!.id;
}

const status = async (c: TestContext, cookie: string) =>
  (await c.app.inject({ method: 'GET', url: '/api/account/deletion', headers: { cookie } })).json() as AccountDeletionStatus;

const requestDeletion = (c: TestContext, cookie: string, confirmation: unknown) =>
  c.app.inject({ method: 'POST', url: '/api/account/deletion', headers: { cookie }, payload: { confirmation } as object });

const deps = (c: TestContext): DeletionDeps => ({
  db: c.database.db,
  jobs: null,
  mailer: createMailer(c.config, c.database.db, c.app.log),
  log: c.app.log,
  billing: c.app.billing,
});

async function eventCount(c: TestContext, email: string, eventType: string) {
  return (
    await c.database.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.email, email), eq(securityEvents.eventType, eventType)))
  ).length;
}

describeEachDatabase('account deletion: confirmation, owned organizations, grace period, the job', (ctx) => {
  it('says what happens first, signs out at once, is cancelled by signing in, and deletes after the grace period', async () => {
    const c = ctx();
    const { db } = c.database;
    const user = await createSignedInUser(c);
    const organizationId = await organizationOf(c, user.cookie);
    const created = await c.app.inject({ method: 'POST', url: '/api/chatbots', headers: { cookie: user.cookie }, payload: { name: 'Doomed bot' } });
    const botId = (created.json() as { id: string }).id;
    await seedConversation(db, {
      organizationId,
      chatbotId: botId,
      channel: 'widget',
      startedAt: '2026-11-01T10:00:00Z',
      messages: [{ role: 'user', at: '2026-11-01T10:00:01Z' }],
    });

    const before = await status(c, user.cookie);
    expect(before).toMatchObject({ email: user.email, graceDays: 14, scheduled: null, blockers: [] });
    expect(before.organizations).toEqual([
      expect.objectContaining({ id: organizationId, role: 'owner', outcome: 'delete', chatbotCount: 1, conversationCount: 1, otherMemberCount: 0 }),
    ]);

    for (const confirmation of ['', 'delete', 'someone@else.example', 42]) {
      const refused = await requestDeletion(c, user.cookie, confirmation);
      expect(refused.statusCode, String(confirmation)).toBe(400);
    }
    expect((await status(c, user.cookie)).scheduled).toBeNull();

    const requested = await requestDeletion(c, user.cookie, user.email.toUpperCase());
    expect(requested.statusCode, requested.body).toBe(202);
    const scheduledFor = new Date((requested.json() as { scheduledFor: string }).scheduledFor);
    expect(Math.round((scheduledFor.getTime() - Date.now()) / DAY)).toBe(14);
    // Signed out everywhere at once.
    expect((await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).statusCode).toBe(401);
    expect((await latestEmailTo(c, user.email))?.kind).toBe('account_deletion_scheduled');
    expect(await eventCount(c, user.email, 'account_deletion_requested')).toBe(1);

    // Before the grace period ends, the job leaves it alone.
    expect(await sweepDueDeletions(deps(c), new Date(Date.now() + 13 * DAY))).toEqual([]);

    // Signing in cancels it.
    const back = await signIn(c.app, user.email, TEST_PASSWORD, '10.55.0.1');
    expect(back.statusCode).toBe(200);
    const cookie = back.cookies.map((k) => `${k.name}=${k.value}`).join('; ');
    expect((await status(c, cookie)).scheduled).toBeNull();
    expect((await latestEmailTo(c, user.email))?.kind).toBe('account_deletion_cancelled');
    expect(await eventCount(c, user.email, 'account_deletion_cancelled')).toBe(1);
    expect(await sweepDueDeletions(deps(c), new Date(Date.now() + 15 * DAY))).toEqual([]);

    // Asked again and left alone: after 14 days the account and its organization are gone.
    expect((await requestDeletion(c, cookie, 'DELETE')).statusCode).toBe(202);
    const due = await sweepDueDeletions(deps(c), new Date(Date.now() + 14 * DAY + 60_000));
    expect(due).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, user.userId))).toHaveLength(0);
    expect(await db.select().from(organizations).where(eq(organizations.id, organizationId))).toHaveLength(0);
    expect(await db.select().from(chatbots).where(eq(chatbots.id, botId))).toHaveLength(0);
    const [record] = await db.select().from(accountDeletions).where(eq(accountDeletions.id, due[0]!));
    expect(record).toMatchObject({ status: 'completed', userId: null, email: user.email });
    expect(record!.summary.deletedOrganizations).toEqual([expect.objectContaining({ id: organizationId, chatbots: 1, conversations: 1 })]);
    expect(await eventCount(c, user.email, 'account_deleted')).toBe(1);
    // Routine customer actions: recorded, but not high-severity (no urgent alert to every system admin, no points off the score).
    const events = await db.select().from(securityEvents).where(eq(securityEvents.email, user.email));
    for (const event of events.filter((e) => e.eventType.startsWith('account_delet'))) expect(['low', 'medium'], event.eventType).toContain(event.severity);
    expect(
      await db
        .select()
        .from(securityAlerts)
        .where(inArray(securityAlerts.subject, ['account_deletion_requested', 'account_deleted'])),
    ).toEqual([]);
    expect((await latestEmailTo(c, user.email))?.kind).toBe('account_deleted');
    // Running the job again does nothing.
    expect((await runAccountDeletionJob(deps(c), due[0]!, new Date(Date.now() + 20 * DAY))).outcome).toBe('skipped');
    expect((await signIn(c.app, user.email, TEST_PASSWORD, '10.55.0.2')).statusCode).toBe(401);
  });

  it('refuses while the user is the only owner of an organization with other members, naming them', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    const colleague = await createSignedInUser(c);
    await db.insert(organizationMembers).values({ organizationId, userId: colleague.userId, role: 'admin' });

    const view = await status(c, owner.cookie);
    expect(view.organizations[0]).toMatchObject({
      outcome: 'blocked',
      otherMemberCount: 1,
      otherMembers: [{ email: colleague.email, role: 'admin', name: 'Ada Lovelace' }],
    });
    expect(view.blockers).toHaveLength(1);
    const refused = await requestDeletion(c, owner.cookie, 'DELETE');
    expect(refused.statusCode).toBe(409);
    // A personal workspace cannot be handed over: the advice is to remove the other members, not to transfer it.
    expect(view.organizations[0]!.isPersonal).toBe(true);
    expect(refused.json().message).toBe(
      `Your personal workspace “${view.organizations[0]!.name}” has 1 other member (Ada Lovelace). ${blockedDeletionAdvice({ isPersonal: true })}`,
    );
    expect(refused.json().message).not.toMatch(/owner/i);
    expect((await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: owner.cookie } })).statusCode).toBe(200);

    // The colleague only leaves that organization; their own one goes with them.
    const colleagueView = await status(c, colleague.cookie);
    expect(colleagueView.organizations.map((o) => o.outcome).sort()).toEqual(['delete', 'leave']);
    expect((await requestDeletion(c, colleague.cookie, 'DELETE')).statusCode).toBe(202);
    await sweepDueDeletions(deps(c), new Date(Date.now() + 15 * DAY));
    expect(await db.select().from(organizations).where(eq(organizations.id, organizationId))).toHaveLength(1);
    expect(await db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, organizationId))).toHaveLength(1);
  });

  it('the way out it gives works: a personal workspace is freed by removing its members; an organization by handing it over', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const personalId = await organizationOf(c, owner.cookie);
    const colleague = await createSignedInUser(c);
    await db.insert(organizationMembers).values({ organizationId: personalId, userId: colleague.userId, role: 'member' });
    const team = await c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: owner.cookie }, payload: { name: 'Rocket Team' } });
    const teamId = (team.json() as { id: string }).id;
    await db.insert(organizationMembers).values({ organizationId: teamId, userId: colleague.userId, role: 'admin' });

    const view = await status(c, owner.cookie);
    expect(view.blockers).toEqual([
      `Your personal workspace “${view.organizations[0]!.name}” has 1 other member (Ada Lovelace). ${blockedDeletionAdvice({ isPersonal: true })}`,
      `You are the only owner of “Rocket Team”, which has 1 other member (Ada Lovelace). ${blockedDeletionAdvice({ isPersonal: false })}`,
    ]);
    expect(view.blockers[1]).toContain('Make one of them owner');
    const asOwnerIn = (organizationId: string) => ({ cookie: owner.cookie, 'x-organization-id': organizationId });
    // Handing the personal workspace over is refused, as the advice says; removing the member works.
    const handOver = await c.app.inject({
      method: 'POST',
      url: '/api/organizations/current/transfer-ownership',
      headers: asOwnerIn(personalId),
      payload: { userId: colleague.userId },
    });
    expect(handOver.statusCode).toBe(400);
    const removed = await c.app.inject({ method: 'DELETE', url: `/api/organizations/current/members/${colleague.userId}`, headers: asOwnerIn(personalId) });
    expect(removed.statusCode, removed.body).toBe(200);
    const handedOver = await c.app.inject({
      method: 'POST',
      url: '/api/organizations/current/transfer-ownership',
      headers: asOwnerIn(teamId),
      payload: { userId: colleague.userId },
    });
    expect(handedOver.statusCode, handedOver.body).toBe(200);
    const after = await status(c, owner.cookie);
    expect(after.blockers).toEqual([]);
    expect(after.organizations.map((o) => [o.isPersonal, o.outcome])).toEqual([
      [true, 'delete'],
      [false, 'leave'],
    ]);
  });

  it('cancels at deletion time if the organization gained members during the grace period', async () => {
    const c = ctx();
    const { db } = c.database;
    const owner = await createSignedInUser(c);
    const organizationId = await organizationOf(c, owner.cookie);
    const requested = await requestDeletion(c, owner.cookie, 'DELETE');
    expect(requested.statusCode).toBe(202);
    const joiner = await createSignedInUser(c);
    await db.insert(organizationMembers).values({ organizationId, userId: joiner.userId, role: 'member' });
    const due = await sweepDueDeletions(deps(c), new Date(Date.now() + 15 * DAY));
    expect(due).toHaveLength(1);
    expect(await db.select().from(users).where(eq(users.id, owner.userId))).toHaveLength(1);
    const [record] = await db.select().from(accountDeletions).where(eq(accountDeletions.id, due[0]!));
    expect(record!.status).toBe('cancelled');
    expect((await latestEmailTo(c, owner.email))?.kind).toBe('account_deletion_cancelled');
  });

  it('does not delete staff accounts from the customer settings', async () => {
    const c = ctx();
    const staff = await createSignedInUser(c);
    await c.database.db.insert(adminUsers).values({ userId: staff.userId, role: 'support', isActive: true });
    expect((await status(c, staff.cookie)).blockers[0]).toMatch(/staff/);
    expect((await requestDeletion(c, staff.cookie, 'DELETE')).statusCode).toBe(403);
    expect((await c.app.inject({ method: 'POST', url: '/api/account/deletion', headers: { cookie: staff.cookie }, payload: {} })).statusCode).toBe(400);
  });
});
