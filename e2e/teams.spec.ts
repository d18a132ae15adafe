import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { PASSWORD, uniqueEmail } from './support/accounts';
import { screenshot } from './support/browser';
import { ACME_FAQ, createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { confirmationLink, type RunningServer } from './support/server';

/** Waits for the e-mail to `to` whose subject matches, and returns the first link in it. */
async function linkInEmail(server: RunningServer, to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const message = [...server.emails].reverse().find((m) => m.to === to && subject.test(m.subject));
    const link = message && /https?:\/\/\S+/.exec(message.body)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} matching ${subject}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sidebarLinks = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link').allInnerTexts();

describe('teams: an owner invites a colleague, who joins from the link and works in the shared organization', () => {
  test('invite → sign up from the link → shared chatbots → answers the inbox → no billing', async ({ server, newContext, signUp }) => {
    const colleagueEmail = uniqueEmail('grace', 'colleague');
    const pageErrors: string[] = [];

    // The owner signs up and creates an organization for the team from the switcher.
    const ownerContext = await newContext({ viewport: { width: 1280, height: 900 } });
    const { page: owner } = await signUp({ context: ownerContext, firstName: 'Ada', lastName: 'Lovelace' });
    owner.on('pageerror', (error) => pageErrors.push(error.message));
    await owner.getByTestId('organization-switcher').click();
    await owner.getByRole('menuitem', { name: 'Create organization' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Create organization' });
    await dialog.getByLabel('Name').fill('Acme Support');
    await dialog.getByRole('button', { name: 'Create organization' }).click();
    await owner.getByTestId('organization-switcher').getByText('Acme Support').waitFor();
    await owner.getByTestId('organization-name').getByText('Acme Support').waitFor();

    // A live chatbot in the team's organization (the parley_org cookie names it for these API calls).
    const chatbotId = await createLiveChatbot(owner.request, server, { name: 'Acme Rockets', text: ACME_FAQ });

    // The owner invites the colleague as a member from the Team page.
    await owner.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }).click();
    await owner.getByRole('heading', { name: 'Team' }).waitFor();
    await owner.getByRole('button', { name: 'Invite member' }).click();
    // The dialog shows what each role may do: the shared table, the chosen role's column marked.
    const inviteDialog = owner.getByRole('dialog', { name: 'Invite to Acme Support' });
    const inviteTable = inviteDialog.getByRole('table', { name: 'What each role can do' });
    await inviteTable.waitFor();
    expect(await inviteTable.locator('th[aria-current="true"]').innerText()).toBe('Member');
    const deleteRow = inviteTable.locator('tr[data-permission="chatbots.delete"]');
    expect(await deleteRow.getByRole('img', { name: 'Yes' }).count()).toBe(2);
    expect(await deleteRow.getByRole('img', { name: 'No' }).count()).toBe(1);
    const analyticsRow = inviteTable.locator('tr[data-permission="analytics.view"]');
    expect(await analyticsRow.getByRole('img', { name: 'Yes' }).count()).toBe(3);
    await inviteDialog.getByRole('radio', { name: 'Admin' }).click();
    expect(await inviteTable.locator('th[aria-current="true"]').innerText()).toBe('Admin');
    await screenshot(owner, 'teams-invite-dialog-roles', { fullPage: false });
    await inviteDialog.getByRole('radio', { name: 'Member' }).click();
    await owner.getByLabel('E-mail address').fill(colleagueEmail);
    await owner.getByRole('button', { name: 'Send invitation' }).click();
    await owner.getByTestId('team-invitation').filter({ hasText: colleagueEmail }).waitFor();
    await screenshot(owner, 'teams-owner-team-page');
    const invitation = await linkInEmail(server, colleagueEmail, /invited you to Acme Support/);
    expect(invitation).toMatch(/\/invite\/[A-Za-z0-9_-]{40,}$/);

    // The colleague opens the link signed out, signs up from it and confirms the e-mail address.
    const colleagueContext = await newContext({ viewport: { width: 1280, height: 900 } });
    const colleague = await colleagueContext.newPage();
    colleague.on('pageerror', (error) => pageErrors.push(error.message));
    await colleague.goto(invitation);
    await colleague.getByText('Join Acme Support on Parley').waitFor();
    await screenshot(colleague, 'teams-invite-signed-out');
    await colleague.getByRole('button', { name: 'Sign up to join' }).click();
    await colleague.waitForURL(/\/auth\?mode=sign-up/);
    expect(await colleague.getByLabel('Email').inputValue()).toBe(colleagueEmail);
    await colleague.getByLabel('First name').fill('Grace');
    await colleague.getByLabel('Last name').fill('Hopper');
    await colleague.getByLabel('Password').fill(PASSWORD);
    await colleague.getByRole('button', { name: 'Create account' }).click();
    await colleague.getByText('Check your e-mail').waitFor();
    // The confirmation link signs in; the dashboard brings the kept invitation back.
    await colleague.goto(await confirmationLink(server, colleagueEmail));
    await colleague.waitForURL(/\/invite\//);
    await colleague.getByRole('button', { name: 'Join Acme Support' }).click();
    await colleague.waitForURL(/\/dashboard$/);
    await colleague.getByTestId('organization-switcher').getByText('Acme Support').waitFor();

    // A member's dashboard: the shared chatbot, the inbox, usage and analytics (read); no API keys or billing in the nav.
    await colleague.getByText('Acme Rockets').first().waitFor();
    await colleague.getByRole('heading', { name: 'Analytics' }).waitFor();
    const links = await sidebarLinks(colleague);
    expect(links.join('|')).toContain('Team');
    for (const hidden of ['API Keys', 'Webhooks', 'Billing', 'Subscription']) expect(links.some((link) => link.includes(hidden))).toBe(false);
    await screenshot(colleague, 'teams-member-home');

    // Members use the chatbots but do not create, edit or delete them: no New chatbot, a read-only settings tab
    // without Delete or Re-embed, training data without add or delete.
    await colleague.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Chatbots' }).click();
    await colleague.getByRole('heading', { name: 'Chatbots' }).waitFor();
    await colleague.getByText('Acme Rockets').first().waitFor();
    expect(await colleague.getByRole('link', { name: 'New chatbot' }).count()).toBe(0);
    await colleague.goto(`${server.url}/dashboard/chatbots/${chatbotId}?tab=training-data`);
    await colleague.getByText('Only owners and admins of this organization add, re-process or delete its training data.').waitFor();
    await colleague.getByText('faq', { exact: true }).first().waitFor();
    expect(await colleague.getByText('Upload documents').count()).toBe(0);
    expect(await colleague.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    expect(await colleague.getByRole('tab', { name: 'Retrieval testing' }).count()).toBe(0);
    await colleague.getByRole('tab', { name: 'Settings' }).click();
    await colleague.getByText('You can read these settings. Only owners and admins of this organization change, re-embed or delete a chatbot.').waitFor();
    expect(await colleague.locator('#chatbot-name').isDisabled()).toBe(true);
    expect(await colleague.getByRole('button', { name: 'Save changes' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: /Delete chatbot/ }).count()).toBe(0);
    expect(await colleague.getByText('Delete this chatbot').count()).toBe(0);
    await screenshot(colleague, 'teams-member-chatbot-settings');
    // The server refuses it too.
    const deleted = await colleague.request.delete(`${server.url}/api/chatbots/${chatbotId}`, { headers: { origin: server.url } });
    expect(deleted.status()).toBe(403);

    // The Team page shows the member the same table, their own column marked.
    await colleague.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Team' }).click();
    const teamTable = colleague.getByRole('table', { name: 'What each role can do' });
    await teamTable.waitFor();
    expect(await teamTable.locator('th[aria-current="true"]').innerText()).toBe('Member');
    await teamTable.scrollIntoViewIfNeeded();
    await screenshot(colleague, 'teams-member-team-roles');

    // A visitor asks for a person; the colleague answers from the inbox.
    const asked = await colleague.request.post(`${server.url}/api/public/chatbots/${chatbotId}/messages`, {
      data: { message: 'I would like to talk to a human please', visitorId: 'visitor_teams_1' },
    });
    expect(asked.status()).toBe(200);
    await colleague.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: /Inbox/ }).click();
    const row = colleague.getByTestId('handoff-row').first();
    await row.waitFor();
    await row.click();
    const reply = colleague.getByPlaceholder('Reply to join the conversation…');
    await reply.fill('Hi, Grace from Acme here. How can I help?');
    await reply.press('Enter');
    const conversation = colleague.getByRole('region', { name: 'Conversation' });
    await conversation.getByText('Grace joined the conversation.').waitFor();
    await colleague.getByTestId('handoff-conversation').getByText('Hi, Grace from Acme here. How can I help?').waitFor();

    // Billing is for owners and admins: the page says so, and the server refuses the organization's keys to a member.
    await colleague.goto(`${server.url}/dashboard/billing`);
    await colleague.getByText('Billing is for owners and admins of this organization').waitFor();
    await screenshot(colleague, 'teams-member-billing');
    const keys = await colleague.request.get(`${server.url}/api/api-keys`);
    expect(keys.status()).toBe(403);

    // The owner sees the colleague in the team, as a member.
    await owner.reload();
    await owner.getByTestId('team-member').filter({ hasText: colleagueEmail }).getByText('Member').waitFor();
    expect(await owner.getByTestId('team-invitation').count()).toBe(0);

    // The owner also brings the colleague into her personal workspace. A personal workspace cannot be handed over, so the
    // Delete Account card says its members have to go first (not "transfer ownership"), and deleting is refused.
    const mine = (await (await owner.request.get(`${server.url}/api/organizations`)).json()) as { items: { id: string; name: string; isPersonal: boolean }[] };
    const personal = mine.items.find((org) => org.isPersonal)!;
    const invited = await owner.request.post(`${server.url}/api/organizations/current/invitations`, {
      headers: { origin: server.url, 'x-organization-id': personal.id },
      data: { email: colleagueEmail, role: 'member' },
    });
    expect(invited.status(), await invited.text()).toBe(201);
    await colleague.goto(await linkInEmail(server, colleagueEmail, new RegExp(`invited you to ${personal.name}`)));
    await colleague.getByRole('button', { name: `Join ${personal.name}` }).click();
    await colleague.waitForURL(/\/dashboard$/);
    await owner.goto(`${server.url}/dashboard/settings`);
    await owner.getByRole('tab', { name: 'Data & privacy' }).click();
    const card = owner.getByTestId('delete-account-card');
    const blocked = card.getByRole('alert').filter({ hasText: 'Your account cannot be deleted yet' });
    await blocked
      .getByText(
        `Your personal workspace “${personal.name}” has 1 other member (Grace Hopper). A personal workspace cannot be handed over to someone else: remove them from it on the Team page, or ask them to leave it.`,
        { exact: false },
      )
      .waitFor();
    const personalRow = card.getByRole('listitem').filter({ hasText: personal.name });
    await personalRow.getByText('Remove its members first').waitFor();
    expect(await personalRow.textContent()).toContain('A personal workspace cannot be handed over to someone else');
    // The team organization's advice is the other one: ownership can go to the colleague there.
    await card.getByRole('listitem').filter({ hasText: 'Acme Support' }).getByText('Transfer ownership first').waitFor();
    expect(await card.getByRole('button', { name: 'Delete account…' }).isDisabled()).toBe(true);
    await screenshot(owner, 'teams-delete-account-personal-blocked');
    const refused = await owner.request.post(`${server.url}/api/account/deletion`, { headers: { origin: server.url }, data: { confirmation: 'DELETE' } });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain('A personal workspace cannot be handed over');

    expect(pageErrors).toEqual([]);
    await colleagueContext.close();
    await ownerContext.close();
  });
});
