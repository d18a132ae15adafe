import { TIER_MESSAGES, type Tier } from '@parley/shared/contracts/tier-limits';
import { describe, expect, onTestFinished } from 'vitest';
import { screenshot } from './support/browser';
import { test } from './support/fixtures';

describe('rate limits are limits of the tier: edited on Tier Limits, shown on the customer’s Subscription page', () => {
  test('a system admin raises the free tier’s API limit; a customer on it sees the new number at once', async ({ server, signUp }) => {
    const pageErrors: string[] = [];
    const { page: admin } = await signUp({ firstName: 'Tia', lastName: 'Tiers', admin: true });
    admin.on('pageerror', (error) => pageErrors.push(error.message));

    // Every free organization shares this tier: it is put back as it was when the test ends.
    const before = ((await (await server.rootAdmin.get('/api/admin/tier-limits')).json()) as { items: Tier[] }).items.find((t) => t.tier === 'free')!;
    onTestFinished(async () => {
      const { displayName, description, monthlyTokenLimit, maxHandoffsPerMonth, maxChatbots, isActive } = before;
      const restored = await server.rootAdmin.put(`/api/admin/tier-limits/${before.id}`, {
        data: {
          displayName,
          description,
          monthlyTokenLimit,
          maxHandoffsPerMonth,
          maxChatbots,
          isActive,
          apiKeyRequestsPerMinute: before.apiKeyRequestsPerMinute,
          chatbotMessagesPerMinute: before.chatbotMessagesPerMinute,
          visitorMessagesPerMinute: before.visitorMessagesPerMinute,
        },
      });
      expect(restored.status(), await restored.text()).toBe(200);
    });

    await admin.goto(`${server.url}/admin/tier-limits`);
    await admin.getByRole('button', { name: `Edit ${before.displayName}` }).click();
    const panel = admin.getByTestId('tier-form-panel');
    await panel.waitFor();
    // The panel shows the tier's rate limits; the admin raises the API requests a key may make a minute.
    expect(await panel.getByLabel('API requests per minute').inputValue()).toBe(String(before.apiKeyRequestsPerMinute));
    expect(await panel.getByLabel('Chat messages per minute').inputValue()).toBe(String(before.chatbotMessagesPerMinute));
    expect(await panel.getByLabel('Widget messages per minute').inputValue()).toBe(String(before.visitorMessagesPerMinute));
    const raised = before.apiKeyRequestsPerMinute + 15;
    await panel.getByLabel('API requests per minute').fill(String(raised));
    await screenshot(admin, 'tier-limits-rate-limits');
    await panel.getByRole('button', { name: 'Save changes' }).click();
    await admin.getByText(TIER_MESSAGES.updated).waitFor();
    const saved = ((await (await server.rootAdmin.get('/api/admin/tier-limits')).json()) as { items: Tier[] }).items.find((t) => t.id === before.id)!;
    expect(saved.apiKeyRequestsPerMinute).toBe(raised);

    // A new customer is on the free tier: their Subscription page shows the tier's rate limits as saved.
    const { page: customer } = await signUp({ firstName: 'Cam', lastName: 'Customer' });
    customer.on('pageerror', (error) => pageErrors.push(error.message));
    await customer.goto(`${server.url}/dashboard/subscription`);
    const limits = customer.getByLabel('Rate limits of your plan');
    await limits.waitFor();
    const valueOf = async (label: string) => (await limits.getByText(label, { exact: true }).locator('xpath=following-sibling::dd').innerText()).trim();
    expect(await valueOf('API requests per minute, per API key')).toBe(raised.toLocaleString('en-US'));
    expect(await valueOf('Chat messages per minute, per chatbot (widget and API)')).toBe(before.chatbotMessagesPerMinute.toLocaleString('en-US'));
    expect(await valueOf('Widget messages per minute, per visitor IP, per chatbot')).toBe(before.visitorMessagesPerMinute.toLocaleString('en-US'));
    await limits.scrollIntoViewIfNeeded();
    await screenshot(customer, 'subscription-rate-limits');

    expect(pageErrors).toEqual([]);
  });
});
