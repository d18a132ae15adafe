import { afterEach, describe, expect, it } from 'vitest';
import { isSessionEndpoint, postEventStream } from './api-client';

describe('isSessionEndpoint', () => {
  it('treats auth routes and session calls as answering 401 on purpose', () => {
    for (const path of ['/api/auth/sign-in/email', '/api/me', '/api/me?x=1', '/api/session/timeout', '/api/security-events/client']) {
      expect(isSessionEndpoint(path)).toBe(true);
    }
  });

  it('treats every other API call as needing a session', () => {
    for (const path of ['/api/chatbots', '/api/me/profile', '/api/authors', '/v1/chat/completions']) {
      expect(isSessionEndpoint(path)).toBe(false);
    }
  });
});

describe('postEventStream', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function respondWith(response: Response) {
    const calls: RequestInit[] = [];
    globalThis.fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init ?? {});
      return response;
    }) as typeof fetch;
    return calls;
  }

  function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
    const encoder = new TextEncoder();
    return new ReadableStream({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    });
  }

  it('POSTs JSON and yields each event of the answer as it arrives, split across chunks included', async () => {
    const calls = respondWith(
      new Response(streamOf(['data: {"type":"meta","conversationId":"c"}\n\nda', 'ta: {"type":"delta","text":"Hi"}\n\ndata: {"type":"done"}\n\n']), {
        headers: { 'content-type': 'text/event-stream' },
      }),
    );
    const events: unknown[] = [];
    for await (const event of postEventStream('/api/chatbots/x/test-chat', { message: 'Hello?' })) events.push(event);
    expect(events).toEqual([{ type: 'meta', conversationId: 'c' }, { type: 'delta', text: 'Hi' }, { type: 'done' }]);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toBe('{"message":"Hello?"}');
    expect((calls[0]?.headers as Record<string, string>).Accept).toBe('text/event-stream');
  });

  it('turns an error status before the stream into an ApiError with the server’s message', async () => {
    respondWith(
      new Response(JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found', message: 'Chatbot not found.' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const stream = postEventStream('/api/chatbots/x/test-chat', { message: 'Hello?' });
    await expect(stream.next()).rejects.toMatchObject({ name: 'ApiError', status: 404, code: 'NOT_FOUND', message: 'Chatbot not found.' });
  });
});
