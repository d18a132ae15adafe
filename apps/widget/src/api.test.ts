import type { ChatStreamEvent } from '@parley/shared/contracts/chat';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatError, fetchChatbotConfig, sendChatMessage, TEXT } from './api';

const BASE = 'https://parley.example.com';
const BOT = '3f2c1a4e-8b7d-4c6e-9f10-1a2b3c4d5e6f';

/** A streamed response whose body arrives in the given pieces. */
function streamed(pieces: string[], init: ResponseInit = { status: 200 }): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { ...init, headers: { 'content-type': 'text/event-stream', ...(init.headers as Record<string, string>) } });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

async function failure(promise: Promise<unknown>): Promise<ChatError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChatError);
  return error as ChatError;
}

afterEach(() => vi.unstubAllGlobals());

describe('the public chat API from the widget', () => {
  it('posts the question without cookies and hands over events as the stream arrives', async () => {
    const fetchMock = vi.fn(async () =>
      streamed([
        'data: {"type":"meta","conversationId":"c1","messageId":"m1"}\n\ndata: {"type":"del',
        'ta","text":"Five "}\n\ndata: {"type":"delta","text":"days"}\n\n',
        'data: {"type":"done","answered":true,"citations":[{"chunkId":"k","sourceId":"s","sourceName":"faq","excerpt":"…"}],"tokens":3}\n\n',
      ]),
    );
    vi.stubGlobal('fetch', fetchMock);
    const events: ChatStreamEvent[] = [];
    await sendChatMessage(BASE, BOT, { message: 'How long?', visitorId: 'visitor-1234' }, (e) => events.push(e));
    expect(events.map((e) => e.type)).toEqual(['meta', 'delta', 'delta', 'done']);
    expect(fetchMock).toHaveBeenCalledWith(
      `${BASE}/api/public/chatbots/${BOT}/messages`,
      expect.objectContaining({ method: 'POST', credentials: 'omit', body: JSON.stringify({ message: 'How long?', visitorId: 'visitor-1234' }) }),
    );
  });

  it('turns refusals into the sentences a visitor reads', async () => {
    const cases: [Response, string][] = [
      [json(429, { message: 'Too many messages.' }, { 'retry-after': '42' }), 'Too many messages, try again in 42 s.'],
      [json(403, { message: 'This website is not allowed to use this chatbot.' }), TEXT.notAllowed],
      [json(404, { message: 'Chatbot not found.' }), TEXT.notFound],
      [json(400, { message: 'message: Message must be at most 4000 characters' }), 'message: Message must be at most 4000 characters'],
      [json(500, { message: 'An unexpected error occurred.' }), TEXT.failed],
      [new Response('<html>bad gateway</html>', { status: 400 }), TEXT.failed],
    ];
    for (const [response, expected] of cases) {
      vi.stubGlobal('fetch', async () => response);
      const error = await failure(sendChatMessage(BASE, BOT, { message: 'hi', visitorId: 'visitor-1234' }, () => undefined));
      expect(error.message).toBe(expected);
      expect(error.status).toBe(response.status);
    }
  });

  it('says when the network fails, and lets an abort through untouched', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await failure(fetchChatbotConfig(BASE, BOT))).toMatchObject({ message: TEXT.network, status: null });

    vi.stubGlobal('fetch', async () => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(fetchChatbotConfig(BASE, BOT)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reads the chatbot configuration', async () => {
    const config = {
      id: BOT,
      name: 'Acme',
      welcomeMessage: 'Hi',
      suggestedQuestions: [],
      appearance: { color: '#4f46e5', position: 'bottom-left', title: 'Help', avatarUrl: null },
    };
    vi.stubGlobal('fetch', async (url: string) => (url === `${BASE}/api/public/chatbots/${BOT}/config` ? json(200, config) : json(404, {})));
    expect(await fetchChatbotConfig(BASE, BOT)).toEqual(config);
  });
});
