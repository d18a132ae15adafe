import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { confirmationLink, type RunningServer } from './server';

export const PASSWORD = 'a long enough secret';

export interface NewAccount {
  firstName: string;
  lastName: string;
  /** `first.last@example.com` unless given: each run starts with an empty database, so plain addresses do not collide. */
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
 * (another viewport, downloads, a fake clock).
 */
export async function signUpAndConfirm(target: Browser | BrowserContext, server: RunningServer, account: NewAccount): Promise<SignedInAccount> {
  const context = 'newContext' in target ? await target.newContext({ viewport: { width: 1280, height: 900 } }) : target;
  const page = await context.newPage();
  const { firstName, lastName } = account;
  const email = account.email ?? `${firstName}.${lastName}@example.com`.toLowerCase();
  const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    headers: { origin: server.url },
    data: { email, password: PASSWORD, firstName, lastName, callbackURL: '/auth/callback?type=email' },
  });
  expect(signUp.status()).toBe(200);
  await page.goto(await confirmationLink(server, email));
  await page.waitForURL(/\/dashboard/);
  return { email, context, page };
}

/** Makes the signed-in user the first admin; the server refuses once an admin exists. */
export async function bootstrapAdmin(page: Page, server: RunningServer): Promise<void> {
  const response = await page.request.post(`${server.url}/api/admin/bootstrap`, { headers: { origin: server.url }, data: {} });
  expect(response.status()).toBe(200);
}
