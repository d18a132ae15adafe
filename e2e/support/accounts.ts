import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { confirmationLink, type RunningServer } from './server';

export const PASSWORD = 'a long enough secret';

/** Tells this run's addresses from another run's, should two runs ever share a database. */
const RUN = Date.now().toString(36).slice(-5);
let addresses = 0;

/**
 * `first.last.<unique>@example.com`: an address no other account of the run has. Most tests share one server
 * (support/fixtures.ts), so the plain `first.last@example.com` of two tests would collide.
 */
export function uniqueEmail(firstName: string, lastName: string): string {
  addresses += 1;
  return `${firstName}.${lastName}.${RUN}${addresses}@example.com`.toLowerCase();
}

export interface NewAccount {
  firstName: string;
  lastName: string;
  /** `uniqueEmail(firstName, lastName)` unless given. */
  email?: string;
}

export interface SignedInAccount {
  email: string;
  context: BrowserContext;
  page: Page;
}

/**
 * Signs a new user up through the API (the answer must be 200) and in through the confirmation link from the outbox,
 * which lands on /dashboard. Given a browser it opens a 1280×900 context of its own; pass a context for anything else
 * (another viewport, downloads, a fake clock, a client address of its own: support/clients.ts).
 */
export async function signUpAndConfirm(target: Browser | BrowserContext, server: RunningServer, account: NewAccount): Promise<SignedInAccount> {
  const context = 'newContext' in target ? await target.newContext({ viewport: { width: 1280, height: 900 } }) : target;
  const page = await context.newPage();
  const { firstName, lastName } = account;
  const email = account.email ?? uniqueEmail(firstName, lastName);
  const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { origin: server.url },
    data: { email, password: PASSWORD, firstName, lastName, callbackURL: '/auth/callback?type=email' },
  });
  expect(signUp.status()).toBe(200);
  await page.goto(await confirmationLink(server, email));
  await page.waitForURL(/\/dashboard/);
  return { email, context, page };
}

/**
 * Makes the signed-in user the first admin; the server refuses once an admin exists. For a server of a test's own: on
 * the shared server the first admin is made when it starts, and tests get admins from it (support/shared-server.ts).
 */
export async function bootstrapAdmin(page: Page, server: RunningServer): Promise<void> {
  const response = await page.request.post(`${server.url}/api/admin/bootstrap`, { headers: { origin: server.url }, data: {} });
  expect(response.status()).toBe(200);
}
