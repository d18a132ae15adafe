import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');
/** Screenshots that document the product and are committed (e2e/screenshots/ is not). */
export const DOCS_SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'screenshots');

/** Debian's Chromium, headless, with the flags this machine's closed network needs (NOTES.md). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

export interface ScreenshotOptions {
  /** Where the PNG goes; e2e/screenshots/ unless told otherwise. */
  dir?: string;
  /** The whole scrollable page (default) or just the viewport. */
  fullPage?: boolean;
}

/**
 * Saves a screenshot. Those meant for docs/ are written there only with UPDATE_DOCS_SCREENSHOTS=1,
 * so an ordinary test run leaves the committed pictures alone (it writes to e2e/screenshots).
 */
export async function screenshot(page: Page, name: string, { dir = SCREENSHOT_DIR, fullPage = true }: ScreenshotOptions = {}): Promise<void> {
  if (dir === DOCS_SCREENSHOT_DIR && process.env.UPDATE_DOCS_SCREENSHOTS !== '1') dir = SCREENSHOT_DIR;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/**
 * The admin console is on screen: its shell has rendered and the once-per-session "Entering Admin Panel" splash,
 * which renders with the shell, is gone. (Waiting for the splash first passes at once while the page still loads,
 * and a screenshot then catches the splash.)
 */
export async function waitForConsole(page: Page): Promise<void> {
  await page.getByTestId('breadcrumb-section').waitFor();
  await page.getByTestId('admin-splash').waitFor({ state: 'hidden' });
}

/**
 * Closes every toast on the page through its close button and waits until none is left, for a picture without them.
 * Waiting for them to fade is not enough: sonner holds a toast's 4 s while the pointer is over the stack (Playwright
 * leaves the mouse where it last clicked, and a toast may slide in under it) or the page is hidden, so one can stay for
 * as long as the test waits. The buttons are clicked from the page, not with the mouse, which would hold them too.
 */
export async function dismissToasts(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  const toasts = page.locator('[data-sonner-toast]');
  await expect
    .poll(
      async () => {
        // A toast raised meanwhile (an answer still on its way) is closed on the next round.
        await page.evaluate(() => {
          document
            .querySelectorAll<HTMLButtonElement>('[data-sonner-toast]:not([data-removed="true"]) [data-close-button]')
            .forEach((button) => button.click());
        });
        return toasts.count();
      },
      { timeout: 15_000, interval: 250 },
    )
    .toBe(0);
}
