import type { BrowserContext, BrowserContextOptions } from 'playwright-core';
import { test as base } from 'vitest';
import { signUpAndConfirm, type NewAccount, type SignedInAccount } from './accounts';
import { launchBrowser } from './browser';
import { asClient, nextClientIp } from './clients';
import { startSharedServer } from './shared-server';

export interface SignUpOptions extends NewAccount {
  /** A context of the test's own (another viewport, downloads, a fake clock); else a 1280×900 one from `newContext`. */
  context?: BrowserContext;
  /** Also a system admin (made by the shared server's first admin, taken back after the test). */
  admin?: boolean;
}

/** Opens a browser context for the test (the `newContext` fixture). */
export type NewContext = (options?: BrowserContextOptions, how?: { asClient?: boolean }) => Promise<BrowserContext>;
/** Signs a new user up and in (the `signUp` fixture). */
export type SignUp = (account: SignUpOptions) => Promise<SignedInAccount>;

/**
 * The browser tests' fixtures, as a login fixture in epic-stack's Playwright tests: one browser and one server per
 * worker, and for each test a client address of its own, contexts that close after it and signed-in users.
 *
 * The server is a worker fixture, started in the process that runs the tests (e2e/vitest.config.ts runs the files in
 * workers without isolation, so a worker's fixtures outlive each file), rather than in a globalSetup, which runs
 * in vitest's main process: the tests read the outbox e-mails the server logs straight from its stdout, as they did
 * when each describe block started one, with no log file to relay them through; vitest stops it when the worker ends,
 * and each worker gets a server of its own (one per core). It starts with the first test that asks for it, so a
 * run of files that all bring their own servers starts none. Tests that need a server of their own (a fresh
 * installation, other settings, a restart) use `ownServer` of support/suite.ts and this file's browser.
 *
 * Every test makes its own users (unique addresses) and data; a test that changes what the whole installation shares
 * (a plan, a default template, the System Configuration) puts it back when it ends (`onTestFinished`, `afterAll`).
 */
export const test = base
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  // eslint-disable-next-line no-empty-pattern -- as above
  .extend('server', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const server = await startSharedServer();
    onCleanup(() => server.stop());
    return server;
  })
  /** This test's address as the server sees it (support/clients.ts). */
  .extend('clientIp', () => nextClientIp())
  /**
   * Opens a context that reaches the server from the test's address; every context it opened closes after the test.
   * `{ asClient: false }` leaves the address out, for a page of another website that embeds the widget: its
   * cross-origin calls would need a CORS preflight for X-Forwarded-For, which the server rightly does not allow.
   */
  .extend('newContext', ({ browser, clientIp }, { onCleanup }) => {
    const opened: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(opened.map((context) => context.close()));
    });
    const newContext: NewContext = async (options = {}, { asClient: isClient = true } = {}) => {
      const context = await browser.newContext(isClient ? asClient(options, clientIp) : options);
      opened.push(context);
      return context;
    };
    return newContext;
  })
  /** Makes a signed-up user a system admin for the rest of the test. */
  .extend('makeAdmin', ({ server }, { onCleanup }) => {
    const made: string[] = [];
    onCleanup(async () => {
      for (const id of made) await server.removeAdmin(id);
    });
    return async (account: { email: string }): Promise<void> => {
      made.push(await server.makeAdmin(account.email));
    };
  })
  /** Signs a new user (a unique address unless given) up and in on the shared server, as `signUpAndConfirm` does. */
  .extend('signUp', ({ server, newContext, makeAdmin }) => {
    const signUp: SignUp = async ({ context, admin = false, ...account }) => {
      const signedIn = await signUpAndConfirm(context ?? (await newContext({ viewport: { width: 1280, height: 900 } })), server, account);
      if (admin) await makeAdmin(signedIn);
      return signedIn;
    };
    return signUp;
  });

/**
 * A browser context for the tests of one describe block that go on from each other's page: opened before them as a
 * client of its own, closed after them.
 */
export function suiteContext(options: BrowserContextOptions = {}): { readonly context: BrowserContext } {
  let context: BrowserContext | undefined;
  test.beforeAll(async ({ browser }) => {
    context = await browser.newContext(asClient(options));
  });
  test.afterAll(async () => {
    await context?.close();
  });
  return {
    get context() {
      if (!context) throw new Error('The context opens in beforeAll: read it inside a test or a later hook.');
      return context;
    },
  };
}

/**
 * A user signed up (and made an admin when asked) before the tests of one describe block, who stays signed in for
 * all of them: the context closes and the admin record goes after them.
 */
export function suiteAccount({ admin = false, ...account }: NewAccount & { admin?: boolean }): { readonly account: SignedInAccount } {
  let signedIn: SignedInAccount | undefined;
  let adminId: string | undefined;
  const shared = suiteContext({ viewport: { width: 1280, height: 900 } });
  test.beforeAll(async ({ server }) => {
    signedIn = await signUpAndConfirm(shared.context, server, account);
    if (admin) adminId = await server.makeAdmin(signedIn.email);
  });
  test.afterAll(async ({ server }) => {
    if (adminId) await server.removeAdmin(adminId);
  });
  return {
    get account() {
      if (!signedIn) throw new Error('The account is signed up in beforeAll: read it inside a test or a later hook.');
      return signedIn;
    },
  };
}
