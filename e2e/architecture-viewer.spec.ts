import type { Locator, Page } from 'playwright-core';
import { describe, expect, onTestFinished } from 'vitest';
import { screenshot, waitForConsole } from './support/browser';
import { test } from './support/fixtures';

/** The element's box and the viewport's, in page pixels. */
async function boxes(element: Locator, viewport: Locator) {
  const [inner, outer] = await Promise.all([element.boundingBox(), viewport.boundingBox()]);
  expect(inner).not.toBeNull();
  expect(outer).not.toBeNull();
  return { inner: inner!, outer: outer! };
}

/** Whether the element lies wholly inside the viewport (a pixel of rounding allowed). */
async function inside(element: Locator, viewport: Locator) {
  const { inner, outer } = await boxes(element, viewport);
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

const zoomOf = async (page: Page) => Number(await page.getByTestId('diagram-data-model').getByTestId('diagram-image').getAttribute('data-zoom'));

describe('architecture diagrams: zoom, fit, pan and search', () => {
  test('a developer fits the data model on screen, zooms, pans, and finds knowledge_sources', async ({ server, signUp }) => {
    // The page is for developers (spec part 2: /admin/architecture, developer): a developer admin, not a system admin.
    const developer = await signUp({ firstName: 'Dee', lastName: 'Veloper' });
    const found = await server.rootAdmin.get('/api/admin/profiles/search', { params: { email: developer.email } });
    const profile = ((await found.json()) as { items: { id: string; email: string }[] }).items.find((item) => item.email === developer.email)!;
    const created = await server.rootAdmin.post('/api/admin/admin-users', { data: { userId: profile.id, role: 'developer' } });
    expect(created.status(), await created.text()).toBe(201);
    const adminId = ((await created.json()) as { id: string }).id;
    onTestFinished(() => server.removeAdmin(adminId));

    const { page } = developer;
    await page.goto(`${server.url}/admin/architecture#data-model`);
    await waitForConsole(page);
    const card = page.getByTestId('diagram-data-model');
    await card.scrollIntoViewIfNeeded();
    await card.and(page.locator('[data-state="rendered"]')).waitFor({ timeout: 60_000 });
    const viewport = card.getByTestId('diagram-image');
    const picture = viewport.locator('svg');

    // It starts fitted: the whole picture (tens of thousands of pixels wide at 100 %) is inside the card.
    const fitted = await zoomOf(page);
    expect(fitted).toBeLessThan(0.2);
    expect(await inside(picture, viewport)).toBe(true);
    const zoomLabel = card.getByTestId('diagram-zoom');
    expect(await zoomLabel.textContent()).toBe(`${Math.round(fitted * 100)}%`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'architecture-data-model-fitted', { fullPage: false });

    // Zoom in twice, out once (labelled buttons), then ctrl + wheel, then the keyboard.
    await card.getByRole('button', { name: 'Zoom in' }).click();
    await card.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(fitted * 1.25 * 1.25, 6);
    await card.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(fitted * 1.25, 6);
    const { outer } = await boxes(picture, viewport);
    await page.mouse.move(outer.x + 100, outer.y + 50);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await expect.poll(() => zoomOf(page)).toBeCloseTo(fitted * 1.25 * 1.25, 6);
    await card.getByRole('button', { name: '100%' }).click();
    await expect.poll(() => zoomOf(page)).toBe(1);
    expect(await inside(picture, viewport)).toBe(false);
    await viewport.focus();
    await page.keyboard.press('-');
    await expect.poll(() => zoomOf(page)).toBeCloseTo(0.8, 6);
    await page.keyboard.press('0');
    await expect.poll(() => zoomOf(page)).toBe(1);

    // At 100 % the picture pans by dragging: the scroll position follows the pointer.
    const scrollLeft = () => viewport.evaluate((element) => element.scrollLeft);
    const before = await scrollLeft();
    const area = (await viewport.boundingBox())!;
    await page.mouse.move(area.x + area.width - 50, area.y + 100);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width - 450, area.y + 100, { steps: 8 });
    await page.mouse.up();
    expect((await scrollLeft()) - before).toBeGreaterThan(350);

    // Fit to screen brings the whole picture back.
    await card.getByRole('button', { name: 'Fit to screen' }).click();
    await expect.poll(() => zoomOf(page)).toBeCloseTo(fitted, 6);
    expect(await inside(picture, viewport)).toBe(true);

    // Search: a name nobody has, then knowledge_sources, outlined and brought into view at a readable size.
    const search = card.getByRole('searchbox', { name: 'Find a table' });
    await search.fill('no_such_table');
    await card.getByRole('status').getByText('No table named “no_such_table”.').waitFor();
    expect(await card.getByTestId('diagram-match-current').count()).toBe(0);
    await search.fill('knowledge_sources');
    await card.getByRole('status').getByText('1 table matches “knowledge_sources”: knowledge_sources.').waitFor();
    const outline = card.getByTestId('diagram-match-current');
    expect(await outline.getAttribute('data-table')).toBe('knowledge_sources');
    const node = picture.locator('g.node[data-match="current"]');
    expect(await node.getAttribute('data-table')).toBe('knowledge_sources');
    expect(await node.textContent()).toContain('knowledge_sources');
    // Readable (at least 60 %: the table is taller than the viewport at 100 %, so it is shown whole instead).
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(0.5);
    await expect.poll(() => inside(node, viewport)).toBe(true);
    expect(await inside(outline, viewport)).toBe(true);
    // …and on screen: the viewport is in the browser's window.
    const windowHeight = page.viewportSize()!.height;
    const shownBox = (await node.boundingBox())!;
    expect(shownBox.y).toBeGreaterThanOrEqual(0);
    expect(shownBox.y + shownBox.height).toBeLessThanOrEqual(windowHeight);
    // Only that table is marked.
    expect(await picture.locator('g.node[data-match]').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'architecture-data-model-search', { fullPage: false });

    // A part of a name finds several; Next moves to the following one and brings it into view.
    await search.fill('chat');
    const status = card.getByRole('status');
    await status.getByText(/tables match “chat”: showing .* \(1 of \d+\)\./).waitFor();
    const first = await outline.getAttribute('data-table');
    await card.getByRole('button', { name: 'Next match' }).click();
    await status.getByText(/\(2 of \d+\)\./).waitFor();
    const second = await outline.getAttribute('data-table');
    expect(second).not.toBe(first);
    await expect.poll(() => inside(picture.locator(`g.node[data-table="${second}"]`), viewport)).toBe(true);
  }, 120_000);
});
