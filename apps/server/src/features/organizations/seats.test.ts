import { ORGANIZATION_SEATS_MAX } from '@parley/shared/constants';
import { TEAM_MESSAGES } from '@parley/shared/contracts/organizations';
import { and, count, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { organizationInvitations, organizationMembers, users } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, uniqueEmail, type TestContext } from '../../test/harness';
import { accept, createTeam, inOrganization, invite, type Person } from '../../test/teams';

const INVITATIONS = '/api/organizations/current/invitations';

/** Adds members (made-up users) until the organization has `total` members. */
async function fillMembers(c: TestContext, organizationId: string, total: number): Promise<void> {
  const { db } = c.database;
  const [row] = await db.select({ n: count() }).from(organizationMembers).where(eq(organizationMembers.organizationId, organizationId));
  const missing = total - Number(row?.n ?? 0);
  if (missing <= 0) return;
  const made = await db
    .insert(users)
    .values(Array.from({ length: missing }, (_, i) => ({ name: `Filler ${i}`, email: uniqueEmail(`filler-${i}`), emailVerified: true })))
    .returning({ id: users.id });
  await db.insert(organizationMembers).values(made.map((u) => ({ organizationId, userId: u.id, role: 'member' as const })));
}

const memberTotal = async (c: TestContext, organizationId: string) =>
  Number((await c.database.db.select({ n: count() }).from(organizationMembers).where(eq(organizationMembers.organizationId, organizationId)))[0]?.n ?? 0);

describeEachDatabase(`an organization's ${ORGANIZATION_SEATS_MAX} seats hold when inviting, re-sending and accepting`, (ctx) => {
  const sendInvite = (c: TestContext, person: Person, organizationId: string, email = uniqueEmail()) =>
    c.app.inject({ method: 'POST', url: INVITATIONS, headers: inOrganization(person, organizationId), payload: { email, role: 'member' } });

  it('inviting into a full organization is a 409; re-sending an expired invitation takes a seat again, so it is refused too', async () => {
    const c = ctx();
    const team = await createTeam(c);
    const expired = await invite(c, team.owner, team.organizationId, uniqueEmail('expired'));
    const live = await invite(c, team.owner, team.organizationId, uniqueEmail('live'));
    await c.database.db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.id, expired.id));
    // Members plus the live invitation fill every seat.
    await fillMembers(c, team.organizationId, ORGANIZATION_SEATS_MAX - 1);

    const full = await sendInvite(c, team.owner, team.organizationId);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(TEAM_MESSAGES.seatsFull(ORGANIZATION_SEATS_MAX));
    const resentExpired = await c.app.inject({
      method: 'POST',
      url: `${INVITATIONS}/${expired.id}/resend`,
      headers: inOrganization(team.owner, team.organizationId),
    });
    expect(resentExpired.statusCode).toBe(409);
    expect(resentExpired.json().message).toBe(TEAM_MESSAGES.seatsFull(ORGANIZATION_SEATS_MAX));
    const [still] = await c.database.db.select().from(organizationInvitations).where(eq(organizationInvitations.id, expired.id));
    expect(still!.expiresAt.getTime()).toBeLessThan(Date.now());
    // The live invitation holds its own seat: sending it again is fine.
    const resentLive = await c.app.inject({
      method: 'POST',
      url: `${INVITATIONS}/${live.id}/resend`,
      headers: inOrganization(team.owner, team.organizationId),
    });
    expect(resentLive.statusCode, resentLive.body).toBe(200);
  });

  it('accepting when the members alone fill every seat is a clear 409, and the invitation stays usable', async () => {
    const c = ctx();
    const team = await createTeam(c);
    const email = uniqueEmail('late');
    const { id, token } = await invite(c, team.owner, team.organizationId, email);
    await fillMembers(c, team.organizationId, ORGANIZATION_SEATS_MAX);
    const person = await createSignedInUser(c, email);
    const refused = await accept(c, person, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(TEAM_MESSAGES.seatsFullOnAccept(ORGANIZATION_SEATS_MAX));
    expect(await memberTotal(c, team.organizationId)).toBe(ORGANIZATION_SEATS_MAX);
    const [invitation] = await c.database.db
      .select()
      .from(organizationInvitations)
      .where(and(eq(organizationInvitations.id, id), isNull(organizationInvitations.acceptedAt)));
    expect(invitation).toBeDefined();

    // A seat freed: the same link works.
    const removable = await c.database.db
      .select({ userId: organizationMembers.userId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, team.organizationId), eq(organizationMembers.role, 'member')))
      .limit(1);
    await c.database.db
      .delete(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, team.organizationId), eq(organizationMembers.userId, removable[0]!.userId)));
    expect((await accept(c, person, token)).statusCode).toBe(200);
  });

  it('two people accepting into the last seat at once: one joins, the other gets the 409', async () => {
    const c = ctx();
    const team = await createTeam(c);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const a = await invite(c, team.owner, team.organizationId, first);
    const b = await invite(c, team.owner, team.organizationId, second);
    const people = [await createSignedInUser(c, first), await createSignedInUser(c, second)];
    // One seat left for two live invitations (members added since they were sent).
    await fillMembers(c, team.organizationId, ORGANIZATION_SEATS_MAX - 1);
    const results = await Promise.all([accept(c, people[0]!, a.token), accept(c, people[1]!, b.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await memberTotal(c, team.organizationId)).toBe(ORGANIZATION_SEATS_MAX);
  });
});
