import { ORGANIZATION_HEADER } from '@parley/shared/access';
import { INVITE_PATH_PREFIX } from '@parley/shared/constants';
import type { AssignableRole } from '@parley/shared/contracts/organizations';
import { createSignedInUser, latestEmailTo, uniqueEmail, type TestContext } from './harness';

export interface Person {
  email: string;
  cookie: string;
  userId: string;
}

/** Request headers of a person acting in one organization. */
export const inOrganization = (person: Pick<Person, 'cookie'>, organizationId: string) => ({ cookie: person.cookie, [ORGANIZATION_HEADER]: organizationId });

/** The token of the latest invitation link e-mailed to an address. */
export async function invitationTokenFor(c: TestContext, email: string): Promise<string> {
  const message = await latestEmailTo(c, email.toLowerCase());
  if (!message) throw new Error(`no invitation e-mail to ${email}`);
  const link = new RegExp(`https?://\\S+${INVITE_PATH_PREFIX}([A-Za-z0-9_-]+)`).exec(message.textBody);
  if (!link) throw new Error('no invitation link in the e-mail');
  return link[1]!;
}

export async function invite(c: TestContext, inviter: Person, organizationId: string, email: string, role: AssignableRole = 'member') {
  const response = await c.app.inject({
    method: 'POST',
    url: '/api/organizations/current/invitations',
    headers: inOrganization(inviter, organizationId),
    payload: { email, role },
  });
  if (response.statusCode !== 201) throw new Error(`invitation failed: ${response.statusCode} ${response.body}`);
  return { id: (response.json() as { id: string }).id, token: await invitationTokenFor(c, email) };
}

export async function accept(c: TestContext, person: Pick<Person, 'cookie'>, token: string) {
  return c.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: { cookie: person.cookie }, payload: { token } });
}

/** Someone invited by e-mail who signs up and accepts, as a customer would. */
export async function inviteAndJoin(c: TestContext, inviter: Person, organizationId: string, role: AssignableRole): Promise<Person> {
  const email = uniqueEmail(role);
  const { token } = await invite(c, inviter, organizationId, email, role);
  const person = await createSignedInUser(c, email);
  const accepted = await accept(c, person, token);
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
  return person;
}

export interface Team {
  organizationId: string;
  owner: Person;
  admin: Person;
  member: Person;
}

/** A new organization (not a personal workspace) with an owner, an admin and a member. */
export async function createTeam(c: TestContext, name = 'Acme Support'): Promise<Team> {
  const owner = await createSignedInUser(c);
  const created = await c.app.inject({ method: 'POST', url: '/api/organizations', headers: { cookie: owner.cookie }, payload: { name } });
  if (created.statusCode !== 201) throw new Error(`organization not created: ${created.statusCode} ${created.body}`);
  const organizationId = (created.json() as { id: string }).id;
  const admin = await inviteAndJoin(c, owner, organizationId, 'admin');
  const member = await inviteAndJoin(c, owner, organizationId, 'member');
  return { organizationId, owner, admin, member };
}
