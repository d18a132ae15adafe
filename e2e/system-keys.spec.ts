import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { embeddingsHandler, startFakeOpenAI } from '../apps/server/src/rag/__fixtures__/fake-openai';
import { bootstrapAdmin, signUpAndConfirm } from './support/accounts';
import { screenshot } from './support/browser';
import { createLiveChatbot } from './support/chatbots';
import { test } from './support/fixtures';
import { ownServer } from './support/suite';

/** decisions/0017-catalogue-and-system-configuration.md: the System API Keys tab says when the only OpenAI keys are free keys at their daily limit. */
describe('a free OpenAI key at its daily limit', () => {
  // A stand-in for OpenAI's embeddings endpoint; the server is started with its address. A server of its own: the
  // installation-wide OpenAI key added below makes every new chatbot embed with OpenAI, and the stand-in counts the
  // requests of this test alone.
  const env: Record<string, string> = {};
  let openai: Awaited<ReturnType<typeof startFakeOpenAI>>;
  beforeAll(async () => {
    openai = await startFakeOpenAI();
    openai.handle('/v1/embeddings', embeddingsHandler(1536));
    env.OPENAI_BASE_URL = openai.baseURL;
  });
  afterAll(() => openai.close());
  const own = ownServer(env);
  let page: Page;

  test('is counted as configured, and the API Keys tab warns that embeddings fail until midnight UTC', async ({ newContext }) => {
    const { server } = own;
    ({ page } = await signUpAndConfirm(await newContext({ viewport: { width: 1280, height: 900 } }), server, { firstName: 'Kim', lastName: 'Keys' }));
    await bootstrapAdmin(page, server);
    const headers = { origin: server.url };
    const key = await page.request.post(`${server.url}/api/admin/system-api-keys`, {
      headers,
      data: { serviceName: 'openai', keyName: 'openai_free', apiKey: 'sk-free-e2e-0123456789', tier: 'free', usageLimitPerDay: 1, scope: 'embeddings' },
    });
    expect(key.status()).toBe(201);

    await page.goto(`${server.url}/admin/system-configuration`);
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByText('openai_free').first().waitFor();
    expect(await page.getByText('Every OpenAI key is at its daily limit').count()).toBe(0);

    // A chatbot made now embeds with OpenAI; training its one document takes the key's only use of the day.
    await createLiveChatbot(page.request, server, { name: 'Embedded by OpenAI', text: 'Rockets ship from Rotterdam. Delivery to Europe takes three days.' });
    expect(openai.requests.filter((request) => request.path === '/v1/embeddings').length).toBe(1);

    await page.reload();
    await page.getByRole('tab', { name: 'API Keys' }).click();
    await page.getByText('Every OpenAI key is at its daily limit').waitFor();
    await page.getByText(/Until the counters restart at midnight UTC/).waitFor();
    // The spec's "No OpenAI API key configured" stays away: a key is configured.
    expect(await page.getByText('No OpenAI API key configured').count()).toBe(0);
    await screenshot(page, 'admin-system-api-keys-daily-limit-reached');
  });
});
