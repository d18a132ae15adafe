import { NOT_ORGANIZATION_MEMBER_MESSAGE, insufficientOrganizationRoleMessage } from '@parley/shared/access';
import { INVITATION_EMAILS_PER_HOUR, ORGANIZATION_SEATS_MAX, ORGANIZATIONS_OWNED_MAX } from '@parley/shared/constants';
import type { MeResponse } from '@parley/shared/contracts/auth';
import {
  TEAM_MESSAGES,
  type InvitationList,
  type InvitationPreview,
  type MemberList,
  type MembershipEventList,
  type Organization,
  type OrganizationList,
} from '@parley/shared/contracts/organizations';
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { chatbots, organizationInvitations, organizationMembers, organizations } from '../../db/schema/index';
import { createSignedInUser, describeEachDatabase, latestEmailTo, uniqueEmail, type TestContext } from '../../test/harness';
import { accept, createTeam, inOrganization, invitationTokenFor, invite, inviteAndJoin, type Person } from '../../test/teams';
import { hashInvitationToken } from './invitations';

const CURRENT = '/api/organizations/current';

describeEachDatabase('organizations and teams: members, roles, invitations, ownership', (ctx) => {
  const call = (c: TestContext, person: Person, organizationId: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    c.app.inject({ method, url, headers: inOrganization(person, organizationId), ...(payload ? { payload } : {}) });
  const members = async (c: TestContext, person: Person, organizationId: string) =>
    ((await call(c, person, organizationId, 'GET', `${CURRENT}/members`)).json() as MemberList).items;
  const roleOf = async (c: TestContext, organizationId: string, userId: string) =>
    (
      await c.database.db
        .select({ role: organizationMembers.role })
        .from(organizationMembers)
        .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.userId, userId)))
    )[0]?.role ?? null;

  it('a new user owns a personal workspace; creating an organization makes them its owner; /api/me lists every membership with its role', async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    let mine = ((await c.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie: user.cookie } })).json() as OrganizationList).items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ role: 'owner', isPersonal: true, memberCount: 1, slug: `personal-${user.userId.slice(0, 8)}` });

    const created = await c.app.inject({
      method: 'POST',
      url: '/api/organizations',
      headers: { cookie: user.cookie },
      payload: { name: '  Personal Rockets  ' },
    });
    expect(created.statusCode).toBe(201);
    const org = created.json() as Organization;
    expect(org).toMatchObject({ name: 'Personal Rockets', role: 'owner', isPersonal: false, memberCount: 1 });
    expect(org.slug).toMatch(/^org-personal-rockets-[0-9a-f]{6}$/);

    const other = await createSignedInUser(c);
    const sneaky = await c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: other.cookie }, payload: { name: 'personal' } });
    expect((sneaky.json() as Organization).slug).toMatch(/^org-personal-[0-9a-f]{6}$/);

    mine = ((await c.app.inject({ method: 'GET', url: '/api/organizations', headers: { cookie: user.cookie } })).json() as OrganizationList).items;
    expect(mine.map((o) => [o.name === 'Personal Rockets', o.role])).toEqual([
      [false, 'owner'],
      [true, 'owner'],
    ]);
    const me = (await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json() as MeResponse;
    expect(me.organizations.map((o) => ({ id: o.id, role: o.role, isPersonal: o.isPersonal }))).toEqual(
      mine.map((o) => ({ id: o.id, role: o.role, isPersonal: o.isPersonal })),
    );

    // The header chooses the organization; without it the oldest membership (the personal one) is used.
    const current = (headers: Record<string, string>) => c.app.inject({ method: 'GET', url: CURRENT, headers: { cookie: user.cookie, ...headers } });
    expect(((await current({})).json() as Organization).isPersonal).toBe(true);
    expect(((await current({ 'x-organization-id': org.id })).json() as Organization).id).toBe(org.id);
    expect(((await current({ cookie: `${user.cookie}; parley_org=${org.id}` })).json() as Organization).id).toBe(org.id);

    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const bad = await c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: user.cookie }, payload: { name } });
      expect(bad.statusCode, name).toBe(400);
    }
  });

  it(`a user owns at most ${ORGANIZATIONS_OWNED_MAX} organizations`, async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    for (let i = 1; i < ORGANIZATIONS_OWNED_MAX; i += 1) {
      const response = await c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: user.cookie }, payload: { name: `Org ${i}` } });
      expect(response.statusCode).toBe(201);
    }
    const refused = await c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: user.cookie }, payload: { name: 'One too many' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(TEAM_MESSAGES.tooManyOwned(ORGANIZATIONS_OWNED_MAX));
  });

  it(`the ${ORGANIZATIONS_OWNED_MAX}-organization cap holds when organizations are created at once`, async () => {
    const c = ctx();
    const user = await createSignedInUser(c);
    // The personal workspace is the first; eight more leave room for one, which five requests race for.
    for (let i = 2; i < ORGANIZATIONS_OWNED_MAX; i += 1) {
      await c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: user.cookie }, payload: { name: `Org ${i}` } });
    }
    const raced = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: user.cookie }, payload: { name: `Racer ${i}` } }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 403, 403, 403, 403]);
    const [owned] = await c.database.db
      .select({ n: count() })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.userId, user.userId), eq(organizationMembers.role, 'owner')));
    expect(Number(owned!.n)).toBe(ORGANIZATIONS_OWNED_MAX);
  });

  it('an invitation is e-mailed with a link whose token is stored hashed; accepting joins with the invited role, once', async () => {
    const c = ctx();
    const team = await createTeam(c);
    const email = uniqueEmail('Colleague');
    const mixedCase = email.replace('colleague', 'CoLLeague');
    const sent = await call(c, team.owner, team.organizationId, 'POST', `${CURRENT}/invitations`, { email: mixedCase, role: 'member' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ email: email.toLowerCase(), role: 'member', sendCount: 1, isExpired: false });
    const mail = await latestEmailTo(c, email.toLowerCase());
    expect(mail!.subject).toMatch(/invited you to Acme Support on Parley$/);
    expect(mail!.textBody).toContain('expires in 7 days');
    const token = await invitationTokenFor(c, email);
    expect(mail!.textBody).toContain(`${c.config.publicUrl}/invite/${token}`);
    const [stored] = await c.database.db.select().from(organizationInvitations).where(eq(organizationInvitations.email, email.toLowerCase()));
    expect(stored!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const expiresInDays = (stored!.expiresAt.getTime() - stored!.createdAt.getTime()) / 86_400_000;
    expect(expiresInDays).toBeCloseTo(7, 5);

    // Anyone holding the link sees what it is for, signed in or not.
    const preview = await c.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } });
    expect(preview.json()).toMatchObject({
      organizationName: 'Acme Support',
      email: email.toLowerCase(),
      role: 'member',
      status: 'pending',
    } satisfies Partial<InvitationPreview>);

    const colleague = await createSignedInUser(c, email.toLowerCase());
    const accepted = await accept(c, colleague, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ alreadyMember: false, organization: { id: team.organizationId, role: 'member', name: 'Acme Support' } });
    expect(await roleOf(c, team.organizationId, colleague.userId)).toBe('member');
    const me = (await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: colleague.cookie } })).json() as MeResponse;
    expect(me.organizations.map((o) => o.role)).toEqual(['owner', 'member']);

    const again = await accept(c, colleague, token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(TEAM_MESSAGES.invitationUsed);
    expect(((await c.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } })).json() as InvitationPreview).status).toBe('accepted');
    // Used invitations leave the pending list.
    const pending = ((await call(c, team.owner, team.organizationId, 'GET', `${CURRENT}/invitations`)).json() as InvitationList).items;
    expect(pending.map((i) => i.email)).not.toContain(email.toLowerCase());

    const events = ((await call(c, team.admin, team.organizationId, 'GET', `${CURRENT}/activity`)).json() as MembershipEventList).items;
    expect(events.slice(0, 2).map((e) => [e.action, e.subject])).toEqual([
      ['member_joined', email.toLowerCase()],
      ['invitation_sent', email.toLowerCase()],
    ]);
  });

  it('expired, revoked, reused, unknown and wrong-address invitations are refused with clear messages, and change nothing', async () => {
    const c = ctx();
    const team = await createTeam(c);
    const { db } = c.database;
    const tryAccept = async (token: string, email: string) => {
      const person = await createSignedInUser(c, email);
      const response = await accept(c, person, token);
      return { response, person };
    };

    const expiredEmail = uniqueEmail('late');
    const expired = await invite(c, team.owner, team.organizationId, expiredEmail);
    await db
      .update(organizationInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(organizationInvitations.id, expired.id));
    const late = await tryAccept(expired.token, expiredEmail);
    expect(late.response.statusCode).toBe(410);
    expect(late.response.json().message).toBe(TEAM_MESSAGES.invitationExpired);
    expect(await roleOf(c, team.organizationId, late.person.userId)).toBeNull();
    const expiredPreview = (await c.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token: expired.token } })).json();
    expect(expiredPreview.status).toBe('expired');
    const listed = ((await call(c, team.admin, team.organizationId, 'GET', `${CURRENT}/invitations`)).json() as InvitationList).items;
    expect(listed.find((i) => i.id === expired.id)).toMatchObject({ isExpired: true });

    // Re-sending an expired invitation gives a new link with a new expiry; the old link stops working.
    const resent = await call(c, team.admin, team.organizationId, 'POST', `${CURRENT}/invitations/${expired.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ sendCount: 2, isExpired: false });
    const freshToken = await invitationTokenFor(c, expiredEmail);
    expect(freshToken).not.toBe(expired.token);
    expect((await accept(c, late.person, expired.token)).statusCode).toBe(404);
    expect((await accept(c, late.person, freshToken)).statusCode).toBe(200);

    const revokedEmail = uniqueEmail('withdrawn');
    const revoked = await invite(c, team.owner, team.organizationId, revokedEmail);
    expect((await call(c, team.admin, team.organizationId, 'DELETE', `${CURRENT}/invitations/${revoked.id}`)).statusCode).toBe(200);
    expect((await call(c, team.admin, team.organizationId, 'DELETE', `${CURRENT}/invitations/${revoked.id}`)).statusCode).toBe(404);
    expect((await call(c, team.admin, team.organizationId, 'POST', `${CURRENT}/invitations/${revoked.id}/resend`)).statusCode).toBe(404);
    const withdrawn = await tryAccept(revoked.token, revokedEmail);
    expect(withdrawn.response.statusCode).toBe(410);
    expect(withdrawn.response.json().message).toBe(TEAM_MESSAGES.invitationRevoked);
    expect(await roleOf(c, team.organizationId, withdrawn.person.userId)).toBeNull();

    const intendedEmail = uniqueEmail('intended');
    const forSomeoneElse = await invite(c, team.owner, team.organizationId, intendedEmail);
    const stranger = await tryAccept(forSomeoneElse.token, uniqueEmail('stranger'));
    expect(stranger.response.statusCode).toBe(403);
    expect(stranger.response.json().message).toBe(TEAM_MESSAGES.invitationWrongEmail(intendedEmail));
    expect(await roleOf(c, team.organizationId, stranger.person.userId)).toBeNull();
    const [still] = await db.select().from(organizationInvitations).where(eq(organizationInvitations.id, forSomeoneElse.id));
    expect(still).toMatchObject({ acceptedAt: null, revokedAt: null });

    const unknown = await accept(c, stranger.person, 'A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TEAM_MESSAGES.invitationNotFound);
    for (const token of ['short', 'not a token at all!!!!!!!!!!!', 'x'.repeat(300)]) {
      expect((await accept(c, stranger.person, token)).statusCode, token).toBe(400);
      expect((await c.app.inject({ method: 'POST', url: '/api/invitations/preview', payload: { token } })).statusCode, token).toBe(400);
    }
    // Accepting needs a session; previewing does not.
    expect((await c.app.inject({ method: 'POST', url: '/api/invitations/accept', payload: { token: forSomeoneElse.token } })).statusCode).toBe(401);
  });

  it('inviting: one pending invitation per address, members cannot be invited, bad input is refused, seats and sends are limited', async () => {
    const c = ctx();
    const team = await createTeam(c);
    const email = uniqueEmail('twice');
    await invite(c, team.owner, team.organizationId, email, 'member');
    const second = await invite(c, team.admin, team.organizationId, email.toUpperCase(), 'admin');
    const rows = await c.database.db.select().from(organizationInvitations).where(eq(organizationInvitations.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: second.id, role: 'admin', sendCount: 2 });

    const existing = await call(c, team.owner, team.organizationId, 'POST', `${CURRENT}/invitations`, {
      email: team.member.email.toUpperCase(),
      role: 'member',
    });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().message).toBe(TEAM_MESSAGES.alreadyMember(team.member.email));

    for (const payload of [
      { email: 'not-an-address', role: 'member' },
      { email: uniqueEmail(), role: 'owner' },
      { role: 'member' },
      { email: uniqueEmail(), role: 'boss' },
    ]) {
      expect((await call(c, team.owner, team.organizationId, 'POST', `${CURRENT}/invitations`, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }

    // Seats: members (owner, admin, member) plus live pending invitations (the one above).
    const filler = ORGANIZATION_SEATS_MAX - 3 - 1;
    await c.database.db.insert(organizationInvitations).values(
      Array.from({ length: filler }, (_, i) => ({
        organizationId: team.organizationId,
        email: `seat-${i}-${team.organizationId}@example.com`,
        tokenHash: `filler-${i}-${team.organizationId}`,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const full = await call(c, team.owner, team.organizationId, 'POST', `${CURRENT}/invitations`, { email: uniqueEmail(), role: 'member' });
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(TEAM_MESSAGES.seatsFull(ORGANIZATION_SEATS_MAX));

    // Invitation e-mails per organization per hour.
    const busy = await createTeam(c, 'Busy');
    let status = 0;
    let sentCount = 2; // the team's own two invitations
    while (sentCount <= INVITATION_EMAILS_PER_HOUR) {
      status = (await call(c, busy.owner, busy.organizationId, 'POST', `${CURRENT}/invitations`, { email: uniqueEmail('burst'), role: 'member' })).statusCode;
      sentCount += 1;
      if (status !== 201) break;
    }
    expect(status).toBe(429);
  });

  it('each role gets what the shared table says: members use chatbots, the inbox and analytics but do not create, edit or delete chatbots; admins manage; only the owner deletes', async () => {
    const c = ctx();
    const team = await createTeam(c);
    const { owner, admin, member, organizationId } = team;
    // A member may not create a chatbot (chatbots.create is for admins).
    const refusedCreate = await call(c, member, organizationId, 'POST', '/api/chatbots', { name: 'Member bot', status: 'live' });
    expect(refusedCreate.statusCode).toBe(403);
    expect(refusedCreate.json().message).toBe(insufficientOrganizationRoleMessage('admin'));
    const bot = await call(c, admin, organizationId, 'POST', '/api/chatbots', { name: 'Team bot', status: 'live' });
    expect(bot.statusCode).toBe(201);
    const botId = (bot.json() as { id: string; organizationId: string }).id;
    expect((bot.json() as { organizationId: string }).organizationId).toBe(organizationId);
    // Everyone in the organization sees the shared chatbot.
    for (const person of [owner, admin, member]) {
      const list = (await call(c, person, organizationId, 'GET', '/api/chatbots')).json() as { items: { id: string }[] };
      expect(list.items.map((b) => b.id)).toEqual([botId]);
    }
    const period = 'from=2026-01-01&to=2026-01-31';
    const adminOnly: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', object?][] = [
      [`/api/chatbots/${botId}`, 'PATCH', { name: 'Renamed by member' }],
      ['/api/api-keys', 'GET'],
      ['/api/api-keys', 'POST', { name: 'k' }],
      ['/api/analytics/export-schedules', 'GET'],
      [`${CURRENT}/invitations`, 'GET'],
      [`${CURRENT}/invitations`, 'POST', { email: uniqueEmail(), role: 'member' }],
      [`${CURRENT}/activity`, 'GET'],
      [CURRENT, 'PATCH', { name: 'Renamed by member' }],
    ];
    for (const [url, method, payload] of adminOnly) {
      const refused = await call(c, member, organizationId, method, url, payload);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message, url).toBe(insufficientOrganizationRoleMessage('admin'));
      expect((await call(c, admin, organizationId, method, url, payload)).statusCode, url).toBeLessThan(300);
    }
    for (const url of [
      '/api/usage',
      `/api/chatbots/${botId}`,
      `/api/chatbots/${botId}/sources`,
      '/api/handoffs?status=open',
      CURRENT,
      `${CURRENT}/members`,
      `/api/analytics/summary?${period}`,
      `/api/analytics/top-questions?${period}`,
      '/api/analytics/exports',
    ]) {
      expect((await call(c, member, organizationId, 'GET', url)).statusCode, url).toBe(200);
    }
    // Training data is the admins' too: a member's text is refused and nothing is added.
    const refusedSource = await call(c, member, organizationId, 'POST', `/api/chatbots/${botId}/sources/text`, { name: 'Hours', text: 'We open at nine.' });
    expect(refusedSource.statusCode).toBe(403);
    expect(refusedSource.json().message).toBe(insufficientOrganizationRoleMessage('admin'));
    expect((await call(c, member, organizationId, 'GET', `/api/chatbots/${botId}/sources`)).json()).toMatchObject({ items: [] });
    // A member's delete is refused and changes nothing.
    const refusedDelete = await call(c, member, organizationId, 'DELETE', `/api/chatbots/${botId}`);
    expect(refusedDelete.statusCode).toBe(403);
    expect(refusedDelete.json().message).toBe(insufficientOrganizationRoleMessage('admin'));
    expect((await call(c, member, organizationId, 'GET', `/api/chatbots/${botId}`)).json()).toMatchObject({ id: botId, name: 'Renamed by member' });
    for (const person of [admin, member]) {
      const refused = await call(c, person, organizationId, 'DELETE', CURRENT, { confirmName: 'Acme Support' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(insufficientOrganizationRoleMessage('owner'));
      expect((await call(c, person, organizationId, 'POST', `${CURRENT}/transfer-ownership`, { userId: person.userId })).statusCode).toBe(403);
    }
    expect(await c.database.db.select().from(organizations).where(eq(organizations.id, organizationId))).toHaveLength(1);

    // A member answers the inbox.
    const asked = await c.app.inject({
      method: 'POST',
      url: `/api/public/chatbots/${botId}/messages`,
      payload: { message: 'I want to talk to a human', visitorId: 'visitor_team_1' },
    });
    expect(asked.statusCode).toBe(200);
    const inbox = (await call(c, member, organizationId, 'GET', '/api/handoffs?status=open')).json() as { items: { id: string }[] };
    expect(inbox.items).toHaveLength(1);
    const reply = await call(c, member, organizationId, 'POST', `/api/handoffs/${inbox.items[0]!.id}/messages`, { content: 'Hello, Grace here.' });
    expect(reply.statusCode).toBe(201);

    // Someone of another organization naming this one is not let in.
    const outsider = await createSignedInUser(c);
    const outside = await call(c, outsider, organizationId, 'GET', '/api/chatbots');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().message).toBe(NOT_ORGANIZATION_MEMBER_MESSAGE);
    expect(
      (await c.app.inject({ method: 'GET', url: '/api/chatbots', headers: { cookie: outsider.cookie, 'x-organization-id': 'not-a-uuid' } })).statusCode,
    ).toBe(403);
  });

  it('roles: admins promote members, only the owner demotes or removes admins, nobody changes their own role or the owner’s', async () => {
    const c = ctx();
    const { owner, admin, member, organizationId } = await createTeam(c);
    const second = await inviteAndJoin(c, owner, organizationId, 'member');
    const setRole = (actor: Person, target: Person, role: string) => call(c, actor, organizationId, 'PATCH', `${CURRENT}/members/${target.userId}`, { role });

    expect((await setRole(member, second, 'admin')).statusCode).toBe(403);
    const promoted = await setRole(admin, second, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ userId: second.userId, role: 'admin', isYou: false });

    const demoteByAdmin = await setRole(admin, second, 'member');
    expect(demoteByAdmin.statusCode).toBe(403);
    expect(demoteByAdmin.json().message).toBe(TEAM_MESSAGES.onlyOwnerManagesAdmins);
    expect((await setRole(owner, second, 'member')).statusCode).toBe(200);
    expect(await roleOf(c, organizationId, second.userId)).toBe('member');

    const own = await setRole(admin, admin, 'member');
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(TEAM_MESSAGES.ownRole);
    const ownerRole = await setRole(admin, owner, 'member');
    expect(ownerRole.statusCode).toBe(400);
    expect(ownerRole.json().message).toBe(TEAM_MESSAGES.ownerRole);
    expect((await setRole(owner, owner, 'admin')).statusCode).toBe(400);
    expect((await setRole(owner, member, 'owner')).statusCode).toBe(400);
    expect((await call(c, owner, organizationId, 'PATCH', `${CURRENT}/members/${(await createSignedInUser(c)).userId}`, { role: 'admin' })).statusCode).toBe(
      404,
    );

    const list = await members(c, member, organizationId);
    expect(list.map((m) => m.role)).toEqual(['owner', 'admin', 'member', 'member']);
    expect(list.find((m) => m.isYou)?.userId).toBe(member.userId);
    expect(list[0]).toMatchObject({ email: owner.email, name: 'Ada Lovelace' });
  });

  it('removing and leaving: admins remove members, not admins or the owner; anyone but the owner leaves; the removed lose access at once', async () => {
    const c = ctx();
    const { owner, admin, member, organizationId } = await createTeam(c);
    const second = await inviteAndJoin(c, owner, organizationId, 'member');
    const otherAdmin = await inviteAndJoin(c, owner, organizationId, 'admin');
    const remove = (actor: Person, target: Person) => call(c, actor, organizationId, 'DELETE', `${CURRENT}/members/${target.userId}`);

    expect((await remove(member, second)).statusCode).toBe(403);
    const removeOwner = await remove(admin, owner);
    expect(removeOwner.statusCode).toBe(400);
    expect(removeOwner.json().message).toBe(TEAM_MESSAGES.removeOwner);
    expect((await remove(admin, admin)).json().message).toBe(TEAM_MESSAGES.removeSelf);
    expect((await remove(admin, otherAdmin)).json().message).toBe(TEAM_MESSAGES.onlyOwnerManagesAdmins);
    expect((await remove(admin, second)).statusCode).toBe(200);
    expect((await remove(admin, second)).statusCode).toBe(404);
    const lost = await call(c, second, organizationId, 'GET', '/api/chatbots');
    expect(lost.statusCode).toBe(403);
    expect(lost.json().message).toBe(NOT_ORGANIZATION_MEMBER_MESSAGE);
    expect((await remove(owner, otherAdmin)).statusCode).toBe(200);

    const ownerLeaves = await call(c, owner, organizationId, 'POST', `${CURRENT}/leave`);
    expect(ownerLeaves.statusCode).toBe(400);
    expect(ownerLeaves.json().message).toBe(TEAM_MESSAGES.ownerLeaves);
    expect((await call(c, member, organizationId, 'POST', `${CURRENT}/leave`)).statusCode).toBe(200);
    expect(await roleOf(c, organizationId, member.userId)).toBeNull();
    // Leaving the organization leaves the personal workspace in place.
    const me = (await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } })).json() as MeResponse;
    expect(me.organizations.map((o) => o.isPersonal)).toEqual([true]);
    expect((await call(c, admin, organizationId, 'POST', `${CURRENT}/leave`)).statusCode).toBe(200);

    const events = ((await call(c, owner, organizationId, 'GET', `${CURRENT}/activity`)).json() as MembershipEventList).items;
    expect(events.slice(0, 4).map((e) => e.action)).toEqual(['member_left', 'member_left', 'member_removed', 'member_removed']);
  });

  it('ownership transfer: the owner hands over to a member and becomes an admin; personal workspaces stay with their user', async () => {
    const c = ctx();
    const { owner, admin, member, organizationId } = await createTeam(c);
    const transfer = (actor: Person, userId: string, org = organizationId) => call(c, actor, org, 'POST', `${CURRENT}/transfer-ownership`, { userId });

    expect((await transfer(owner, owner.userId)).json().message).toBe(TEAM_MESSAGES.transferToSelf);
    expect((await transfer(owner, (await createSignedInUser(c)).userId)).statusCode).toBe(404);
    expect((await transfer(owner, 'nope')).statusCode).toBe(400);
    expect((await transfer(owner, member.userId)).statusCode).toBe(200);
    expect(await roleOf(c, organizationId, member.userId)).toBe('owner');
    expect(await roleOf(c, organizationId, owner.userId)).toBe('admin');
    expect(await roleOf(c, organizationId, admin.userId)).toBe('admin');
    const owners = await c.database.db
      .select({ n: count() })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.organizationId, organizationId), eq(organizationMembers.role, 'owner')));
    expect(Number(owners[0]!.n)).toBe(1);
    // The former owner is an admin now: no second transfer, and no more deleting.
    expect((await transfer(owner, admin.userId)).statusCode).toBe(403);
    expect((await call(c, owner, organizationId, 'POST', `${CURRENT}/leave`)).statusCode).toBe(200);
    const events = ((await call(c, member, organizationId, 'GET', `${CURRENT}/activity`)).json() as MembershipEventList).items;
    expect(events[1]).toMatchObject({ action: 'ownership_transferred', subject: member.email, details: { from: 'member' } });

    // Someone invited into a personal workspace cannot be handed it.
    const solo = await createSignedInUser(c);
    const personal = ((await c.app.inject({ method: 'GET', url: CURRENT, headers: { cookie: solo.cookie } })).json() as Organization).id;
    const guest = await inviteAndJoin(c, solo, personal, 'member');
    const refused = await transfer(solo, guest.userId, personal);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEAM_MESSAGES.personalNotTransferable);
  });

  it('renaming and deleting: admins rename; the owner deletes by typing the name, with everything in it; personal workspaces stay', async () => {
    const c = ctx();
    const { owner, admin, member, organizationId } = await createTeam(c);
    const renamed = await call(c, admin, organizationId, 'PATCH', CURRENT, { name: 'Acme Customer Care' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Acme Customer Care', role: 'admin', memberCount: 3 });
    expect((await call(c, admin, organizationId, 'PATCH', CURRENT, { name: '' })).statusCode).toBe(400);
    const botId = ((await call(c, admin, organizationId, 'POST', '/api/chatbots', { name: 'Doomed' })).json() as { id: string }).id;

    const wrong = await call(c, owner, organizationId, 'DELETE', CURRENT, { confirmName: 'acme customer care' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TEAM_MESSAGES.confirmNameMismatch);
    expect((await call(c, owner, organizationId, 'DELETE', CURRENT, {})).statusCode).toBe(400);
    expect(await c.database.db.select().from(chatbots).where(eq(chatbots.id, botId))).toHaveLength(1);

    expect((await call(c, owner, organizationId, 'DELETE', CURRENT, { confirmName: 'Acme Customer Care' })).statusCode).toBe(200);
    expect(await c.database.db.select().from(organizations).where(eq(organizations.id, organizationId))).toHaveLength(0);
    expect(await c.database.db.select().from(chatbots).where(eq(chatbots.id, botId))).toHaveLength(0);
    expect(await c.database.db.select().from(organizationMembers).where(eq(organizationMembers.organizationId, organizationId))).toHaveLength(0);
    // The others still have their personal workspaces; the deleted organization is gone from their list.
    const me = (await c.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } })).json() as MeResponse;
    expect(me.organizations.map((o) => o.isPersonal)).toEqual([true]);

    const personal = (await c.app.inject({ method: 'GET', url: CURRENT, headers: { cookie: owner.cookie } })).json() as Organization;
    const refused = await call(c, owner, personal.id, 'DELETE', CURRENT, { confirmName: personal.name });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEAM_MESSAGES.personalNotDeletable);
  });

  it('accepting an invitation to an organization one already belongs to uses it up and keeps the role', async () => {
    const c = ctx();
    const { owner, member, organizationId } = await createTeam(c);
    // An invitation issued before the person joined by another link.
    const email = uniqueEmail('double');
    const first = await invite(c, owner, organizationId, email, 'admin');
    const person = await createSignedInUser(c, email);
    await c.database.db.insert(organizationMembers).values({ organizationId, userId: person.userId, role: 'member' });
    const accepted = await accept(c, person, first.token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ alreadyMember: true, organization: { role: 'member' } });
    expect(await roleOf(c, organizationId, person.userId)).toBe('member');
    expect((await members(c, member, organizationId)).length).toBe(4);
  });
});
