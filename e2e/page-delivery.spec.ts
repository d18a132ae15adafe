import type { Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';

/**
 * How the app's page arrives (issue 38): its files precompressed (brotli for Chromium, which accepts it), and a shell —
 * the app's frame and a spinner — in the page itself, so a slow connection shows something before the script runs.
 */
describe('page delivery', () => {
  test('scripts, stylesheets and the page arrive brotli-compressed; while the script is still on its way the shell shows, then the app replaces it', async ({
    server,
    newContext,
  }) => {
    const context = await newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();

    // A connection too slow for the app's script: held until the shell has been seen.
    const held: Route[] = [];
    let holding = true;
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      if (holding) held.push(route);
      else await route.continue();
    });
    // Each response's encoding and decoded size (the build leaves files under 1 KB uncompressed: not worth it).
    const arrivals: Promise<{ pathname: string; encoding: string | undefined; bytes: number } | null>[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname !== '/dashboard' && !pathname.startsWith('/assets/')) return;
      const encoding = response.headers()['content-encoding'];
      // A script still arriving when the test ends and closes the page (a chunk the app loads later) has no body to read.
      arrivals.push(
        response.body().then(
          (body) => ({ pathname, encoding, bytes: body.length }),
          () => null,
        ),
      );
    });

    await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
    const shell = page.getByTestId('boot-shell');
    await shell.waitFor();
    await shell.getByRole('status').getByText('Loading Parley…').waitFor();
    expect(await shell.getByText('Parley', { exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'boot-shell');

    // The script arrives: the app takes over (a visitor without a session is sent to sign in) and the shell is gone.
    holding = false;
    for (const route of held.splice(0)) await route.continue();
    await page.waitForURL(/\/auth/);
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    expect(await shell.count()).toBe(0);

    // What came over the wire: the page and every script and stylesheet of 1 KB or more, brotli-compressed.
    const arrived = (await Promise.all(arrivals)).filter((file) => file !== null);
    expect(arrived.find((file) => file.pathname === '/dashboard')?.encoding).toBe('br');
    const assets = arrived.filter((file) => /\.(js|css)$/.test(file.pathname) && file.bytes >= 1024);
    expect(assets.filter((file) => file.pathname.endsWith('.js')).length).toBeGreaterThan(10);
    expect(assets.filter((file) => file.pathname.endsWith('.css')).length).toBeGreaterThan(0);
    expect(
      assets.filter((file) => file.encoding !== 'br'),
      'scripts and stylesheets sent without brotli',
    ).toEqual([]);
  });
});
