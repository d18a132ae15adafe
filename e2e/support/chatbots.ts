import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

/** A small knowledge base: refunds take five working days, rockets ship from Rotterdam. */
export const ACME_FAQ = `Acme Rockets customer FAQ.

Refunds. Customers can ask for a refund within 30 days of purchase. Refunds are paid within five working days to the original card.

Shipping. We ship rockets from our warehouse in Rotterdam. Delivery to Europe takes three days.`;

const SOURCE_READY_TIMEOUT_MS = 60_000;
const SOURCE_POLL_MS = 250;

export interface LiveChatbot {
  name: string;
  /** The one text source it answers from, named "faq". */
  text: string;
  welcomeMessage?: string;
  suggestedQuestions?: string[];
  appearance?: { color: string; position: 'bottom-right' | 'bottom-left'; title: string; avatarUrl: string | null };
}

/**
 * Creates a chatbot with one text source through the API of the signed-in `api`, waits until the source is processed
 * (failing on a failed source or after a minute) and sets the chatbot live. Returns its id.
 */
export async function createLiveChatbot(api: APIRequestContext, server: RunningServer, { text, ...settings }: LiveChatbot): Promise<string> {
  const headers = { origin: server.url };
  const created = await api.post(`${server.url}/api/chatbots`, { headers, data: settings });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const source = await api.post(`${server.url}/api/chatbots/${id}/sources/text`, { headers, data: { name: 'faq', text } });
  expect(source.ok()).toBe(true);

  const deadline = Date.now() + SOURCE_READY_TIMEOUT_MS;
  for (;;) {
    const { items } = (await (await api.get(`${server.url}/api/chatbots/${id}/sources`)).json()) as { items: { status: string }[] };
    if (items[0]?.status === 'ready') break;
    expect(items[0]?.status).not.toBe('failed');
    if (Date.now() > deadline) throw new Error(`source not ready after ${SOURCE_READY_TIMEOUT_MS / 1000} s: ${JSON.stringify(items)}`);
    await new Promise((resolve) => setTimeout(resolve, SOURCE_POLL_MS));
  }

  const live = await api.patch(`${server.url}/api/chatbots/${id}`, { headers, data: { status: 'live' } });
  expect(live.status()).toBe(200);
  return id;
}
