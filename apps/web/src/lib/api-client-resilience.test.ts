import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { RetriesExhaustedError } from './retry';

/**
 * The api client keeps one de-duplication table for the page, so each test asks for paths of its own.
 *
 * The api client's retries and de-duplication, end to end through a stubbed fetch and a controlled clock
 * (the modules themselves are tested in retry.test.ts and request-dedup.test.ts).
 */

type Answer = Response | 'network-error';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const proxyPage = () => new Response('<html><body>Internal Server Error</body></html>', { status: 500, headers: { 'content-type': 'text/html' } });

const realFetch = globalThis.fetch;
let calls: { url: string; init: RequestInit }[];

/** Answers the fetches in turn; after the list, every fetch answers 200 {"ok":true}. */
function answer(...answers: Answer[]) {
  calls = [];
  globalThis.fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = answers.shift() ?? json(200, { ok: true });
    if (next === 'network-error') throw new TypeError('Failed to fetch');
    return next;
  }) as typeof fetch;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('retries of idempotent calls', () => {
  it('retries a GET after a network error and a codeless 500, at 400 then 800 ms', async () => {
    answer('network-error', proxyPage(), json(200, { items: [] }));
    const result = api.get('/api/chatbots');
    await vi.advanceTimersByTimeAsync(399);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(800);
    expect(calls).toHaveLength(3);
    await expect(result).resolves.toEqual({ items: [] });
  });

  it("gives 'Failed after multiple retries' after 4 tries", async () => {
    answer('network-error', 'network-error', 'network-error', 'network-error', json(200, {}));
    const result = api.get('/api/chatbots?page=2');
    const settled = expect(result).rejects.toBeInstanceOf(RetriesExhaustedError);
    await vi.advanceTimersByTimeAsync(2800);
    await settled;
    await expect(result).rejects.toMatchObject({ message: 'Failed after multiple retries', status: 0 });
    expect(calls).toHaveLength(4);
  });

  it('does not retry a 4xx or a 500 that carries our error code', async () => {
    answer(json(404, { statusCode: 404, code: 'NOT_FOUND', message: 'Chatbot not found.' }));
    await expect(api.get('/api/chatbots/x')).rejects.toMatchObject({ status: 404, message: 'Chatbot not found.' });
    answer(json(500, { statusCode: 500, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' }));
    await expect(api.get('/api/chatbots/y')).rejects.toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    expect(calls).toHaveLength(1);
  });

  it('retries PUT and DELETE, never a POST or PATCH unless the caller marks it idempotent', async () => {
    answer('network-error');
    const put = api.put('/api/x', { a: 1 });
    await vi.advanceTimersByTimeAsync(400);
    await expect(put).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.init.method)).toEqual(['PUT', 'PUT']);
    expect(calls[1]?.init.body).toBe('{"a":1}');

    answer('network-error');
    const deleted = api.delete('/api/x');
    await vi.advanceTimersByTimeAsync(400);
    await expect(deleted).resolves.toEqual({ ok: true });
    expect(calls.map((c) => c.init.method)).toEqual(['DELETE', 'DELETE']);

    answer('network-error', json(201, { id: 'new' }));
    await expect(api.post('/api/chatbots', { name: 'Acme' })).rejects.toMatchObject({ status: 0, message: expect.not.stringContaining('retries') });
    expect(calls).toHaveLength(1);

    answer(proxyPage());
    await expect(api.patch('/api/chatbots/x', { name: 'Acme' })).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);

    answer('network-error', json(200, { read: true }));
    const marked = api.post('/api/handoffs/x/read', {}, { retry: true });
    await vi.advanceTimersByTimeAsync(400);
    await expect(marked).resolves.toEqual({ read: true });
    expect(calls).toHaveLength(2);
  });
});

describe('de-duplication of GETs', () => {
  it('sends identical GETs made within 100 ms once, and again after', async () => {
    answer(json(200, { n: 1 }), json(200, { n: 2 }));
    const first = api.get('/api/usage', { query: { days: 30 } });
    await vi.advanceTimersByTimeAsync(99);
    const second = api.get('/api/usage', { query: { days: 30 } });
    await expect(first).resolves.toEqual({ n: 1 });
    await expect(second).resolves.toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(api.get('/api/usage', { query: { days: 30 } })).resolves.toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('keeps GETs with a different query or different headers apart, and never merges other methods', async () => {
    answer();
    await Promise.all([
      api.get('/api/analytics', { query: { days: 30 } }),
      api.get('/api/analytics', { query: { days: 7 } }),
      api.get('/api/analytics', { query: { days: 7 }, headers: { 'x-organization-id': 'b' } }),
      api.put('/api/x', {}),
      api.put('/api/x', {}),
    ]);
    expect(calls).toHaveLength(5);
  });

  it('lets one caller abort without failing the other', async () => {
    answer(json(200, { shared: true }));
    const leaving = new AbortController();
    const left = api.get('/api/handoffs', { signal: leaving.signal });
    const stayed = api.get('/api/handoffs');
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    await expect(stayed).resolves.toEqual({ shared: true });
    expect(calls).toHaveLength(1);
  });
});
